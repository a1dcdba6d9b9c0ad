package dev.pollbridge.runtime.internal.bridge;

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

class FirstAndSingleTest {

    @Test
    void firstTakesOneItemAndCancels() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.first(publisher))) {
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
    void firstOfEmptyIsNullAndFirstOrErrorFails() {
        ManualPublisher<String> empty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.first(empty))) {
            assertPending(task.poll());
            empty.complete();
            assertReady(task.poll(), null);
        }
        assertEquals(0, empty.cancels());
        ManualPublisher<String> alsoEmpty = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.firstOrError(alsoEmpty))) {
            assertPending(task.poll());
            alsoEmpty.complete();
            assertFailed(task.poll(), NoSuchElementException.class);
        }
    }

    @Test
    void firstPassesTheFailure() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        RuntimeException boom = new RuntimeException("boom");
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.first(publisher))) {
            assertPending(task.poll());
            publisher.fail(boom);
            assertSame(boom, assertFailed(task.poll(), RuntimeException.class));
        }
    }

    @Test
    void closingFirstBeforeTheItemCancels() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.first(publisher));
        assertPending(task.poll());
        task.close();
        assertEquals(1, publisher.cancels());
    }

    @Test
    void singleWaitsForCompletion() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.single(publisher))) {
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
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.single(publisher))) {
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
        try (MockTask<String> task = MockTask.spawn(ReactiveStreamsBridge.single(publisher))) {
            assertPending(task.poll());
            publisher.complete();
            assertFailed(task.poll(), NoSuchElementException.class);
        }
    }

    @Test
    void flowVariantsShareTheBehaviour() throws Exception {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockTask<String> task = MockTask.spawn(
                FlowBridge.single(FlowAdapters.toFlowPublisher(publisher)))) {
            assertPending(task.poll());
            publisher.emit("x");
            publisher.emit("y");
            assertFailed(task.poll(), IllegalArgumentException.class);
            assertEquals(1, publisher.cancels());
        }
        try (SubmissionPublisher<String> jdk = new SubmissionPublisher<>();
                MockTask<String> task = MockTask.spawn(FlowBridge.firstOrError(jdk))) {
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
        try (MockTask<Held> task = MockTask.spawn(ReactiveStreamsBridge.single(twice))) {
            assertPending(task.poll());
            twice.emit(first);
            twice.emit(second);
            assertFailed(task.poll(), IllegalArgumentException.class);
        }
        assertEquals(1, first.closes, "the first item, never delivered, is closed");
        assertEquals(1, second.closes, "so is the one too many");

        ManualPublisher<Held> unfinished = new ManualPublisher<>();
        Held received = new Held();
        MockTask<Held> task = MockTask.spawn(ReactiveStreamsBridge.single(unfinished));
        assertPending(task.poll());
        unfinished.emit(received);
        assertPending(task.poll()); // waits for the end
        task.close();
        assertEquals(1, received.closes, "an item received and dropped by close() is closed");
        assertEquals(1, unfinished.cancels());

        ManualPublisher<Held> one = new ManualPublisher<>();
        Held only = new Held();
        try (MockTask<Held> delivered = MockTask.spawn(ReactiveStreamsBridge.single(one))) {
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
