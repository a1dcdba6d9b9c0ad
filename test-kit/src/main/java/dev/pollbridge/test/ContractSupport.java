package dev.pollbridge.test;

import dev.pollbridge.api.Poll;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The parts {@link PollFutureContract} and {@link PollStreamContract} share: waiting for a wake,
 * racing two actions, closing under watch, and the upstream checks. Failures are
 * {@link AssertionError}s naming the rule of {@code docs/concepts.md} they break.
 */
final class ContractSupport {

    /** System property: rounds per race check (default 100); raise it for a longer hunt. */
    static final String ROUNDS_PROPERTY = "pollbridge.contract.race.rounds";
    /** System property: milliseconds per race check (default 500). */
    static final String MILLIS_PROPERTY = "pollbridge.contract.race.millis";

    private ContractSupport() {}

    static int raceRounds() {
        return Integer.getInteger(ROUNDS_PROPERTY, 100);
    }

    static Duration raceTime() {
        return Duration.ofMillis(Long.getLong(MILLIS_PROPERTY, 500));
    }

    /** The subject's poll must have been pending: it stays pending until a trigger says otherwise. */
    static void assertPendingPoll(Poll<?> poll, String when) {
        if (!poll.isPending()) {
            throw new AssertionError("the subject was not pending " + when + " but " + poll
                    + "; a subject must stay pending until triggered (or declare readyAtOnce)",
                    poll.isFailed() ? poll.error() : null);
        }
    }

    @SuppressWarnings("unchecked")
    static <T> Poll<T> cast(Poll<?> poll) {
        return (Poll<T>) poll;
    }

    /** Runs every action even if some throw; then throws the first failure, the rest suppressed. */
    static void runAll(List<Runnable> actions) {
        RuntimeException failure = null;
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** A plain field: no synchronisation of its own, so only the subject can order its accesses. */
    static final class Plain {
        int value;
    }

    static void assertEqual(Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("expected " + expected + " but was " + actual);
        }
    }

    /**
     * Waits until {@code waker} was woken since the last poll made with it. A subject that answered
     * pending must be woken once it can progress (rules 5 and 6), so running out of time means a
     * lost wake-up: the task would hang forever.
     */
    static void awaitWoken(CountingWaker waker, Duration timeout, String after) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = 1_000;
        while (!waker.isWoken()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("pending, and no wake within " + timeout.toMillis() + " ms " + after
                        + ": a lost wake-up; a task polling it would hang forever (rules 5 and 6)");
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 1_000_000);
        }
    }

    /** Fails unless {@code actual} is {@code expected} or has it in its cause chain. */
    static void assertFailedWith(Throwable expected, Throwable actual) {
        for (Throwable t = actual; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t == expected) {
                return;
            }
        }
        throw new AssertionError("expected the failure " + expected + " (or one caused by it) but got " + actual,
                actual);
    }

    /** Fails unless {@code actual} is of {@code type} or has one in its cause chain. */
    static void assertFailedWith(Class<? extends Throwable> type, Throwable actual) {
        for (Throwable t = actual; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return;
            }
        }
        throw new AssertionError("expected a failure of " + type.getName() + " (or one caused by it) but got "
                + actual, actual);
    }

    /**
     * Calls {@code close()} on another thread and fails if it throws or does not return within
     * {@code limit}: close must never throw and never block (rule 11).
     */
    static void closeWatched(AutoCloseable closeable, Duration limit, String what) {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread closer = new Thread(() -> {
            try {
                closeable.close();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "pollbridge-contract-close");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(limit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for close()", e);
        }
        if (closer.isAlive()) {
            closer.interrupt();
            throw new AssertionError(what + ": close() did not return within " + limit.toMillis()
                    + " ms; close must never block (rule 11)");
        }
        if (thrown.get() != null) {
            throw new AssertionError(what + ": close() threw; close must never throw (rule 11)", thrown.get());
        }
    }

    /**
     * The close at the end of a check that did not close the subject itself, on the test thread
     * (unwatched: a blocking close then shows as a slow test, a throwing one as a failure).
     */
    static void closeAtEnd(AutoCloseable subject) {
        try {
            subject.close();
        } catch (Throwable thrown) {
            throw new AssertionError("the subject's close() threw when the check ended; close must never "
                    + "throw (rule 11)", thrown);
        }
    }

    /**
     * Runs {@code theirs} on a fresh thread and {@code ours} on this one, released together so that
     * they overlap as closely as two threads can. Rethrows what either threw.
     */
    static void race(Runnable theirs, Runnable ours, Duration limit) {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        StartLine line = new StartLine();
        Thread other = new Thread(() -> {
            line.arriveAndWait();
            try {
                theirs.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "pollbridge-contract-racer");
        other.setDaemon(true);
        other.start();
        line.release();
        try {
            ours.run();
        } finally {
            join(other, limit);
        }
        rethrow(thrown.get());
    }

    /**
     * Starts {@code producer} on a fresh thread (after this thread is ready to watch) and returns
     * the thread, for the happens-before check: nothing but the subject may order the producer's
     * writes before the consumer's reads, so the thread is joined only after the reads.
     */
    static Thread startProducer(Runnable producer, AtomicReference<Throwable> thrown) {
        Thread thread = new Thread(() -> {
            try {
                producer.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "pollbridge-contract-producer");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    static void join(Thread thread, Duration limit) {
        try {
            thread.join(limit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " did not finish within " + limit.toMillis() + " ms");
        }
    }

    static void rethrow(Throwable thrown) {
        if (thrown instanceof RuntimeException) {
            throw (RuntimeException) thrown;
        }
        if (thrown instanceof Error) {
            throw (Error) thrown;
        }
        if (thrown != null) {
            throw new AssertionError("a trigger threw", thrown);
        }
    }

    // ---- upstream checks -------------------------------------------------------------------------

    /** Asks every upstream whether it started, so that a snapshot predicate is remembered. */
    static void sample(SubjectParts parts) {
        for (Upstream upstream : parts.upstreams) {
            upstream.started();
        }
    }

    /** Rule 2: building the subject started nothing and closed nothing. */
    static void assertNothingStarted(SubjectParts parts, String when) {
        for (Upstream upstream : parts.upstreams) {
            if (upstream.started()) {
                throw new AssertionError(upstream + " was started " + when + "; a future is lazy (rule 2)");
            }
            if (upstream.closes() != 0) {
                throw new AssertionError(upstream + " was closed or cancelled " + when + " ("
                        + upstream.closes() + " times)");
            }
        }
    }

    /**
     * Rule 11, after the subject was closed before it finished: each upstream it had taken (owned
     * from build, or started) was cancelled exactly once, the others untouched. A subject whose
     * close detaches cancels nothing.
     */
    static void assertCancelledOnce(SubjectParts parts, String when, Duration limit) {
        for (Upstream upstream : parts.upstreams) {
            int expected = parts.closeDetaches ? 0 : upstream.taken() ? 1 : 0;
            awaitCloses(upstream, expected, limit);
            int closes = upstream.closes();
            if (closes != expected) {
                throw new AssertionError(upstream + " was closed or cancelled " + closes + " times " + when
                        + ", expected " + expected + describe(upstream, parts) + " (rule 11)");
            }
            if (expected == 1 && upstream.cancellations() != 1) {
                throw new AssertionError(upstream + " was closed " + when + ", but not as a cancellation "
                        + "(closed after it finished?) (rule 11)");
            }
        }
    }

    /** What each upstream's close and cancel counts are before the subject's own close. */
    static List<Integer> cancellationsOf(SubjectParts parts) {
        List<Integer> counts = new ArrayList<>();
        for (Upstream upstream : parts.upstreams) {
            counts.add(upstream.cancellations());
        }
        return counts;
    }

    /**
     * Rule 11, after the subject finished and was closed (twice): the close cancelled nothing new,
     * nothing was cancelled twice, and every child it had taken was closed exactly once.
     */
    static void assertHarmlessCloseAfterEnd(SubjectParts parts, List<Integer> before, String when, Duration limit) {
        for (int i = 0; i < parts.upstreams.size(); i++) {
            Upstream upstream = parts.upstreams.get(i);
            if (upstream.isChild()) {
                awaitCloses(upstream, upstream.taken() ? 1 : 0, limit);
            }
            int cancellations = upstream.cancellations();
            if (cancellations > 1) {
                throw new AssertionError(upstream + " was cancelled " + cancellations + " times " + when
                        + "; at most once (rule 11)");
            }
            if (!upstream.isChild() && cancellations != before.get(i)) {
                throw new AssertionError("closing the subject " + when + " cancelled " + upstream
                        + "; close after completion must be harmless (rule 11)");
            }
            if (upstream.isChild()) {
                int expected = upstream.taken() ? 1 : 0;
                if (upstream.closes() != expected) {
                    throw new AssertionError(upstream + " was closed " + upstream.closes() + " times " + when
                            + ", expected " + expected + describe(upstream, parts)
                            + "; a child is closed exactly once however its owner ends (rule 11)");
                }
            }
        }
    }

    /** For an upstream reached asynchronously: waits until its closes reach {@code expected}. */
    private static void awaitCloses(Upstream upstream, int expected, Duration limit) {
        if (!upstream.isReachedAsynchronously()) {
            return;
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (upstream.closes() < expected && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(1_000_000);
        }
    }

    private static String describe(Upstream upstream, SubjectParts parts) {
        if (parts.closeDetaches) {
            return " (the subject's close detaches)";
        }
        if (upstream.isOwnedFromBuild()) {
            return " (owned from build)";
        }
        return upstream.started() ? " (started)" : " (never started)";
    }

    /** Two threads at a start line: the second to arrive releases both. */
    private static final class StartLine {
        private volatile boolean arrived;
        private volatile boolean released;

        void arriveAndWait() {
            arrived = true;
            while (!released) {
                Thread.onSpinWait();
            }
        }

        void release() {
            while (!arrived) {
                Thread.onSpinWait();
            }
            released = true;
        }
    }
}
