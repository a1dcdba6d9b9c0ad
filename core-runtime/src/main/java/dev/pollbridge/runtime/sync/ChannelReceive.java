package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import java.util.ArrayList;
import java.util.List;

/**
 * The receiving futures and the stream of a {@link Channel}. Each owns one wait-queue node; the
 * channel's engine ({@code Channel.pollReceive}) takes items only in the poll that returns them,
 * which is what makes all three cancel-safe. Polled and closed by their owner, one call at a time.
 */
final class ChannelReceive {

    private ChannelReceive() {}

    /** {@link Channel#receive()}. */
    static final class One<T> extends SingleUse implements PollFuture<T> {
        private final Channel<T> channel;
        private final Channel.ReceiveWaiter waiter = new Channel.ReceiveWaiter();
        /** Owner only: a one-slot list the engine fills, reused across polls. */
        private final List<T> item = new ArrayList<>(1);
        /** Owner only. */
        private boolean finished;

        One(Channel<T> channel) {
            this.channel = channel;
        }

        @Override
        public Poll<T> poll(Context cx) {
            if (finished) {
                throw SingleUse.polledAfter("receive", "it completed or was closed");
            }
            if (!item.isEmpty()) { // taken by a poll whose waker call threw: deliver it now
                finished = true;
                return Poll.ready(item.remove(0));
            }
            Poll<Void> result = channel.pollReceive(waiter, cx, 1, item);
            if (result.isPending()) {
                return Poll.pending();
            }
            finished = true;
            if (result.isDone()) {
                return Poll.failed(new ChannelClosedException("channel closed and drained"));
            }
            return Poll.ready(item.remove(0));
        }

        @Override
        public void close() {
            if (!finished) {
                finished = true;
                channel.dropReceiver(waiter);
            }
        }
    }

    /** {@link Channel#receiveMany(int)}. */
    static final class Many<T> extends SingleUse implements PollFuture<List<T>> {
        private final Channel<T> channel;
        private final int max;
        private final Channel.ReceiveWaiter waiter = new Channel.ReceiveWaiter();
        /** Owner only. */
        private boolean finished;

        Many(Channel<T> channel, int max) {
            this.channel = channel;
            this.max = max;
        }

        @Override
        public Poll<List<T>> poll(Context cx) {
            if (finished) {
                throw SingleUse.polledAfter("receiveMany", "it completed or was closed");
            }
            List<T> items = new ArrayList<>(Math.min(max, 16));
            Poll<Void> result = channel.pollReceive(waiter, cx, max, items);
            if (result.isPending()) {
                return Poll.pending();
            }
            finished = true;
            return Poll.ready(items); // empty: closed and drained
        }

        @Override
        public void close() {
            if (!finished) {
                finished = true;
                channel.dropReceiver(waiter);
            }
        }
    }

    /** {@link Channel#stream()}. */
    static final class Stream<T> extends SingleUse implements PollStream<T> {
        private final Channel<T> channel;
        private final Channel.ReceiveWaiter waiter = new Channel.ReceiveWaiter();
        /** Owner only: a one-slot list the engine fills, reused across polls. */
        private final List<T> item = new ArrayList<>(1);
        /** Owner only. */
        private boolean ended;
        private boolean dropped;

        Stream(Channel<T> channel) {
            this.channel = channel;
        }

        @Override
        public Poll<T> pollNext(Context cx) {
            if (dropped) {
                throw SingleUse.polledAfter("a channel stream", "close()");
            }
            if (ended) {
                throw SingleUse.polledAfter("a channel stream", "it ended");
            }
            if (!item.isEmpty()) { // taken by a poll whose waker call threw: deliver it now
                return Poll.ready(item.remove(0));
            }
            Poll<Void> result = channel.pollReceive(waiter, cx, 1, item);
            if (result.isPending()) {
                return Poll.pending();
            }
            if (result.isDone()) {
                ended = true;
                return Poll.done();
            }
            return Poll.ready(item.remove(0));
        }

        @Override
        public void close() {
            if (!dropped) {
                dropped = true;
                channel.dropReceiver(waiter);
            }
        }
    }
}
