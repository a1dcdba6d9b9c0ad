package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link FuturesOrdered}, ported from futures-rs's {@code futures/tests/stream_futures_ordered.rs};
 * each test names its peer test. A oneshot channel there is a {@link ProbeFuture} here.
 */
class FuturesOrderedTest {

    private static List<ProbeFuture<Integer>> probes(int count) {
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            probes.add(new ProbeFuture<>());
        }
        return probes;
    }

    /** futures-rs: {@code works_1}: b finishes first but waits for a. */
    @Test
    void works1() {
        List<ProbeFuture<Integer>> rx = probes(3);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesOrdered.of(rx))) {
            rx.get(1).complete(99);
            assertPending(task.pollNext());
            rx.get(0).complete(33);
            rx.get(2).complete(33);
            assertEquals(List.of(33, 99, 33), task.drainToDone());
        }
        rx.forEach(probe -> assertEquals(1, probe.closes()));
    }

    /** futures-rs: {@code works_2}. */
    @Test
    void works2() {
        List<ProbeFuture<Integer>> rx = probes(3);
        PollFuture<Integer> sum = Futures.join(rx.get(1), rx.get(2), Integer::sum);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesOrdered.of(List.of(rx.get(0), sum)))) {
            rx.get(0).complete(33);
            rx.get(1).complete(33);
            assertReady(task.pollNext(), 33);
            assertPending(task.pollNext());
            rx.get(2).complete(33);
            assertReady(task.pollNext(), 66);
        }
    }

    /** futures-rs: {@code test_push_front}. */
    @Test
    void pushFront() {
        List<ProbeFuture<Integer>> rx = probes(4);
        FuturesOrdered<Integer> stream = new FuturesOrdered<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            stream.pushBack(rx.get(0));
            stream.pushBack(rx.get(1));
            stream.pushBack(rx.get(2));
            rx.get(0).complete(1);
            rx.get(1).complete(2);
            rx.get(2).complete(3);
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 2);
            stream.pushFront(rx.get(3));
            rx.get(3).complete(4);
            assertReady(task.pollNext(), 4);
            assertReady(task.pollNext(), 3);
        }
    }

    /** futures-rs: {@code test_push_back}. */
    @Test
    void pushBack() {
        List<ProbeFuture<Integer>> rx = probes(4);
        FuturesOrdered<Integer> stream = new FuturesOrdered<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            stream.pushBack(rx.get(0));
            stream.pushBack(rx.get(1));
            stream.pushBack(rx.get(2));
            rx.get(0).complete(1);
            rx.get(1).complete(2);
            rx.get(2).complete(3);
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 2);
            stream.pushBack(rx.get(3));
            rx.get(3).complete(4);
            assertReady(task.pollNext(), 3);
            assertReady(task.pollNext(), 4);
        }
    }

    /** futures-rs: {@code from_iterator}. */
    @Test
    void fromIterator() {
        FuturesOrdered<Integer> stream = FuturesOrdered.of(List.of(Futures.ready(1), Futures.ready(2),
                Futures.ready(3)));
        assertEquals(3, stream.size());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertEquals(List.of(1, 2, 3), task.drainToDone());
        }
    }

    /** futures-rs: {@code queue_never_unblocked}: the head never finishes, so nothing comes out. */
    @Test
    void queueNeverUnblocked() {
        List<ProbeFuture<Integer>> rx = probes(3);
        PollFuture<Integer> either = Futures.select(rx.get(1), rx.get(2));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesOrdered.of(List.of(rx.get(0), either)))) {
            for (int i = 0; i < 10; i++) {
                assertPending(task.pollNext());
            }
            rx.get(1).complete(1);
            assertPending(task.pollNext());
            rx.get(2).complete(2);
            assertPending(task.pollNext());
            assertPending(task.pollNext());
        }
    }

    /** futures-rs: {@code test_push_front_negative}: pushed at the front, they come out in reverse. */
    @Test
    void pushFrontNegative() {
        List<ProbeFuture<Integer>> rx = probes(3);
        FuturesOrdered<Integer> stream = new FuturesOrdered<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            stream.pushFront(rx.get(0));
            stream.pushFront(rx.get(1));
            stream.pushFront(rx.get(2));
            rx.get(0).complete(1);
            rx.get(1).complete(2);
            rx.get(2).complete(3);
            assertReady(task.pollNext(), 3);
            assertReady(task.pollNext(), 2);
            assertReady(task.pollNext(), 1);
            assertDone(task.pollNext());
        }
    }

    /** A value that waited for its turn and is dropped by a failure or a close is closed (it owns a resource). */
    @Test
    void valuesWaitingForTheirTurnAreClosedWhenDropped() {
        AtomicInteger released = new AtomicInteger();
        AutoCloseable permit = released::incrementAndGet;
        List<ProbeFuture<AutoCloseable>> rx = List.of(new ProbeFuture<>(), new ProbeFuture<>(), new ProbeFuture<>());
        try (MockStreamTask<AutoCloseable> task = MockStreamTask.spawn(FuturesOrdered.of(rx))) {
            rx.get(1).complete(permit);
            assertPending(task.pollNext());
            RuntimeException boom = new RuntimeException("boom");
            rx.get(2).fail(boom);
            assertEquals(boom, assertFailed(task.pollNext(), RuntimeException.class), "a failure fails at once");
            assertTrue(rx.get(0).isCancelled());
            assertEquals(1, released.get());
        }

        List<ProbeFuture<AutoCloseable>> closed = List.of(new ProbeFuture<>(), new ProbeFuture<>());
        FuturesOrdered<AutoCloseable> queue = FuturesOrdered.of(closed);
        try (MockStreamTask<AutoCloseable> task = MockStreamTask.spawn(queue)) {
            closed.get(1).complete(permit);
            assertPending(task.pollNext());
            assertEquals(2, queue.size(), "one running, one waiting");
        }
        assertEquals(2, released.get());
        ProbeFuture<AutoCloseable> late = new ProbeFuture<>();
        assertThrows(IllegalStateException.class, () -> queue.pushBack(late));
        assertEquals(1, late.closes(), "a future pushed after close is closed, not leaked");
    }

    /**
     * The pull-model contract. The items are the values of three futures completed one by one; a
     * fourth future, pushed last, never completes (it is what a close must cancel: the three
     * finished ones were closed as they finished) and is the one the failure check fails. The
     * set cannot be made to end without an item, so the checks of its end are skipped; the tests
     * above cover it.
     */
    @Nested
    class Contract extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            List<ProbeFuture<Object>> items = List.of(new ProbeFuture<>(), new ProbeFuture<>(), new ProbeFuture<>());
            ProbeFuture<Object> keeper = new ProbeFuture<>();
            List<ProbeFuture<Object>> all = new ArrayList<>(items);
            all.add(keeper);
            return StreamSubject.of((PollStream<Object>) FuturesOrdered.of(all))
                    .emits(i -> items.get(i).complete("v" + i), i -> "v" + i)
                    .failsWith(keeper::fail)
                    .upstream(Upstream.of(keeper));
        }
    }
}
