package dev.pollbridge.test;

import static dev.pollbridge.test.ContractSupport.assertCancelledOnce;
import static dev.pollbridge.test.ContractSupport.assertPendingPoll;
import static dev.pollbridge.test.ContractSupport.awaitWoken;
import static dev.pollbridge.test.ContractSupport.sample;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
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
public abstract non-sealed class PollFutureContract<T> extends PollContract<T> {

    /** For subclasses. */
    protected PollFutureContract() {
        super("future");
    }

    /**
     * Builds a fresh subject: the future under test, not yet polled, and how to drive it. Called
     * once per check, and once per round of the race checks.
     *
     * @return a new subject
     */
    protected abstract FutureSubject<T> subject();

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

    /** Rule 5: a pending poll leaves the waker with what will complete the future. */
    @Test
    public void aPendingPollLeavesTheWakerWithWhatWillCompleteIt() {
        Run run = pending(start());
        assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
        run.subject.completion.run();
        run.assertReady(run.awaitSignal(run.waker, "after the completion"));
    }

    /** Rules 1 and 5: a failure wakes the task and arrives as {@code failed}. */
    @Test
    public void aFailureWakesTheTaskAndArrivesAsFailed() {
        Run run = pending(start());
        assumeTrue(run.subject.canFail(), "the subject cannot be failed");
        run.failAndAwaitIt();
    }

    /**
     * Rule 6: a completion that lands while the future is being polled (between its check and its
     * waker registration) still wakes the task. Raced on two threads, many times: even rounds race
     * the first poll, odd rounds a second poll that brings a new waker (the older one may well be
     * woken, but the task now waits on the new one).
     */
    @Test
    public void aCompletionRacingAPollStillWakesTheTask() {
        checkTheFirstSignalRacingAPollStillWakesTheTask();
    }

    /** Rule 9: after {@code ready}, polling again throws (or, fused, answers pending). */
    @Test
    public void readyIsFinal() {
        Run run = start();
        assumeTrue(run.subject.canComplete(), "the subject cannot be completed");
        run.completeFromPending();
        run.assertPollAfterEndRejected("ready");
    }

    /** Rule 11: closing while pending (twice) cancels each started upstream exactly once. */
    @Test
    public void closeWhilePendingCancelsEachUpstreamOnce() {
        Run run = pending(start());
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
        run.assertHarmlessCloseAfterEnd("after ready");
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
        for (int round = 0; raceGoesOn(round, deadline); round++) {
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
        return new Run((FutureSubject<T>) subject);
    }

    @Override
    final Run start() {
        return new Run(subject());
    }

    /** One future under test as a task sees it. */
    private final class Run extends SubjectRun {
        final FutureSubject<T> subject;

        Run(FutureSubject<T> subject) {
            super(subject.future, subject.parts, subject.injectedFailure, subject.ownFailure, subject.ownFailureType);
            this.subject = subject;
        }

        @Override
        Poll<T> pollRaw(Context context) {
            return subject.future.poll(context);
        }

        @Override
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

        void completeFromPending() {
            if (subject.endsAtOnce) {
                assertReady(poll(waker));
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            subject.completion.run();
            assertReady(awaitSignal(waker, "after the completion"));
        }

        @Override
        String firstSignal() {
            return "completion";
        }

        @Override
        boolean endsAtOnce() {
            return subject.endsAtOnce;
        }

        @Override
        boolean canSignalFirst() {
            return subject.canComplete();
        }

        @Override
        void signalFirst() {
            subject.completion.run();
        }

        @Override
        void assertFirstSignal(Poll<T> poll) {
            assertReady(poll);
        }

        @Override
        String signal() {
            return "value";
        }

        @Override
        boolean canSignal() {
            return subject.canComplete();
        }

        @Override
        void produceSignal() {
            subject.completion.run();
        }

        @Override
        void assertSignal(Poll<T> poll) {
            assertReady(poll);
        }

        @Override
        void failFromPending() {
            if (subject.endsAtOnce) {
                assertFailed(poll(waker), null);
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            failAndAwaitIt();
        }

        void assertReady(Poll<T> poll) {
            if (!poll.isReady()) {
                throw new AssertionError("expected ready but was " + poll, poll.isFailed() ? poll.error() : null);
            }
            subject.valueCheck.accept(poll.value());
        }
    }
}
