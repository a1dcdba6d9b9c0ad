package dev.pollbridge.runtime.internal.bridge;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * An {@link Upstream} that records what reaches it: the demand requested, the number of request
 * and cancel calls, a request after the cancel, and calls that overlap (Reactive Streams rule 2.7:
 * calls on a subscription must be serial). Any thread may call it.
 */
final class RecordingUpstream implements Upstream {

    private final AtomicInteger inCall = new AtomicInteger();
    volatile long requested;
    volatile int requestCalls;
    volatile int cancels;
    volatile boolean requestAfterCancel;
    volatile boolean overlapped;

    @Override
    public void request(long n) {
        enter();
        if (cancels > 0) {
            requestAfterCancel = true;
        }
        requested += n;
        requestCalls++;
        exit();
    }

    @Override
    public void cancel() {
        enter();
        cancels++;
        exit();
    }

    private void enter() {
        if (inCall.incrementAndGet() != 1) {
            overlapped = true;
        }
    }

    private void exit() {
        inCall.decrementAndGet();
    }
}
