package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;

/**
 * {@link BroadcastReceiver#stream()}: the values, skipping over a lag, until the channel's end.
 * Its node fields are guarded by the channel's lock; the rest is the owner's.
 *
 * @param <T> the value type
 */
final class BroadcastStream<T> extends WaitNode implements PollStream<T> {

    private final BroadcastReceiver<T> receiver;
    /** Done or failed returned, or closed. Owner only. */
    private boolean finished;

    BroadcastStream(BroadcastReceiver<T> receiver) {
        this.receiver = receiver;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("BroadcastReceiver.stream()", "it ended or was closed");
        }
        Poll<T> outcome = receiver.pollReceive(cx, this, true);
        if (!outcome.isPending() && !outcome.isReady()) {
            close();
        }
        return outcome;
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
        return "BroadcastReceiver.stream()";
    }
}
