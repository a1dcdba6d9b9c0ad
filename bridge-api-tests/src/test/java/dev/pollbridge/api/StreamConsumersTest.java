package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** fold, collect, next and forEach: the stream-consumer contract per consumer, then what differs. */
class StreamConsumersTest {

    @Nested
    class Fold extends StreamConsumerContract {
        @Override
        protected PollFuture<?> build(PollStream<Object> stream) {
            return stream.fold(100, (sum, item) -> sum + (Integer) item);
        }

        @Override
        protected Object expectedValue() {
            return 106;
        }

        @Test
        void anEmptyStreamFoldsToTheInitialValue() {
            try (MockTask<Integer> task = MockTask.spawn(Streams.<Integer>empty().fold(7, Integer::sum))) {
                assertReady(task.poll(), 7);
            }
        }

        @Test
        void aLongReadyStreamIsFoldedAcrossSeveralPollsWithSelfWakes() {
            ProbeStream<Integer> many = new ProbeStream<>();
            for (int i = 1; i <= 1_000; i++) {
                many.emit(i);
            }
            many.complete();
            try (MockTask<Integer> task = MockTask.spawn(many.fold(0, Integer::sum))) {
                int polls = 1;
                Poll<Integer> poll = task.poll();
                while (poll.isPending()) {
                    assertTrue(task.isWoken(), "a yield wakes its own task");
                    polls++;
                    poll = task.poll();
                }
                assertReady(poll, 500_500);
                assertTrue(polls > 1, "the fold yielded at least once");
            }
        }

        @Test
        void aThrowingStepFailsAndClosesTheStream() {
            ProbeStream<Integer> upstream = ProbeStream.of(1, 2);
            try (MockTask<Integer> task = MockTask.spawn(upstream.fold(0, (sum, item) -> {
                throw new ArithmeticException("step");
            }))) {
                assertFailed(task.poll(), ArithmeticException.class);
                assertTrue(upstream.isCancelled());
            }
            assertEquals(1, upstream.closes());
        }
    }

    @Nested
    class Collect extends StreamConsumerContract {
        @Override
        protected PollFuture<?> build(PollStream<Object> stream) {
            return stream.collect(Collectors.toList());
        }

        @Override
        protected Object expectedValue() {
            return List.of(1, 2, 3);
        }

        @Test
        void theContainerIsCreatedOnTheFirstPollAndFinished() {
            AtomicInteger containers = new AtomicInteger();
            Collector<String, StringBuilder, String> joining = Collector.of(
                    () -> {
                        containers.incrementAndGet();
                        return new StringBuilder();
                    },
                    StringBuilder::append, StringBuilder::append, StringBuilder::toString);
            PollFuture<String> collected = Streams.of("a", "b").collect(joining);
            assertEquals(0, containers.get());
            try (MockTask<String> task = MockTask.spawn(collected)) {
                assertReady(task.poll(), "ab");
            }
            assertEquals(1, containers.get());
        }
    }

    @Nested
    class Next extends StreamConsumerContract {
        @Override
        protected PollFuture<?> build(PollStream<Object> stream) {
            return stream.next();
        }

        @Override
        protected Object expectedValue() {
            return 1;
        }

        @Test
        void theStreamIsClosedAsSoonAsTheFirstItemArrives() {
            ProbeStream<String> upstream = ProbeStream.of("a", "b", "c");
            try (MockTask<String> task = MockTask.spawn(upstream.next())) {
                assertReady(task.poll(), "a");
                assertEquals(1, upstream.closes());
                assertTrue(upstream.isCancelled());
                assertEquals(2, upstream.queued(), "nothing more is taken");
            }
            assertEquals(1, upstream.closes());
        }

        @Test
        void anEmptyStreamGivesNull() {
            try (MockTask<Object> task = MockTask.spawn(Streams.empty().next())) {
                assertNull(assertReady(task.poll()));
            }
        }
    }

    @Nested
    class ForEach extends StreamConsumerContract {
        final List<Object> seen = new ArrayList<>();

        @Override
        protected PollFuture<?> build(PollStream<Object> stream) {
            return stream.forEach(seen::add);
        }

        @Override
        protected Object expectedValue() {
            return null;
        }

        @Test
        void theActionSeesEveryItemInOrderAsItArrives() {
            ProbeStream<Object> upstream = new ProbeStream<>();
            try (MockTask<Void> task = MockTask.spawn(upstream.forEach(seen::add))) {
                assertPending(task.poll());
                upstream.emit("a");
                assertPending(task.poll());
                assertEquals(List.of("a"), seen);
                upstream.emit("b");
                upstream.complete();
                assertNull(assertReady(task.poll()));
            }
            assertEquals(List.of("a", "b"), seen);
        }

        @Test
        void aThrowingActionFailsAndClosesTheStream() {
            ProbeStream<Integer> upstream = ProbeStream.of(1, 2);
            try (MockTask<Void> task = MockTask.spawn(upstream.forEach(item -> {
                throw new IllegalStateException("action");
            }))) {
                assertFailed(task.poll(), IllegalStateException.class);
            }
            assertEquals(1, upstream.closes());
            assertEquals(1, upstream.queued());
        }
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Streams.fold(null, 0, (a, b) -> a));
        assertThrows(NullPointerException.class, () -> Streams.of(1).fold(0, null));
        assertThrows(NullPointerException.class, () -> Streams.collect(null, Collectors.toList()));
        assertThrows(NullPointerException.class, () -> Streams.of(1).collect(null));
        assertThrows(NullPointerException.class, () -> Streams.next(null));
        assertThrows(NullPointerException.class, () -> Streams.forEach(null, item -> {}));
        assertThrows(NullPointerException.class, () -> Streams.of(1).forEach(null));
    }
}
