package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;

/**
 * {@link PollRuntime#yieldNow()}: pending once (after waking its own waker), then ready. On a runtime
 * worker the wake lands during the task's own poll, so the task goes to the back of its worker's
 * queue (rule T4 of the task protocol), never to the LIFO slot: everything queued before it runs
 * first.
 */
final class YieldNow extends SingleUse implements PollFuture<Void> {

    private boolean yielded; // owner only
    private boolean done;    // owner only

    @Override
    public Poll<Void> poll(Context cx) {
        if (done) {
            throw SingleUse.polledAfter("yieldNow()", "it completed");
        }
        if (!yielded) {
            yielded = true;
            cx.waker().wake();
            return Poll.pending();
        }
        done = true;
        return Poll.ready(null);
    }
}
