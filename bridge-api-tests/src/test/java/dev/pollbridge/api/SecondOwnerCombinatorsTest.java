package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Reliability item 6 for the combinators: a future has one owner (rule 11). A combinator takes
 * its children at build time, so handing a future to a second one (or the same one twice) fails
 * there, before anything was polled, with a message that names the rule, both owners and the
 * fix. Before, {@code select(f, f)} or two {@code map}s of one future polled it from two places:
 * one of them lost its wake-ups or met a poll after the end.
 */
class SecondOwnerCombinatorsTest {

    static void assertSaysTheFix(Throwable refusal) {
        String message = refusal.getMessage();
        assertTrue(message.contains("rule 11") && message.contains("Supplier"), message);
    }

    @Test
    void theSameFutureTwiceInOneJoinOrSelectIsRefused() {
        ProbeFuture<String> child = new ProbeFuture<>();
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.join(child, child, (a, b) -> a + b)));
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.select(child, child)));
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.selectFair(child, child)));
        assertEquals(Optional.empty(), child.owner(), "a refused join gives back the claims it made");
        assertEquals(0, child.polls());
    }

    @Test
    void aFutureMappedTwiceIsRefusedTheSecondTimeAndTheFirstOwnerIsUnharmed() {
        ProbeFuture<String> source = new ProbeFuture<>();
        PollFuture<Integer> length = source.map(String::length);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> source.map(String::isEmpty));
        assertSaysTheFix(refused);
        assertTrue(refused.getMessage().contains("already owned by map"), refused.getMessage());
        try (MockTask<Integer> task = MockTask.spawn(length)) {
            assertPending(task.poll());
            source.complete("four");
            assertTrue(task.isWoken(), "the first owner still gets its wake-up");
            assertReady(task.poll(), 4);
        }
    }

    @Test
    void aJoinThatMeetsAnOwnedChildGivesBackTheOthers() {
        ProbeFuture<String> free = new ProbeFuture<>();
        ProbeFuture<String> owned = new ProbeFuture<>();
        PollFuture<String> firstOwner = owned.map(s -> s);
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.joinAll(List.of(free, owned))));
        assertEquals(Optional.empty(), free.owner());
        // The join claims from the last child back: here it claims free before it meets owned.
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.joinAll(List.of(owned, free))));
        assertEquals(Optional.empty(), free.owner(), "a refused join gives back the claims it made");
        assertEquals(Optional.of("map"), owned.owner(), "and leaves the owned child to its owner");
        PollFuture<String> secondTry = free.map(s -> s); // still free to hand over
        assertEquals(Optional.of("map"), free.owner());
        secondTry.close();
        firstOwner.close();
    }

    @Test
    void aStreamConsumedByTwoCombinatorsIsRefused() {
        ProbeStream<String> upstream = new ProbeStream<>();
        PollStream<Integer> lengths = Streams.map(upstream, String::length);
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Streams.filter(upstream, s -> true)));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(lengths)) {
            upstream.emit("abc");
            assertReady(task.pollNext(), 3);
        }
    }

    @Test
    void aDeferredSupplierThatReturnsAnOwnedFutureFailsWithTheFix() {
        ProbeFuture<String> shared = new ProbeFuture<>();
        PollFuture<String> owner = shared.map(s -> s);
        try (MockTask<String> deferred = MockTask.spawn(Futures.defer(() -> shared))) {
            Poll<String> poll = deferred.poll();
            assertTrue(poll.isFailed());
            assertSaysTheFix(poll.error());
        }
        owner.close();
    }

    @Test
    void pollingACombinatorAfterItsEndSaysTheFix() {
        PollFuture<Integer> mapped = Futures.ready(2).map(x -> x * 2);
        try (MockTask<Integer> task = MockTask.spawn(mapped)) {
            assertReady(task.poll(), 4);
            assertSaysTheFix(assertThrows(IllegalStateException.class, task::poll));
        }
        PollStream<String> empty = Streams.empty();
        try (MockStreamTask<String> task = MockStreamTask.spawn(empty)) {
            task.pollNext();
            assertSaysTheFix(assertThrows(IllegalStateException.class, task::pollNext));
        }
    }

    @Test
    void theToolkitCombinatorsRefuseAFutureSomebodyElseOwnsAndLeaveItToThatOwner() {
        ProbeFuture<String> owned = new ProbeFuture<>();
        PollFuture<String> firstOwner = owned.map(s -> s);
        ProbeFuture<String> free = new ProbeFuture<>();
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.abortable(owned)));
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Futures.selectAllWithRest(List.of(free, owned))));
        assertEquals(Optional.empty(), free.owner(), "a refused selectAllWithRest gives back the claims it made");
        FuturesUnordered<String> set = new FuturesUnordered<>();
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> set.push(owned)));
        FuturesOrdered<String> queue = new FuturesOrdered<>();
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> queue.pushBack(owned)));
        assertEquals(0, owned.closes(), "a refused future is its owner's: nobody closed it");
        assertEquals(0, set.size() + queue.size());
        firstOwner.close();
        assertEquals(1, owned.closes());
    }

    @Test
    void theSameStreamTwiceInOneZipIsRefused() {
        ProbeStream<String> stream = new ProbeStream<>();
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> Streams.zip(stream, stream, (a, b) -> a + b)));
        assertEquals(0, stream.closes());
    }
}
