package dev.pollbridge.test;

import static dev.pollbridge.test.ContractSupport.assertCancelledOnce;
import static dev.pollbridge.test.ContractSupport.assertFailedWith;
import static dev.pollbridge.test.ContractSupport.assertNothingStarted;
import static dev.pollbridge.test.ContractSupport.assertPendingPoll;
import static dev.pollbridge.test.ContractSupport.awaitWoken;
import static dev.pollbridge.test.ContractSupport.cast;
import static dev.pollbridge.test.ContractSupport.cancellationsOf;
import static dev.pollbridge.test.ContractSupport.closeWatched;
import static dev.pollbridge.test.ContractSupport.sample;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.Waker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link PollFutureContract} and {@link PollStreamContract} check alike: laziness, the end
 * and the close (rules 2, 9 and 11), one owner, and the timing knobs. Extend one of those two;
 * this base only states the checks once.
 *
 * <p>The contract owns every subject it builds and closes it exactly once (twice where it checks
 * idempotence), then the subject's resources, even when a check failed.
 *
 * @param <T> the value or item type of the subject under test
 */
@SuppressWarnings("exports") // JUnit's annotations: whoever extends this reads JUnit already
public abstract sealed class PollContract<T> permits PollFutureContract, PollStreamContract {

    private final List<SubjectRun> runs = new ArrayList<>();

    /** What the subject is, for messages: "future" or "stream". */
    private final String kind;

    PollContract(String kind) {
        this.kind = kind;
    }

    /**
     * How long to wait for a wake, a close or a racing thread before calling it lost or blocked.
     * Generous: a correct subject never comes near it. Override to fail faster.
     *
     * @return the wait limit, 10 s
     */
    protected Duration waitLimit() {
        return Duration.ofSeconds(10);
    }

    /**
     * How many rounds each race check runs (fewer if {@link #raceTimeLimit()} runs out first):
     * the system property {@code pollbridge.contract.race.rounds}, or 100.
     *
     * @return the rounds per race check
     */
    protected int raceIterations() {
        return ContractSupport.raceRounds();
    }

    /**
     * How long each race check may run; it stops after the round that overruns it: the system
     * property {@code pollbridge.contract.race.millis} in milliseconds, or 500 ms.
     *
     * @return the time per race check
     */
    protected Duration raceTimeLimit() {
        return ContractSupport.raceTime();
    }

    /** A run of a fresh subject of the subclass, tracked for {@link #closeSubjects()}. */
    abstract SubjectRun start();

    /** A run of a fresh subject after its first poll, which answered pending; skipped for a subject ready at once. */
    private SubjectRun startPending() {
        return pending(start());
    }

    /** {@code run} after its first poll, which answered pending; skipped for a subject ready at once. */
    final <R extends SubjectRun> R pending(R run) {
        assumeFalse(run.endsAtOnce(), "the subject is ready at its first poll");
        assertPendingPoll(run.poll(run.waker), "at its first poll");
        return run;
    }

    /** Whether a round of a race check may start: within the rounds and the time of the check. */
    final boolean raceGoesOn(int round, long deadline) {
        return round < raceIterations() && System.nanoTime() - deadline < 0;
    }

    /**
     * Rule 6, for the subclass's check of it: the first signal ({@link SubjectRun#signalFirst()})
     * lands while the subject is being polled and still wakes the task. Raced on two threads, many
     * times: even rounds race the first poll, odd rounds a second poll that brings a new waker (the
     * older one may well be woken, but the task now waits on the new one).
     */
    final void checkTheFirstSignalRacingAPollStillWakesTheTask() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; raceGoesOn(round, deadline); round++) {
            SubjectRun run = start();
            assumeFalse(run.endsAtOnce(), "the subject is ready at its first poll");
            assumeTrue(run.canSignalFirst(), "the subject cannot be driven");
            boolean repoll = round % 2 == 1;
            run.beforeTheFirstSignal();
            if (repoll) {
                assertPendingPoll(run.poll(run.waker), "at its first poll");
            }
            CountingWaker racing = new CountingWaker();
            Poll<?>[] raced = new Poll<?>[1];
            ContractSupport.race(run::signalFirst, () -> raced[0] = run.poll(racing), waitLimit());
            String after = "after the " + run.firstSignal() + " raced the " + (repoll ? "second" : "first")
                    + " poll (round " + round + ")";
            run.assertFirstSignal(raced[0].isPending() ? run.awaitSignal(racing, after) : cast(raced[0]));
            run.dispose();
        }
    }

    // ---- the checks ----------------------------------------------------------------------------

    /** Rule 2: building the subject starts nothing; its work begins at the first poll. */
    @Test
    public void nothingStartsBeforeTheFirstPoll() {
        SubjectRun run = start();
        assumeFalse(run.parts.startsEagerly, "the subject starts eagerly");
        assertNothingStarted(run.parts, "before the first poll");
    }

    /** Rule 7: each poll may carry a new waker, and the latest one is the one woken. */
    @Test
    public void theLatestWakerIsTheOneWoken() {
        SubjectRun run = startPending();
        assumeTrue(run.canSignalFirst(), "the subject cannot be driven");
        CountingWaker latest = new CountingWaker();
        assertPendingPoll(run.poll(latest), "at its second poll, with a new waker");
        run.signalFirst();
        run.assertFirstSignal(run.awaitSignal(latest, "of the latest waker after the " + run.firstSignal() + " (rule 7: a "
                + kind + " that keeps an older waker wakes a task that moved on)"));
    }

    /** Rule 9: after {@code failed}, polling again throws (or, fused, answers pending). */
    @Test
    public void failedIsFinal() {
        SubjectRun run = start();
        assumeTrue(run.canFail(), "the subject cannot be failed");
        run.failFromPending();
        run.assertPollAfterEndRejected("failed");
    }

    /** Rule 11: closing before the first poll (twice) starts nothing and cancels what it owns. */
    @Test
    public void closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns() {
        SubjectRun run = start();
        run.close();
        run.close();
        if (!run.parts.startsEagerly) {
            for (Upstream upstream : run.parts.upstreams) {
                if (upstream.started()) {
                    throw new AssertionError(upstream + " was started by close(); a " + kind + " is lazy (rule 2)");
                }
            }
        }
        assertCancelledOnce(run.parts, "after close() before the first poll", waitLimit());
    }

    /** Rule 11: closing after {@code failed} (twice) is harmless and releases each child once. */
    @Test
    public void closeAfterFailedIsHarmless() {
        SubjectRun run = start();
        assumeTrue(run.canFail(), "the subject cannot be failed");
        run.failFromPending();
        run.assertHarmlessCloseAfterEnd("after failed");
    }

    /**
     * Rule 10: what the producer wrote before completing the future (or emitting an item) is
     * visible to the thread that sees the value (or polls the item), with no lock of the test's
     * own. The consumer polls without waiting on the waker (a waker's own synchronisation would
     * hide a missing edge), so only the subject orders the producer's plain write before the
     * consumer's plain read. A probabilistic check, as every test of a memory-model rule outside
     * jcstress is: it catches what the JIT and the hardware show within the rounds it runs.
     */
    @Test
    public void whatTheProducerWroteIsVisibleToTheConsumer() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; raceGoesOn(round, deadline); round++) {
            SubjectRun run = startPending();
            assumeTrue(run.canSignal(), "the subject cannot be made to yield a " + run.signal());
            ContractSupport.Plain written = new ContractSupport.Plain();
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread producer = ContractSupport.startProducer(() -> {
                written.value = 42;
                run.produceSignal();
            }, thrown);
            Poll<T> signal = run.spinUntilSignal();
            int seen = written.value;
            ContractSupport.join(producer, waitLimit());
            ContractSupport.rethrow(thrown.get());
            run.assertSignal(signal);
            if (seen != 42) {
                throw new AssertionError("the consumer saw the " + run.signal() + " but not the producer's earlier "
                        + "write (read " + seen + "; rule 10, round " + round + ")");
            }
            run.dispose();
        }
    }

    /**
     * Rule 11: a future or stream has one owner. Handed to the contract and then to a second
     * owner, it refuses the second with an {@link IllegalStateException} that names the rule and
     * the fix (for a subject that extends {@link dev.pollbridge.api.SingleUse}; any other cannot
     * tell).
     */
    @Test
    public void aSecondOwnerIsRefused() {
        SubjectRun run = start();
        assumeTrue(run.owned instanceof dev.pollbridge.api.SingleUse,
                "the subject does not extend SingleUse, so it cannot tell a second owner");
        OwnershipChecks.assertSecondOwnerRefused(run.owned);
    }

    /** Closes whatever the check left open, even when it failed: the contract owns its subjects. */
    @AfterEach
    public void closeSubjects() {
        List<Runnable> disposals = new ArrayList<>();
        List.copyOf(runs).forEach(run -> disposals.add(run::dispose));
        runs.clear();
        ContractSupport.runAll(disposals);
    }

    // ---- driving a subject ---------------------------------------------------------------------

    /**
     * One subject as a task sees it: polls with a counting waker, closes under watch. A subclass's
     * run says how to poll its subject and drive it to an end; the waits, the failure, the close
     * and the checks of the end are the same for both.
     */
    abstract class SubjectRun {
        final AutoCloseable owned;
        final SubjectParts parts;
        final CountingWaker waker = new CountingWaker();
        private final Consumer<? super RuntimeException> injectedFailure;
        private final Runnable ownFailure;
        private final Class<? extends Throwable> ownFailureType;
        private boolean closed;

        SubjectRun(AutoCloseable owned, SubjectParts parts, Consumer<? super RuntimeException> injectedFailure,
                Runnable ownFailure, Class<? extends Throwable> ownFailureType) {
            this.owned = owned;
            this.parts = parts;
            this.injectedFailure = injectedFailure;
            this.ownFailure = ownFailure;
            this.ownFailureType = ownFailureType;
            runs.add(this);
        }

        /** One poll of the subject itself, unchecked. */
        abstract Poll<T> pollRaw(Context context);

        /** One poll as a task makes it: marks {@code with} polled, samples, checks the answer's form. */
        abstract Poll<T> poll(CountingWaker with);

        /** Drives the subject to {@code failed} (or its end at once) and checks it. */
        abstract void failFromPending();

        /** What {@link #signalFirst()} makes, for messages: "completion", or "item" (or "end"). */
        abstract String firstSignal();

        abstract boolean canSignalFirst();

        /** Whether the subject is ready (or yields all it has) at its first poll. */
        abstract boolean endsAtOnce();

        /** Takes what the subject yields at once before its first signal, if anything. */
        void beforeTheFirstSignal() {}

        /** Makes the first signal possible: the completion, item 0, or a stream's end if it cannot emit. */
        abstract void signalFirst();

        /** Checks the signal {@link #signalFirst()} made. */
        abstract void assertFirstSignal(Poll<T> poll);

        /** What the producer makes visible for rule 10, for messages: "value" or "item". */
        abstract String signal();

        abstract boolean canSignal();

        /** Completes the future, or emits item 0, from the producer's thread. */
        abstract void produceSignal();

        /** Checks the value (or item 0) that {@link #produceSignal()} made. */
        abstract void assertSignal(Poll<T> poll);

        boolean canFail() {
            return injectedFailure != null || ownFailure != null;
        }

        /**
         * After a pending poll with {@code with}: waits for its wake, polls, and again while pending
         * (a wake is a hint, rule 8), until a value, an item or the end. A missing wake fails
         * (rules 5, 6).
         */
        Poll<T> awaitSignal(CountingWaker with, String after) {
            for (int polls = 0; polls < 100_000; polls++) {
                awaitWoken(with, waitLimit(), after);
                Poll<T> poll = poll(with);
                if (!poll.isPending()) {
                    return poll;
                }
            }
            throw new AssertionError("still pending after 100000 polls, each of them woken " + after);
        }

        /**
         * Polls with a waker that does nothing, without waiting, until not pending: only the
         * subject orders what the producer wrote before its signal before what the poller reads.
         */
        Poll<T> spinUntilSignal() {
            Context noWaiting = Context.of(Waker.noop());
            long deadline = System.nanoTime() + waitLimit().toNanos();
            while (true) {
                Poll<T> poll = pollRaw(noWaiting);
                if (!poll.isPending()) {
                    return poll;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("still pending " + waitLimit().toMillis() + " ms after the producer's "
                            + signal() + ", polled in a loop (rule 10: it never became visible to the polling thread?)");
                }
                Thread.onSpinWait();
            }
        }

        /** Fails the subject: with an error of the contract's making if it can inject one (returned), else its own. */
        RuntimeException fail() {
            if (injectedFailure != null) {
                RuntimeException error = new RuntimeException("failure injected by the contract");
                injectedFailure.accept(error);
                return error;
            }
            ownFailure.run();
            return null;
        }

        /** After a pending poll: fails the subject, waits for the wake, and checks it failed with that failure. */
        void failAndAwaitIt() {
            RuntimeException error = fail();
            assertFailed(awaitSignal(waker, "after the failure"), error);
        }

        void assertFailed(Poll<T> poll, RuntimeException injected) {
            if (!poll.isFailed()) {
                throw new AssertionError("expected failed but was " + poll);
            }
            if (injected != null) {
                assertFailedWith(injected, poll.error());
            } else {
                assertFailedWith(ownFailureType, poll.error());
            }
        }

        /** Rule 9: a poll after the end throws, or, for a fused future, answers pending. */
        void assertPollAfterEndRejected(String end) {
            Poll<T> again;
            try {
                again = pollRaw(Context.of(waker));
            } catch (IllegalStateException expected) {
                return;
            }
            if (parts.fused && again.isPending()) {
                return;
            }
            throw new AssertionError("a poll after " + end + " returned " + again
                    + "; the end is final: it must throw IllegalStateException (rule 9)"
                    + (parts.fused ? ", or answer pending for a fused future" : ""));
        }

        /** Rule 11: after the end, closing twice is harmless and releases each child once. */
        void assertHarmlessCloseAfterEnd(String after) {
            List<Integer> before = cancellationsOf(parts);
            close();
            close();
            ContractSupport.assertHarmlessCloseAfterEnd(parts, before, after, waitLimit());
        }

        void close() {
            closeWatched(owned, waitLimit(), "the subject");
            closed = true;
            sample(parts);
        }

        /** Closes the subject if the check did not, then its resources. */
        void dispose() {
            runs.remove(this);
            try {
                if (!closed) {
                    closed = true;
                    ContractSupport.closeAtEnd(owned);
                }
            } finally {
                parts.dispose();
            }
        }
    }
}
