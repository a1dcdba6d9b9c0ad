package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;

/**
 * A waiting operation: a node of an intrusive {@link WaitQueue}, carrying the latest waker of its
 * poller. All fields are guarded by the lock of the primitive that owns the queue.
 */
class WaitNode extends SingleUse {

    WaitNode prev;
    WaitNode next;
    /** True while linked into a queue. */
    boolean queued;
    /** The latest poller's waker (rule 7); null once taken to be woken. */
    Waker waker;

    /** Takes the stored waker (to be called after the lock is released), leaving null. */
    final Waker takeWaker() {
        Waker taken = waker;
        waker = null;
        return taken;
    }
}
