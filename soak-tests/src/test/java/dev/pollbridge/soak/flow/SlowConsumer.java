package dev.pollbridge.soak.flow;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Reads a stream to its end on the calling thread, as a task would: polls, parks while pending
 * until its waker unparks it, and counts what it took in {@link #consumed} right after each item.
 * It is slow on purpose: every {@value #PAUSE_EVERY} items it pauses, so a fast producer runs
 * ahead as far as the bridge lets it. The checks are on counts, never on how long this took.
 */
final class SlowConsumer {

    static final int PAUSE_EVERY = 1 << 16;

    final AtomicLong consumed = new AtomicLong();

    /** Reads {@code stream} to its end and closes it; returns the terminal poll. */
    Poll<?> drain(PollStream<?> stream) {
        Thread self = Thread.currentThread();
        Waker unpark = () -> LockSupport.unpark(self);
        Context cx = Context.of(unpark);
        try (stream) {
            while (true) {
                Poll<?> poll = stream.pollNext(cx);
                if (poll.isReady()) {
                    long taken = consumed.incrementAndGet();
                    if (taken % PAUSE_EVERY == 0) {
                        LockSupport.parkNanos(200_000);
                    }
                } else if (poll.isPending()) {
                    LockSupport.parkNanos(1_000_000); // woken by the waker, or re-polled after 1 ms
                } else {
                    return poll;
                }
            }
        }
    }
}
