package dev.pollbridge.test;

import static dev.pollbridge.test.ContractSupport.assertCancelledOnce;
import static dev.pollbridge.test.ContractSupport.assertFailedWith;
import static dev.pollbridge.test.ContractSupport.assertHarmlessCloseAfterEnd;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of the pull model ({@code docs/concepts.md}) that every {@link dev.pollbridge.api.PollFuture}
 * must keep, as a JUnit 5 test base. A subclass says only how to build the future under test and
 * drive it, in {@link #subject()}; the checks are the same for every future:
 *
 * <ul>
 *   <li>laziness: building it starts nothing (rule 2);
 *   <li>a pending poll leaves the waker with whatever will complete it (rule 5), and a failure
 *       arrives as {@code failed} (rule 1);
 *   <li>a completion that lands between the future's check and its waker registration still
 *       wakes (rule 6), raced on two threads;
 *   <li>the latest waker wins (rule 7);
 *   <li>ready and failed are final: a poll after them throws {@link IllegalStateException}, or
 *       answers {@code pending} for a fused future (rule 9);
 *   <li>{@code close()} is idempotent, never throws and never blocks, cancels each started upstream
 *       exactly once, and is harmless after completion (rule 11);
 *   <li>what the producer wrote before completing is visible to the consumer that sees the value
 *       (rule 10), raced on two threads;
 *   <li>it has one owner: handed to a second one, it refuses loudly, naming rule 11 (checked for a
 *       future that extends {@link dev.pollbridge.api.SingleUse}, which every future Pollbridge
 *       makes does);
 *   <li>a value the future holds and nobody reads is closed exactly once, and a value its reader
 *       took is never closed by it (rule 11 for values, {@link dev.pollbridge.api.Dropped}):
 *       checked for a producer whose subclass says, in {@link #subjectReadyWith}, how to complete
 *       it with a value of the contract's choosing.
 * </ul>
 *
 * <pre>{@code
 * class UpperCaseTest extends PollFutureContract<String> {
 *     @Override
 *     protected FutureSubject<String> subject() {
 *         ProbeFuture<String> source = new ProbeFuture<>();
 *         return FutureSubject.of(source.map(String::toUpperCase))
 *                 .completesWith("A", () -> source.complete("a"))
 *                 .failsWith(source::fail)
 *                 .upstream(Upstream.of(source));
 *     }
 * }
 * }</pre>
 *
 * A check that does not apply to a subject (a failure check for a future that cannot fail, the
 * pending checks for a future that is ready at once) is skipped, and reported as skipped. Every
 * check is a public method: a subclass may override one (without {@code @Test}) to leave it out,
 * and should say why. The race checks run {@link #raceIterations()} rounds within
 * {@link #raceTimeLimit()}; every wait gives up after {@link #waitLimit()}.
 *
 * <p>The contract polls the future on the test thread (and, for rules 6 and 10, races a trigger
 * on another), as a task would. It owns every subject it builds and closes it exactly once (twice
 * where it checks idempotence), then closes the subject's {@linkplain FutureSubject#closing
 * resources}.
 *
 * @param <T> the value type of the future under test
 */
@SuppressWarnings("exports") // JUnit's annotations: whoever extends this reads JUnit already
public abstract class PollFutureContract<T> {

    private final List<Run> runs = new ArrayList<>();

    /** For subclasses. */
    protected PollFutureContract() {}

    /**
     * Builds a fresh subject: the future under test, not yet polled, and how to drive it. Called
     * once per check, and once per round of the race checks.
     *
     * @return a new subject
     */
    protected abstract FutureSubject<T> subject();

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

    /**
     * For the checks of dropped values ({@link #aValueNobodyReadsIsClosedExactlyOnce} and the two
     * after it): a fresh subject of the same kind as {@link #subject()}, whose completion makes it
     * ready with {@code value}, or with a value that holds it (a list; declare it with
     * {@link FutureSubject#completes}). A producer returns one; a future that cannot be given a
     * value of the contract's choosing (it makes its value itself, or only forwards its child's,
     * whose own contract checks it) keeps the default, {@code null}, and those checks are skipped
     * and reported as skipped.
     *
     * <pre>{@code
     * @Override
     * protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
     *     Promise<AutoCloseable> promise = new Promise<>();
     *     return FutureSubject.of(promise.future()).completesWith(value, () -> promise.complete(value));
     * }
     * }</pre>
     *
     * @param value a value that counts its closes
     * @return a new subject that completes with {@code value}, or {@code null}
     */
    protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
        return null;
    }

    // ---- the checks ----------------------------------------------------------------------------

    /** Rule 2: building the future starts nothing; its work begins at the first poll. */
    @Test
    public void nothingStartsBeforeTheFirstPoll() {
        Run run = start();
        assumeFalse(run.subject.parts.startsEagerly, "the subject starts eagerly");
        assertNothingStarted(run.subject.parts, "before the first poll");
    }

    /** Rule 5: a pending poll leaves the waker with what will complete the future. */
    @Test
    public void aPendingPollLeavesTheWakerWithWhatWillCompleteIt() {
        Run run = startPending();
        assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
        run.subject.completion.run();
        run.assertReady(run.awaitEnd(run.waker, "after the completion"));
    }

    /** Rules 1 and 5: a failure wakes the task and arrives as {@code failed}. */
    @Test
    public void aFailureWakesTheTaskAndArrivesAsFailed() {
        Run run = startPending();
        assumeTrue(run.subject.canFail(), "the subject cannot be failed");
        RuntimeException error = run.fail();
        run.assertFailed(run.awaitEnd(run.waker, "after the failure"), error);
    }

    /**
     * Rule 6: a completion that lands while the future is being polled (between its check and its
     * waker registration) still wakes the task. Raced on two threads, many times: even rounds race
     * the first poll, odd rounds a second poll that brings a new waker (the older one may well be
     * woken, but the task now waits on the new one).
     */
    @Test
    public void aCompletionRacingAPollStillWakesTheTask() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; round < raceIterations() && System.nanoTime() - deadline < 0; round++) {
            Run run = start();
            assumeFalse(run.subject.endsAtOnce, "the subject is ready at its first poll");
            assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
            boolean repoll = round % 2 == 1;
            if (repoll) {
                assertPendingPoll(run.poll(run.waker), "at its first poll");
            }
            CountingWaker racing = new CountingWaker();
            Poll<?>[] raced = new Poll<?>[1];
            ContractSupport.race(run.subject.completion, () -> raced[0] = run.poll(racing), waitLimit());
            String after = "after a completion raced the " + (repoll ? "second" : "first") + " poll (round " + round + ")";
            if (raced[0].isPending()) {
                run.assertReady(run.awaitEnd(racing, after));
            } else {
                run.assertReady(cast(raced[0]));
            }
            run.dispose();
        }
    }

    /** Rule 7: each poll may carry a new waker, and the latest one is the one woken. */
    @Test
    public void theLatestWakerIsTheOneWoken() {
        Run run = startPending();
        assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
        CountingWaker latest = new CountingWaker();
        assertPendingPoll(run.poll(latest), "at its second poll, with a new waker");
        run.subject.completion.run();
        run.assertReady(run.awaitEnd(latest, "of the latest waker after the completion (rule 7: a future "
                + "that keeps an older waker wakes a task that moved on)"));
    }

    /** Rule 9: after {@code ready}, polling again throws (or, fused, answers pending). */
    @Test
    public void readyIsFinal() {
        Run run = start();
        assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
        run.completeFromPending();
        run.assertPollAfterEndRejected("ready");
    }

    /** Rule 9: after {@code failed}, polling again throws (or, fused, answers pending). */
    @Test
    public void failedIsFinal() {
        Run run = start();
        assumeTrue(run.subject.canFail(), "the subject cannot be failed");
        run.failFromPending();
        run.assertPollAfterEndRejected("failed");
    }

    /** Rule 11: closing before the first poll (twice) starts nothing and cancels what it owns. */
    @Test
    public void closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns() {
        Run run = start();
        run.close();
        run.close();
        if (!run.subject.parts.startsEagerly) {
            for (Upstream upstream : run.subject.parts.upstreams) {
                if (upstream.started()) {
                    throw new AssertionError(upstream + " was started by close(); a future is lazy (rule 2)");
                }
            }
        }
        assertCancelledOnce(run.subject.parts, "after close() before the first poll", waitLimit());
    }

    /** Rule 11: closing while pending (twice) cancels each started upstream exactly once. */
    @Test
    public void closeWhilePendingCancelsEachUpstreamOnce() {
        Run run = startPending();
        run.close();
        run.close();
        assertCancelledOnce(run.subject.parts, "after close() while pending", waitLimit());
    }

    /** Rule 11: closing after {@code ready} (twice) is harmless and releases each child once. */
    @Test
    public void closeAfterReadyIsHarmless() {
        Run run = start();
        assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
        run.completeFromPending();
        List<Integer> before = cancellationsOf(run.subject.parts);
        run.close();
        run.close();
        assertHarmlessCloseAfterEnd(run.subject.parts, before, "after ready", waitLimit());
    }

    /** Rule 11: closing after {@code failed} (twice) is harmless and releases each child once. */
    @Test
    public void closeAfterFailedIsHarmless() {
        Run run = start();
        assumeTrue(run.subject.canFail(), "the subject cannot be failed");
        run.failFromPending();
        List<Integer> before = cancellationsOf(run.subject.parts);
        run.close();
        run.close();
        assertHarmlessCloseAfterEnd(run.subject.parts, before, "after failed", waitLimit());
    }

    /**
     * Rule 10: what the producer wrote before completing is visible to the thread that sees the
     * value, with no lock of the test's own. The consumer polls without waiting on the waker (a
     * waker's own synchronisation would hide a missing edge), so only the subject orders the
     * producer's plain write before the consumer's plain read. A probabilistic check, as every
     * test of a memory-model rule outside jcstress is: it catches what the JIT and the hardware
     * show within the rounds it runs.
     */
    @Test
    public void whatTheProducerWroteIsVisibleToTheConsumer() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; round < raceIterations() && System.nanoTime() - deadline < 0; round++) {
            Run run = startPending();
            assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
            ContractSupport.Plain written = new ContractSupport.Plain();
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread producer = ContractSupport.startProducer(() -> {
                written.value = 42;
                run.subject.completion.run();
            }, thrown);
            Poll<T> end = run.spinUntilEnd();
            int seen = written.value;
            ContractSupport.join(producer, waitLimit());
            ContractSupport.rethrow(thrown.get());
            run.assertReady(end);
            if (seen != 42) {
                throw new AssertionError("the consumer saw the value but not the producer's earlier write "
                        + "(read " + seen + "; rule 10, round " + round + ")");
            }
            run.dispose();
        }
    }

    /**
     * Rule 11: a future has one owner. Handed to the contract and then to a second owner, it
     * refuses the second with an {@link IllegalStateException} that names the rule and the fix
     * (for a future that extends {@link dev.pollbridge.api.SingleUse}; any other cannot tell).
     */
    @Test
    public void aSecondOwnerIsRefused() {
        Run run = start();
        assumeTrue(run.subject.future instanceof dev.pollbridge.api.SingleUse,
                "the subject does not extend SingleUse, so it cannot tell a second owner");
        OwnershipChecks.assertSecondOwnerRefused(run.subject.future);
    }

    /**
     * Rule 11 for values: the value completed into the subject after a pending poll (or, for a
     * subject ready at once, the value it was built with) is closed exactly once when its reader
     * is closed without reading it, by the time the subject's resources are closed too (a
     * cancel-safe receive leaves the value in its channel, which drops it when its last receiver
     * goes).
     */
    @Test
    public void aValueNobodyReadsIsClosedExactlyOnce() {
        OwnershipChecks.CountedValue value = new OwnershipChecks.CountedValue("the value given to the subject");
        Run run = startReadyWith(value);
        if (!run.subject.endsAtOnce) {
            assertPendingPoll(run.poll(run.waker), "at its first poll");
            run.subject.completion.run();
            awaitWoken(run.waker, waitLimit(), "after the value was completed");
        }
        run.close(); // without reading the value
        run.dispose();
        OwnershipChecks.awaitClosedOnce(value, waitLimit(), "after its reader was closed without reading it");
    }

    /** Rule 11 for values: a value the reader took is the reader's; the subject never closes it. */
    @Test
    public void aValueThatWasReadIsNotClosedByItsProducer() {
        OwnershipChecks.CountedValue value = new OwnershipChecks.CountedValue("the value given to the subject");
        Run run = startReadyWith(value);
        run.completeFromPending();
        run.close();
        run.dispose();
        OwnershipChecks.assertNotClosed(value, "after the reader took it and closed the subject");
    }

    /**
     * Rule 11 for values, raced: the completion races the reader's close on two threads (odd
     * rounds after a pending poll). Whichever wins, the value is never closed twice.
     */
    @Test
    public void aValueRacingTheReadersCloseIsNeverClosedTwice() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; round < raceIterations() && System.nanoTime() - deadline < 0; round++) {
            OwnershipChecks.CountedValue value = new OwnershipChecks.CountedValue("the value of round " + round);
            Run run = startReadyWith(value);
            assumeFalse(run.subject.endsAtOnce, "the subject is ready at its first poll");
            if (round % 2 == 1) {
                assertPendingPoll(run.poll(run.waker), "at its first poll");
            }
            ContractSupport.race(run.subject.completion, run::close, waitLimit());
            run.dispose();
            OwnershipChecks.assertClosedAtMostOnce(value, "after the completion raced the close (round " + round + ")");
        }
    }

    // ---- driving a subject ---------------------------------------------------------------------

    /** A run of {@link #subjectReadyWith}; the checks that need one are skipped without it. */
    @SuppressWarnings("unchecked") // the checks only hand the value back to the subject's own check
    private Run startReadyWith(AutoCloseable value) {
        FutureSubject<?> subject = subjectReadyWith(value);
        assumeTrue(subject != null, "the subject cannot be completed with a value of the contract's choosing "
                + "(subjectReadyWith): it makes its value itself, or only forwards its child's");
        assumeTrue(subject.canComplete(), "the subject cannot be completed");
        Run run = new Run((FutureSubject<T>) subject);
        runs.add(run);
        return run;
    }

    private Run start() {
        Run run = new Run(subject());
        runs.add(run);
        return run;
    }

    private Run startPending() {
        Run run = start();
        assumeFalse(run.subject.endsAtOnce, "the subject is ready at its first poll");
        assertPendingPoll(run.poll(run.waker), "at its first poll");
        return run;
    }

    /** Closes whatever the check left open, even when it failed: the contract owns its subjects. */
    @AfterEach
    public void closeSubjects() {
        List<Runnable> disposals = new ArrayList<>();
        List.copyOf(runs).forEach(run -> disposals.add(run::dispose));
        runs.clear();
        ContractSupport.runAll(disposals);
    }

    /** One subject as a task sees it: polls with a counting waker, closes under watch. */
    private final class Run {
        final FutureSubject<T> subject;
        final CountingWaker waker = new CountingWaker();
        boolean closed;

        Run(FutureSubject<T> subject) {
            this.subject = subject;
        }

        Poll<T> poll(CountingWaker with) {
            with.markPolled();
            Poll<T> poll = subject.future.poll(Context.of(with));
            sample(subject.parts);
            if (poll == null) {
                throw new AssertionError("poll returned null; it returns pending, ready or failed");
            }
            if (poll.isDone()) {
                throw new AssertionError("a future returned done; only streams end with done");
            }
            return poll;
        }

        /**
         * After a pending poll with {@code with}: waits for its wake, polls, and again while pending
         * (a wake is a hint, rule 8), until the subject ends. A missing wake fails (rules 5, 6).
         */
        Poll<T> awaitEnd(CountingWaker with, String after) {
            for (int polls = 0; polls < 100_000; polls++) {
                awaitWoken(with, waitLimit(), after);
                Poll<T> poll = poll(with);
                if (!poll.isPending()) {
                    return poll;
                }
            }
            throw new AssertionError("still pending after 100000 polls, each of them woken " + after);
        }

        /** Polls with a waker that does nothing, without waiting, until not pending. */
        Poll<T> spinUntilEnd() {
            Context noWaiting = Context.of(Waker.noop());
            long deadline = System.nanoTime() + waitLimit().toNanos();
            while (true) {
                Poll<T> poll = subject.future.poll(noWaiting);
                if (!poll.isPending()) {
                    return poll;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("not complete within " + waitLimit().toMillis()
                            + " ms of the producer's completion, polled in a loop (rule 10: the completion "
                            + "never became visible to the polling thread?)");
                }
                Thread.onSpinWait();
            }
        }

        RuntimeException fail() {
            RuntimeException error = new RuntimeException("failure injected by the contract");
            if (subject.injectedFailure != null) {
                subject.injectedFailure.accept(error);
                return error;
            }
            subject.ownFailure.run();
            return null;
        }

        void completeFromPending() {
            if (subject.endsAtOnce) {
                assertReady(poll(waker));
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            subject.completion.run();
            assertReady(awaitEnd(waker, "after the completion"));
        }

        void failFromPending() {
            if (subject.endsAtOnce) {
                assertFailed(poll(waker), null);
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            RuntimeException error = fail();
            assertFailed(awaitEnd(waker, "after the failure"), error);
        }

        void assertReady(Poll<T> poll) {
            if (!poll.isReady()) {
                throw new AssertionError("expected ready but was " + poll, poll.isFailed() ? poll.error() : null);
            }
            subject.valueCheck.accept(poll.value());
        }

        void assertFailed(Poll<T> poll, RuntimeException injected) {
            if (!poll.isFailed()) {
                throw new AssertionError("expected failed but was " + poll);
            }
            if (injected != null) {
                assertFailedWith(injected, poll.error());
            } else {
                assertFailedWith(subject.ownFailureType, poll.error());
            }
        }

        void assertPollAfterEndRejected(String end) {
            Poll<T> again;
            try {
                again = subject.future.poll(Context.of(waker));
            } catch (IllegalStateException expected) {
                return;
            }
            if (subject.parts.fused && again.isPending()) {
                return;
            }
            throw new AssertionError("a poll after " + end + " returned " + again
                    + "; ready is final: it must throw IllegalStateException (rule 9)"
                    + (subject.parts.fused ? ", or answer pending for a fused future" : ""));
        }

        void close() {
            closeWatched(subject.future, waitLimit(), "the subject");
            closed = true;
            sample(subject.parts);
        }

        /** Closes the subject if the check did not, then its resources. */
        void dispose() {
            runs.remove(this);
            try {
                if (!closed) {
                    closed = true;
                    ContractSupport.closeAtEnd(subject.future);
                }
            } finally {
                subject.parts.dispose();
            }
        }
    }
}
