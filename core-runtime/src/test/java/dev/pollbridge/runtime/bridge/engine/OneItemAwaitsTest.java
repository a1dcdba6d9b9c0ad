package dev.pollbridge.runtime.bridge.engine;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.test.MockTask;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.SubmissionPublisher;
import org.junit.jupiter.api.Test;
import org.reactivestreams.FlowAdapters;

/** The one-item awaits ({@link ItemFromStream}) through the public Reactive Streams and Flow bridges, by hand. */
class OneItemAwaitsTest {

    @Test
    void firstTakesOneItemAndCancels() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstItem(publisher))) {
            assertEquals(0, publisher.subscribes(), "lazy: nothing before the first poll");
            assertPending(task.poll());
            assertEquals(List.of(1L), publisher.requests);
            publisher.emit("a");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "a");
            assertEquals(1, publisher.cancels());
            assertEquals(List.of(1L), publisher.requests, "nothing more is requested");
            assertThrows(IllegalStateException.class, task::poll);
        }
        assertEquals(1, publisher.cancels(), "closing after completion cancels nothing more");
    }

    @Test
    void firstOfEmptyFailsAndTheOrNullAndOrDefaultFormsGiveTheirValue() {
        ManualPublisher<String> empty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstItem(empty))) {
            assertPending(task.poll());
            empty.complete();
            NoSuchElementException error = assertFailed(task.poll(), NoSuchElementException.class);
            assertTrue(error.getMessage().contains("first()"), error.getMessage());
        }
        assertEquals(0, empty.cancels(), "the publisher ended: nothing to cancel");
        ManualPublisher<String> alsoEmpty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstItemOrNull(alsoEmpty))) {
            assertPending(task.poll());
            alsoEmpty.complete();
            assertReady(task.poll(), null);
        }
        ManualPublisher<String> withDefault = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstItemOrDefault(withDefault, "OK"))) {
            assertPending(task.poll());
            withDefault.complete();
            assertReady(task.poll(), "OK");
        }
    }

    @Test
    void lastReadsToTheEndAndClosesThePassedOverItems() {
        ManualPublisher<Held> publisher = new ManualPublisher<>();
        Held one = new Held();
        Held two = new Held();
        Held three = new Held();
        try (MockTask<Held> task = MockTask.spawn(ReactiveStreamsBridge.lastItem(publisher))) {
            assertPending(task.poll());
            assertEquals(List.of(256L), publisher.requests, "last() requests in batches, like a stream");
            publisher.emit(one);
            publisher.emit(two);
            assertPending(task.poll());
            publisher.emit(three);
            assertPending(task.poll());
            publisher.complete();
            assertSame(three, assertReady(task.poll()));
        }
        assertEquals(0, publisher.cancels());
        assertEquals(1, one.closes, "passed over: closed");
        assertEquals(1, two.closes);
        assertEquals(0, three.closes, "the last item is the owner's");
    }

    @Test
    void lastOfEmptyFailsOrIsNullAndAFailureDropsTheCandidate() {
        ManualPublisher<String> empty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.lastItem(empty))) {
            assertPending(task.poll());
            empty.complete();
            assertTrue(assertFailed(task.poll(), NoSuchElementException.class).getMessage().contains("last()"));
        }
        ManualPublisher<String> alsoEmpty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.lastItemOrNull(alsoEmpty))) {
            assertPending(task.poll());
            alsoEmpty.complete();
            assertReady(task.poll(), null);
        }
        ManualPublisher<Held> failing = new ManualPublisher<>();
        Held candidate = new Held();
        RuntimeException boom = new RuntimeException("boom");
        try (MockTask<Held> task = MockTask.spawn(ReactiveStreamsBridge.lastItemOrNull(failing))) {
            assertPending(task.poll());
            failing.emit(candidate);
            failing.fail(boom);
            assertSame(boom, assertFailed(task.poll(), RuntimeException.class));
        }
        assertEquals(1, candidate.closes, "the candidate of a failed last() is dropped");
    }

    @Test
    void lastYieldsItsWorkerAfterABudgetOfItems() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        try (MockTask<Integer> task = MockTask.spawn(ReactiveStreamsBridge.lastItem(publisher))) {
            assertPending(task.poll());
            for (int i = 1; i <= 200; i++) {
                publisher.emit(i);
            }
            assertPending(task.poll());
            assertTrue(task.isWoken(), "out of budget after 128 items: it woke itself (rule 5)");
            assertPending(task.poll());
            publisher.complete();
            assertReady(task.poll(), 200);
        }
    }

    @Test
    void singleOrNullOfEmptyIsNullButASecondItemStillFails() {
        ManualPublisher<String> empty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.singleItemOrNull(empty))) {
            assertPending(task.poll());
            empty.complete();
            assertReady(task.poll(), null);
        }
        ManualPublisher<String> two = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.singleItemOrNull(two))) {
            assertPending(task.poll());
            two.emit("a");
            two.emit("b");
            assertFailed(task.poll(), IllegalArgumentException.class);
            assertEquals(1, two.cancels());
        }
    }

    @Test
    void firstPassesTheFailure() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        RuntimeException boom = new RuntimeException("boom");
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstItem(publisher))) {
            assertPending(task.poll());
            publisher.fail(boom);
            assertSame(boom, assertFailed(task.poll(), RuntimeException.class));
        }
    }

    @Test
    void closingFirstBeforeTheItemCancels() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstItem(publisher));
        assertPending(task.poll());
        task.close();
        assertEquals(1, publisher.cancels());
    }

    @Test
    void singleWaitsForCompletion() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.singleItem(publisher))) {
            assertPending(task.poll());
            publisher.emit("only");
            assertPending(task.poll());
            publisher.complete();
            assertReady(task.poll(), "only");
        }
        assertEquals(0, publisher.cancels());
    }

    @Test
    void singleFailsOnASecondItemAndCancels() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.singleItem(publisher))) {
            assertPending(task.poll());
            publisher.emit("one");
            publisher.emit("two");
            IllegalArgumentException error = assertFailed(task.poll(), IllegalArgumentException.class);
            assertTrue(error.getMessage().contains("more than one"), error.getMessage());
            assertEquals(1, publisher.cancels());
            assertEquals(List.of(2L), publisher.requests);
        }
        assertEquals(1, publisher.cancels());
    }

    @Test
    void singleOfEmptyFails() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.singleItem(publisher))) {
            assertPending(task.poll());
            publisher.complete();
            assertFailed(task.poll(), NoSuchElementException.class);
        }
    }

    @Test
    void flowVariantsShareTheBehaviour() throws Exception {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(
                FlowBridge.singleItem(FlowAdapters.toFlowPublisher(publisher)))) {
            assertPending(task.poll());
            publisher.emit("x");
            publisher.emit("y");
            assertFailed(task.poll(), IllegalArgumentException.class);
            assertEquals(1, publisher.cancels());
        }
        try (SubmissionPublisher<String> jdk = new SubmissionPublisher<>();
                MockTask<String> task = MockTask.spawn(FlowBridge.firstItem(jdk))) {
            assertPending(task.poll());
            org.awaitility.Awaitility.await().until(() -> jdk.getNumberOfSubscribers() == 1);
            jdk.submit("from the JDK");
            org.awaitility.Awaitility.await().until(task::isWoken);
            assertReady(task.poll(), "from the JDK");
            org.awaitility.Awaitility.await().until(() -> jdk.getNumberOfSubscribers() == 0);
        }
    }

    @Test
    void singleClosesTheItemsItDrops() {
        ManualPublisher<Held> twice = new ManualPublisher<>();
        Held first = new Held();
        Held second = new Held();
        try (MockTask<Held> task = MockTask.spawn(ReactiveStreamsBridge.singleItem(twice))) {
            assertPending(task.poll());
            twice.emit(first);
            twice.emit(second);
            assertFailed(task.poll(), IllegalArgumentException.class);
        }
        assertEquals(1, first.closes, "the first item, never delivered, is closed");
        assertEquals(1, second.closes, "so is the one too many");

        ManualPublisher<Held> unfinished = new ManualPublisher<>();
        Held received = new Held();
        MockTask<Held> task = MockTask.spawn(ReactiveStreamsBridge.singleItem(unfinished));
        assertPending(task.poll());
        unfinished.emit(received);
        assertPending(task.poll()); // waits for the end
        task.close();
        assertEquals(1, received.closes, "an item received and dropped by close() is closed");
        assertEquals(1, unfinished.cancels());

        ManualPublisher<Held> one = new ManualPublisher<>();
        Held only = new Held();
        try (MockTask<Held> delivered = MockTask.spawn(ReactiveStreamsBridge.singleItem(one))) {
            assertPending(delivered.poll());
            one.emit(only);
            one.complete();
            assertSame(only, assertReady(delivered.poll()));
        }
        assertEquals(0, only.closes, "a delivered item is the owner's");
    }

    /** An item holding a resource. */
    private static final class Held implements AutoCloseable {
        int closes;

        @Override
        public void close() {
            closes++;
        }
    }
}
