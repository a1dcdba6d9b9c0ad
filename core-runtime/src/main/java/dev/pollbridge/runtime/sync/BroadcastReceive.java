package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;

/**
 * {@link BroadcastReceiver#receive()}: one value, a {@link LaggedException}, or the channel's
 * end as a {@link ChannelClosedException}. Its node fields are guarded by the channel's lock; the
 * rest is the owner's.
 *
 * @param <T> the value type
 */
final class BroadcastReceive<T> extends WaitNode implements PollFuture<T> {

    private final BroadcastReceiver<T> receiver;
    /** Ready or failed returned, or closed. Owner only. */
    private boolean finished;

    BroadcastReceive(BroadcastReceiver<T> receiver) {
        this.receiver = receiver;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("BroadcastReceiver.receive()", "it completed or was closed");
        }
        Poll<T> outcome = receiver.pollReceive(cx, this, false);
        if (outcome.isPending()) {
            return outcome;
        }
        close();
        return outcome.isDone() ? Poll.failed(BroadcastReceiver.closedChannel()) : outcome;
    }

    @Override
    public void close() {
        if (!finished) {
            finished = true;
            receiver.leave(this);
        }
    }

    @Override
    public String toString() {
        return "BroadcastReceiver.receive()";
    }
}
