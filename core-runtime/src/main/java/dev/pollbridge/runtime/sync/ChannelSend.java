package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;

/**
 * A waiting sender of a {@link Channel}: a {@code send} (with its item) or a {@code reserve}
 * (without one; it completes with a {@link SendPermit}). Both wait in the same FIFO queue and are
 * admitted the same way; the channel's engine ({@code Channel.pollSend}) does the work.
 *
 * <p>The node fields and {@link #state} are guarded by the channel's lock.
 *
 * @param <T> the channel's item type
 * @param <R> what the future completes with
 */
abstract class ChannelSend<T, R> extends WaitNode implements PollFuture<R> {

    static final int INITIAL = 0;   // not polled yet
    static final int WAITING = 1;   // queued for a slot
    static final int ADMITTED = 2;  // a slot is held for it
    static final int FINISHED = 3;  // completed, failed or closed

    final Channel<T> channel;
    int state = INITIAL;            // guarded by the channel's lock
    /**
     * Owner thread only: this future's poll returned ready or failed. Nothing else changes a
     * FINISHED future, so its close() may skip the lock (it is on every send's path).
     */
    private boolean finishedByPoll;

    ChannelSend(Channel<T> channel) {
        this.channel = channel;
    }

    /** The item to send, or null for a reserve. */
    abstract T item();

    /** "send" or "reserve", for messages. */
    abstract String name();

    /** Marks this future finished by its own poll; called with the channel's lock held. */
    final void finishByPoll() {
        state = FINISHED;
        finishedByPoll = true;
    }

    @Override
    public final void close() {
        if (!finishedByPoll) {
            channel.dropSend(this);
        }
    }

    /** {@link Channel#send}. */
    static final class Send<T> extends ChannelSend<T, Void> {
        private final T item;

        Send(Channel<T> channel, T item) {
            super(channel);
            this.item = item;
        }

        @Override
        T item() {
            return item;
        }

        @Override
        String name() {
            return "send";
        }

        @Override
        public Poll<Void> poll(Context cx) {
            return channel.pollSend(this, cx);
        }
    }

    /** {@link Channel#reserve()}. */
    static final class Reserve<T> extends ChannelSend<T, SendPermit<T>> {

        Reserve(Channel<T> channel) {
            super(channel);
        }

        @Override
        T item() {
            return null;
        }

        @Override
        String name() {
            return "reserve";
        }

        @Override
        public Poll<SendPermit<T>> poll(Context cx) {
            Poll<Void> slot = channel.pollSend(this, cx);
            return slot.isReady() ? Poll.ready(new SendPermit<>(channel)) : slot.cast();
        }
    }
}
