package dev.pollbridge.test;

import static dev.pollbridge.test.ContractSupport.assertCancelledOnce;
import static dev.pollbridge.test.ContractSupport.assertPendingPoll;
import static dev.pollbridge.test.ContractSupport.sample;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import java.util.ArrayList;
import java.util.List;
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
public abstract non-sealed class PollStreamContract<T> extends PollContract<T> {

    private static final int ITEMS = 3;

    /** For subclasses. */
    protected PollStreamContract() {
        super("stream");
    }

    /**
     * Builds a fresh subject: the stream under test, not yet polled, and how to drive it. Called
     * once per check, and once per round of the race checks.
     *
     * @return a new subject
     */
    protected abstract StreamSubject<T> subject();

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
        run.failAndAwaitIt();
    }

    /**
     * Rule 6: an item (or the end) that lands while the stream is being polled still wakes the
     * task. Raced on two threads, many times; even rounds race the first poll, odd rounds a second
     * poll with a new waker.
     */
    @Test
    public void anItemRacingAPollStillWakesTheTask() {
        checkTheFirstSignalRacingAPollStillWakesTheTask();
    }

    /** Rule 9: after {@code done}, polling again throws. */
    @Test
    public void doneIsFinal() {
        Run run = start();
        assumeTrue(run.subject.canComplete() || run.subject.maxItems <= ITEMS, "the subject cannot end");
        run.endNormally();
        run.assertPollAfterEndRejected("done");
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
        run.assertHarmlessCloseAfterEnd("after done");
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
        for (int round = 0; raceGoesOn(round, deadline); round++) {
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
        return new Run((StreamSubject<T>) subject);
    }

    @Override
    final Run start() {
        return new Run(subject());
    }

    /** One stream under test as a task sees it. */
    private final class Run extends SubjectRun {
        final StreamSubject<T> subject;
        int firstItemsTaken;

        Run(StreamSubject<T> subject) {
            super(subject.stream, subject.parts, subject.injectedFailure, subject.ownFailure, subject.ownFailureType);
            this.subject = subject;
        }

        @Override
        Poll<T> pollRaw(Context context) {
            return subject.stream.pollNext(context);
        }

        @Override
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

        /** Polls (pending), emits item {@code index}, and waits for it. */
        void emitFromPending(int index) {
            assertPendingPoll(poll(waker), "before item " + index);
            subject.emission.accept(index);
            assertItem(awaitSignal(waker, "after item " + index + " was emitted"), index);
        }

        @Override
        String firstSignal() {
            return subject.canEmit(1) ? "item" : "end";
        }

        @Override
        boolean endsAtOnce() {
            return subject.endsAtOnce;
        }

        @Override
        void beforeTheFirstSignal() {
            takeFirstItems(waker);
        }

        @Override
        boolean canSignalFirst() {
            return subject.canEmit(1) || subject.canComplete();
        }

        /** Item 0 if the subject can emit, else the end. */
        @Override
        void signalFirst() {
            if (subject.canEmit(1)) {
                subject.emission.accept(0);
            } else {
                subject.completion.run();
            }
        }

        @Override
        void assertFirstSignal(Poll<T> signal) {
            if (subject.canEmit(1)) {
                assertItem(signal, 0);
            } else {
                assertDone(signal);
            }
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

        @Override
        String signal() {
            return "item";
        }

        @Override
        boolean canSignal() {
            return subject.canEmit(1);
        }

        @Override
        void produceSignal() {
            subject.emission.accept(0);
        }

        @Override
        void assertSignal(Poll<T> poll) {
            assertItem(poll, 0);
        }

        @Override
        void failFromPending() {
            if (subject.endsAtOnce) {
                drainAtOnce();
                return;
            }
            assertPendingPoll(poll(waker), "at its first poll");
            failAndAwaitIt();
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

    }
}
