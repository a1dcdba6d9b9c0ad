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
 * The rules of the pull model ({@code docs/concepts.md}) that every {@link dev.pollbridge.api.PollStream}
 * must keep, as a JUnit 5 test base: the stream counterpart of {@link PollFutureContract}. A
 * subclass says only how to build the stream under test and drive it, in {@link #subject()}:
 *
 * <ul>
 *   <li>laziness: building it starts nothing (rule 2);
 *   <li>each pending poll leaves the waker with the source, item after item (rule 5), in order;
 *       a failure arrives as {@code failed} after the items before it;
 *   <li>an item that lands between the stream's check and its waker registration still wakes
 *       (rule 6), raced on two threads;
 *   <li>the latest waker wins (rule 7);
 *   <li>done and failed are final: a poll after them throws {@link IllegalStateException}
 *       (rule 9);
 *   <li>{@code close()} is idempotent, never throws and never blocks, cancels each started upstream
 *       exactly once, and is harmless after the end (rule 11);
 *   <li>what the producer wrote before emitting an item is visible to the consumer that polls it
 *       (rule 10), raced on two threads;
 *   <li>it has one owner: handed to a second one, it refuses loudly, naming rule 11 (for a stream
 *       that extends {@link dev.pollbridge.api.SingleUse}, as every stream Pollbridge makes does);
 *   <li>the items it holds and nobody reads are closed exactly once when it is closed, and an
 *       item its consumer took is never closed by it (rule 11 for values,
 *       {@link dev.pollbridge.api.Dropped}): checked for a producer whose subclass says, in
 *       {@link #subjectEmitting}, how to make it emit items of the contract's choosing.
 * </ul>
 *
 * <pre>{@code
 * class LengthsTest extends PollStreamContract<Integer> {
 *     @Override
 *     protected StreamSubject<Integer> subject() {
 *         ProbeStream<String> source = new ProbeStream<>();
 *         return StreamSubject.of(source.map(String::length))
 *                 .emits(i -> source.emit("x".repeat(i + 1)), i -> i + 1)
 *                 .completes(source::complete)
 *                 .failsWith(source::fail)
 *                 .upstream(Upstream.of(source));
 *     }
 * }
 * }</pre>
 *
 * Checks that do not apply to a subject are skipped and reported as skipped; each is a public
 * method a subclass may override to leave it out. Timing knobs as in {@link PollFutureContract}.
 *
 * @param <T> the item type of the stream under test
 */
@SuppressWarnings("exports") // JUnit's annotations: whoever extends this reads JUnit already
public abstract class PollStreamContract<T> {

    private static final int ITEMS = 3;

    private final List<Run> runs = new ArrayList<>();

    /** For subclasses. */
    protected PollStreamContract() {}

    /**
     * Builds a fresh subject: the stream under test, not yet polled, and how to drive it. Called
     * once per check, and once per round of the race checks.
     *
     * @return a new subject
     */
    protected abstract StreamSubject<T> subject();

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
     * For the checks of dropped items ({@link #anItemNobodyReadsIsClosedExactlyOnce} and
     * {@link #anItemRacingTheCloseIsNeverClosedTwice}): a fresh subject of the same kind as
     * {@link #subject()} that emits {@code items}, declared with
     * {@code emits(i -> emit(items.get(i)), items::get)}. A producer returns one; a stream that
     * cannot be given items of the contract's choosing (it makes its items itself, or only
     * forwards its upstream's) keeps the default, {@code null}, and those checks are skipped.
     *
     * @param items values that count their closes
     * @return a new subject that emits {@code items}, or {@code null}
     */
    protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
        return null;
    }

    // ---- the checks ----------------------------------------------------------------------------

    /** Rule 2: building the stream starts nothing; its work begins at the first poll. */
    @Test
    public void nothingStartsBeforeTheFirstPoll() {
        Run run = start();
        assumeFalse(run.subject.parts.startsEagerly, "the subject starts eagerly");
        assertNothingStarted(run.subject.parts, "before the first poll");
    }

    /**
     * Rule 5: each pending poll leaves the waker with the source; items arrive one by one, each
     * waking the task, in order, then the end.
     */
    @Test
    public void eachPendingPollLeavesTheWakerAndItemsArriveInOrder() {
        Run run = start();
        if (run.subject.endsAtOnce) {
            run.drainAtOnce();
            return;
        }
        assumeTrue(run.subject.canEmit(1) || run.subject.canComplete(), "the subject cannot be driven");
        int items = 0;
        while (items < ITEMS && run.subject.canEmit(items + 1)) {
            run.emitFromPending(items);
            items++;
        }
        if (items == run.subject.maxItems) {
            run.assertDone(run.poll(run.waker));
        } else if (run.subject.canComplete()) {
            assertPendingPoll(run.poll(run.waker), "before the end");
            run.subject.completion.run();
            run.assertDone(run.awaitSignal(run.waker, "after the end"));
        }
    }

    /** Rules 1 and 5: a failure wakes the task and arrives as {@code failed} after earlier items. */
    @Test
    public void aFailureWakesTheTaskAndArrivesAfterTheItems() {
        Run run = start();
        assumeFalse(run.subject.endsAtOnce, "the subject is ready at its first poll");
        assumeTrue(run.subject.canFail(), "the subject cannot be failed");
        if (run.subject.canEmit(2)) {
            run.emitFromPending(0);
        }
        assertPendingPoll(run.poll(run.waker), "before the failure");
        RuntimeException error = run.fail();
        run.assertFailed(run.awaitSignal(run.waker, "after the failure"), error);
    }

    /**
     * Rule 6: an item (or the end) that lands while the stream is being polled still wakes the
     * task. Raced on two threads, many times; even rounds race the first poll, odd rounds a second
     * poll with a new waker.
     */
    @Test
    public void anItemRacingAPollStillWakesTheTask() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; round < raceIterations() && System.nanoTime() - deadline < 0; round++) {
            Run run = start();
            assumeFalse(run.subject.endsAtOnce, "the subject is ready at its first poll");
            assumeTrue(run.subject.canEmit(1) || run.subject.canComplete(), "the subject cannot be driven");
            boolean repoll = round % 2 == 1;
            run.takeFirstItems(run.waker);
            if (repoll) {
                assertPendingPoll(run.poll(run.waker), "at its first poll");
            }
            CountingWaker racing = new CountingWaker();
            Poll<?>[] raced = new Poll<?>[1];
            ContractSupport.race(run::signalOne, () -> raced[0] = run.poll(racing), waitLimit());
            String after = "after an item raced the " + (repoll ? "second" : "first") + " poll (round " + round + ")";
            Poll<T> signal = raced[0].isPending() ? run.awaitSignal(racing, after) : cast(raced[0]);
            run.assertSignalOne(signal);
            run.dispose();
        }
    }

    /** Rule 7: each poll may carry a new waker, and the latest one is the one woken. */
    @Test
    public void theLatestWakerIsTheOneWoken() {
        Run run = startPending();
        assumeTrue(run.subject.canEmit(1) || run.subject.canComplete(), "the subject cannot be driven");
        CountingWaker latest = new CountingWaker();
        assertPendingPoll(run.poll(latest), "at its second poll, with a new waker");
        run.signalOne();
        run.assertSignalOne(run.awaitSignal(latest, "of the latest waker after an item (rule 7: a stream that "
                + "keeps an older waker wakes a task that moved on)"));
    }

    /** Rule 9: after {@code done}, polling again throws. */
    @Test
    public void doneIsFinal() {
        Run run = start();
        assumeTrue(run.subject.canComplete() || run.subject.maxItems <= ITEMS, "the subject cannot end");
        run.endNormally();
        run.assertPollAfterEndRejected("done");
    }

    /** Rule 9: after {@code failed}, polling again throws. */
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
                    throw new AssertionError(upstream + " was started by close(); a stream is lazy (rule 2)");
                }
            }
        }
        assertCancelledOnce(run.subject.parts, "after close() before the first poll", waitLimit());
    }

    /** Rule 11: closing while pending, after an item (twice), cancels each started upstream once. */
    @Test
    public void closeWhilePendingCancelsEachUpstreamOnce() {
        Run run = start();
        assumeFalse(run.subject.endsAtOnce, "the subject is ready at its first poll");
        if (run.subject.canEmit(2)) {
            run.emitFromPending(0);
        }
        assertPendingPoll(run.poll(run.waker), "before the close");
        run.close();
        run.close();
        assertCancelledOnce(run.subject.parts, "after close() while pending", waitLimit());
    }

    /** Rule 11: closing after {@code done} (twice) is harmless and releases each child once. */
    @Test
    public void closeAfterDoneIsHarmless() {
        Run run = start();
        assumeTrue(run.subject.canComplete() || run.subject.maxItems <= ITEMS, "the subject cannot end");
        run.endNormally();
        List<Integer> before = cancellationsOf(run.subject.parts);
        run.close();
        run.close();
        assertHarmlessCloseAfterEnd(run.subject.parts, before, "after done", waitLimit());
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
     * Rule 10: what the producer wrote before emitting an item is visible to the thread that
     * polls the item, with no lock of the test's own (see
     * {@link PollFutureContract#whatTheProducerWroteIsVisibleToTheConsumer()} for how and how far).
     */
    @Test
    public void whatTheProducerWroteIsVisibleToTheConsumer() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; round < raceIterations() && System.nanoTime() - deadline < 0; round++) {
            Run run = startPending();
            assumeTrue(run.subject.canEmit(1), "the subject cannot be made to emit");
            ContractSupport.Plain written = new ContractSupport.Plain();
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread producer = ContractSupport.startProducer(() -> {
                written.value = 42;
                run.subject.emission.accept(0);
            }, thrown);
            Poll<T> item = run.spinUntilSignal();
            int seen = written.value;
            ContractSupport.join(producer, waitLimit());
            ContractSupport.rethrow(thrown.get());
            run.assertItem(item, 0);
            if (seen != 42) {
                throw new AssertionError("the consumer saw the item but not the producer's earlier write "
                        + "(read " + seen + "; rule 10, round " + round + ")");
            }
            run.dispose();
        }
    }

    /**
     * Rule 11: a stream has one owner. Handed to the contract and then to a second owner, it
     * refuses the second with an {@link IllegalStateException} that names the rule and the fix
     * (for a stream that extends {@link dev.pollbridge.api.SingleUse}; any other cannot tell).
     */
    @Test
    public void aSecondOwnerIsRefused() {
        Run run = start();
        assumeTrue(run.subject.stream instanceof dev.pollbridge.api.SingleUse,
                "the subject does not extend SingleUse, so it cannot tell a second owner");
        OwnershipChecks.assertSecondOwnerRefused(run.subject.stream);
    }

    /**
     * Rule 11 for values: item 0 is emitted after a pending poll and read; items 1 and 2 (as many
     * as the subject takes) are emitted and never read. Once the stream and its resources are
     * closed, each unread item was closed exactly once and the read one never.
     */
    @Test
    public void anItemNobodyReadsIsClosedExactlyOnce() {
        List<OwnershipChecks.CountedValue> items = countedItems("");
        Run run = startEmitting(items);
        assumeFalse(run.subject.endsAtOnce, "the subject yields its items at once");
        int emitted = Math.min(ITEMS, run.subject.maxItems);
        run.emitFromPending(0);
        for (int item = 1; item < emitted; item++) {
            run.subject.emission.accept(item);
        }
        run.close(); // without reading the rest
        run.dispose();
        OwnershipChecks.assertNotClosed(items.get(0), "after the consumer took it and closed the stream");
        for (int item = 1; item < emitted; item++) {
            OwnershipChecks.awaitClosedOnce(items.get(item), waitLimit(), "after the stream was closed without reading it");
        }
    }

    /**
     * Rule 11 for values, raced: item 0 is emitted while the consumer closes the stream, on two
     * threads (odd rounds after a pending poll). Whichever wins, it is never closed twice.
     */
    @Test
    public void anItemRacingTheCloseIsNeverClosedTwice() {
        long deadline = System.nanoTime() + raceTimeLimit().toNanos();
        for (int round = 0; round < raceIterations() && System.nanoTime() - deadline < 0; round++) {
            List<OwnershipChecks.CountedValue> items = countedItems(" of round " + round);
            Run run = startEmitting(items);
            assumeFalse(run.subject.endsAtOnce, "the subject yields its items at once");
            if (round % 2 == 1) {
                assertPendingPoll(run.poll(run.waker), "at its first poll");
            }
            ContractSupport.race(() -> run.subject.emission.accept(0), run::close, waitLimit());
            run.dispose();
            OwnershipChecks.assertClosedAtMostOnce(items.get(0), "after its emission raced the close (round " + round + ")");
        }
    }

    // ---- driving a subject ---------------------------------------------------------------------

    private static List<OwnershipChecks.CountedValue> countedItems(String suffix) {
        List<OwnershipChecks.CountedValue> items = new ArrayList<>(ITEMS);
        for (int i = 0; i < ITEMS; i++) {
            items.add(new OwnershipChecks.CountedValue("item " + i + suffix));
        }
        return items;
    }

    /** A run of {@link #subjectEmitting}; the checks that need one are skipped without it. */
    @SuppressWarnings("unchecked") // the checks only compare the items with those they gave
    private Run startEmitting(List<? extends AutoCloseable> items) {
        StreamSubject<?> subject = subjectEmitting(items);
        assumeTrue(subject != null, "the subject cannot emit items of the contract's choosing (subjectEmitting): "
                + "it makes its items itself, or only forwards its upstream's");
        assumeTrue(subject.canEmit(1), "the subject cannot emit");
        Run run = new Run((StreamSubject<T>) subject);
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
        final StreamSubject<T> subject;
        final CountingWaker waker = new CountingWaker();
        boolean closed;
        int firstItemsTaken;

        Run(StreamSubject<T> subject) {
            this.subject = subject;
        }

        Poll<T> poll(CountingWaker with) {
            takeFirstItems(with);
            return pollOnce(with);
        }

        /** Takes the items the subject yields at once ({@link StreamSubject#readyFirst}), if not yet taken. */
        void takeFirstItems(CountingWaker with) {
            while (firstItemsTaken < subject.firstItems.size()) {
                T expected = subject.firstItems.get(firstItemsTaken++);
                Poll<T> first = pollOnce(with);
                if (!first.isReady()) {
                    throw new AssertionError("expected the first item " + expected + " at once but was " + first);
                }
                ContractSupport.assertEqual(expected, first.value());
            }
        }

        private Poll<T> pollOnce(CountingWaker with) {
            with.markPolled();
            Poll<T> poll = subject.stream.pollNext(Context.of(with));
            sample(subject.parts);
            if (poll == null) {
                throw new AssertionError("pollNext returned null; it returns pending, ready, done or failed");
            }
            if (poll.isReady() && poll.value() == null) {
                throw new AssertionError("pollNext returned ready(null); stream items are never null");
            }
            return poll;
        }

        /**
         * After a pending poll with {@code with}: waits for its wake, polls, and again while pending
         * (a wake is a hint, rule 8), until an item or the end. A missing wake fails (rules 5, 6).
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

        /** Polls (pending), emits item {@code index}, and waits for it. */
        void emitFromPending(int index) {
            assertPendingPoll(poll(waker), "before item " + index);
            subject.emission.accept(index);
            assertItem(awaitSignal(waker, "after item " + index + " was emitted"), index);
        }

        /** Polls with a waker that does nothing, without waiting, until not pending. */
        Poll<T> spinUntilSignal() {
            Context noWaiting = Context.of(Waker.noop());
            long deadline = System.nanoTime() + waitLimit().toNanos();
            while (true) {
                Poll<T> poll = subject.stream.pollNext(noWaiting);
                if (!poll.isPending()) {
                    return poll;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("no item within " + waitLimit().toMillis()
                            + " ms of the producer's emission, polled in a loop (rule 10: the item never "
                            + "became visible to the polling thread?)");
                }
                Thread.onSpinWait();
            }
        }

        /** Makes the first signal possible: item 0 if the subject can emit, else the end. */
        void signalOne() {
            if (subject.canEmit(1)) {
                subject.emission.accept(0);
            } else {
                subject.completion.run();
            }
        }

        void assertSignalOne(Poll<T> signal) {
            if (subject.canEmit(1)) {
                assertItem(signal, 0);
            } else {
                assertDone(signal);
            }
        }

        RuntimeException fail() {
            if (subject.injectedFailure != null) {
                RuntimeException error = new RuntimeException("failure injected by the contract");
                subject.injectedFailure.accept(error);
                return error;
            }
            subject.ownFailure.run();
            return null;
        }

        /** Drives the subject to {@code done}: through its items at once, by its own end, or the trigger. */
        void endNormally() {
            if (subject.endsAtOnce) {
                drainAtOnce();
                return;
            }
            if (!subject.canComplete()) {
                for (int item = 0; item < subject.maxItems; item++) {
                    emitFromPending(item);
                }
                assertDone(poll(waker));
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            subject.completion.run();
            assertDone(awaitSignal(waker, "after the end"));
        }

        void drainAtOnce() {
            if (subject.itemsAtOnce == null) {
                throw new AssertionError("endsAtOnce without items");
            }
            for (T expected : subject.itemsAtOnce) {
                Poll<T> poll = poll(waker);
                if (!poll.isReady()) {
                    throw new AssertionError("expected ready(" + expected + ") but was " + poll);
                }
                ContractSupport.assertEqual(expected, poll.value());
            }
            Poll<T> end = poll(waker);
            if (subject.ownFailureType != null && subject.completion == null) {
                assertFailed(end, null);
            } else {
                assertDone(end);
            }
        }

        void failFromPending() {
            if (subject.endsAtOnce) {
                drainAtOnce();
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            RuntimeException error = fail();
            assertFailed(awaitSignal(waker, "after the failure"), error);
        }

        void assertItem(Poll<T> poll, int index) {
            if (!poll.isReady()) {
                throw new AssertionError("expected item " + index + " but was " + poll,
                        poll.isFailed() ? poll.error() : null);
            }
            ContractSupport.assertEqual(subject.expectedItem.apply(index), poll.value());
        }

        void assertDone(Poll<T> poll) {
            if (!poll.isDone()) {
                throw new AssertionError("expected done but was " + poll, poll.isFailed() ? poll.error() : null);
            }
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
                again = subject.stream.pollNext(Context.of(waker));
            } catch (IllegalStateException expected) {
                return;
            }
            throw new AssertionError("a poll after " + end + " returned " + again
                    + "; the end is final: it must throw IllegalStateException (rule 9)");
        }

        void close() {
            closeWatched(subject.stream, waitLimit(), "the subject");
            closed = true;
            sample(subject.parts);
        }

        /** Closes the subject if the check did not, then its resources. */
        void dispose() {
            runs.remove(this);
            try {
                if (!closed) {
                    closed = true;
                    ContractSupport.closeAtEnd(subject.stream);
                }
            } finally {
                subject.parts.dispose();
            }
        }
    }
}
