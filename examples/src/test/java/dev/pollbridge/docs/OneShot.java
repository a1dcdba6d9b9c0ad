package dev.pollbridge.docs;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;

// tag::one-shot[]
final class OneShot<T> implements PollFuture<T> {
    private T value;          // guarded by this
    private Waker waiter;     // guarded by this: the latest poller's waker

    @Override
    public synchronized Poll<T> poll(Context cx) {
        if (value != null) {
            return Poll.ready(value);
        }
        waiter = cx.waker();  // check and register under one lock (rule 6), the latest waker (rule 7)
        return Poll.pending();
    }

    void complete(T result) { // called by the producer, on any thread
        Waker toWake;
        synchronized (this) {
            value = result;
            toWake = waiter;
            waiter = null;
        }
        if (toWake != null) {
            toWake.wake();    // outside the lock; wake() never polls inline
        }
    }
}
// end::one-shot[]
