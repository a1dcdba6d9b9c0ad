package dev.pollbridge.test;

import dev.pollbridge.api.SingleUse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * What {@link PollFutureContract} and {@link PollStreamContract} share for rule 11's two halves
 * beyond cancelling: one owner per future or stream ({@link SingleUse}), and the values a producer
 * holds and nobody reads, which it drops ({@link dev.pollbridge.api.Dropped}).
 */
final class OwnershipChecks {

    private OwnershipChecks() {}

    /** A value the contract hands to a producer: it counts its closes. */
    static final class CountedValue implements AutoCloseable {
        private final String name;
        private final AtomicInteger closes = new AtomicInteger();

        CountedValue(String name) {
            this.name = name;
        }

        int closes() {
            return closes.get();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Rule 11: the subject is handed to the contract, then to a second owner, which must be
     * refused with an {@link IllegalStateException} that names the rule.
     */
    static void assertSecondOwnerRefused(AutoCloseable subject) {
        try {
            SingleUse.claim(subject, "the contract");
        } catch (IllegalStateException alreadyOwned) {
            throw new AssertionError("the subject already had an owner when it was built: " + alreadyOwned.getMessage(),
                    alreadyOwned);
        }
        IllegalStateException refused;
        try {
            SingleUse.claim(subject, "a second owner");
            throw new AssertionError("a second owner was given the subject; a future or stream has one owner (rule 11)");
        } catch (IllegalStateException expected) {
            refused = expected;
        }
        String message = String.valueOf(refused.getMessage());
        if (!message.contains("rule 11")) {
            throw new AssertionError("the refusal of a second owner must name rule 11 and the fix: " + message, refused);
        }
    }

    /**
     * Waits until {@code value} was closed once (it may be closed on another thread, by the task
     * or runtime the producer handed it to), then checks it was not closed twice.
     */
    static void awaitClosedOnce(CountedValue value, Duration limit, String when) {
        long deadline = System.nanoTime() + limit.toNanos();
        long pause = 1_000;
        while (value.closes() == 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(value + " was never closed " + when + ": a value nobody reads is "
                        + "dropped, and one that owns a resource (an AutoCloseable) is closed (rule 11)");
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 1_000_000);
        }
        assertClosedAtMostOnce(value, when);
    }

    static void assertClosedAtMostOnce(CountedValue value, String when) {
        if (value.closes() > 1) {
            throw new AssertionError(value + " was closed " + value.closes() + " times " + when
                    + ": a value is dropped exactly once");
        }
    }

    static void assertNotClosed(CountedValue value, String when) {
        if (value.closes() != 0) {
            throw new AssertionError(value + " was closed " + when + ", but its reader had taken it: a value that was "
                    + "read is the reader's, never closed by its producer");
        }
    }
}
