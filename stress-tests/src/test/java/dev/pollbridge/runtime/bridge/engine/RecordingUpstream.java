package dev.pollbridge.runtime.bridge.engine;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.infra.results.IIII_Result;

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

    /** Records (demand forwarded, cancels, a request after the cancel, overlapping calls). */
    void writeTo(IIII_Result r) {
        r.r1 = (int) requested;
        r.r2 = cancels;
        r.r3 = requestAfterCancel ? 1 : 0;
        r.r4 = overlapped ? 1 : 0;
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
