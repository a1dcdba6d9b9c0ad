package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link FuturesUnordered}, ported from futures-rs's {@code futures/tests/stream_futures_unordered.rs}
 * and {@code futures/tests/ready_queue.rs} (each test names its peer test). A oneshot channel there
 * is a {@link ProbeFuture} here; {@code noop_context} is a {@link MockStreamTask} whose wakes are
 * only counted.
 *
 * <p>Not ported, on purpose: {@code iter_mut_cancel}, {@code iter_mut_len}, {@code iter_cancel},
 * {@code iter_len}, {@code into_iter_*} (the set offers no iterator over its futures: a future
 * belongs to whoever polls it), {@code futures_not_moved_after_poll} (Java objects do not move),
 * {@code panicking_future_dropped} and {@code panic_on_drop_fut} (a throwing poll or close breaks
 * the contract and propagates; no unwinding to survive). {@code ready_queue.rs}'s {@code stress}
 * is {@link CombinatorWakeStressTest#futuresUnorderedSeesEveryValueFromOtherThreads}.
 */
class FuturesUnorderedTest {

    private static List<ProbeFuture<Integer>> probes(int count) {
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            probes.add(new ProbeFuture<>());
        }
        return probes;
    }

    /** futures-rs: {@code is_terminated}: done when empty; a push makes it live again. */
    @Test
    void isTerminated() {
        FuturesUnordered<Integer> tasks = new FuturesUnordered<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(tasks)) {
            assertFalse(tasks.isTerminated());
            assertDone(task.pollNext());
            assertTrue(tasks.isTerminated());
            assertTrue(tasks.isEmpty());
            assertEquals(0, tasks.size());

            tasks.push(Futures.ready(1));
            assertFalse(tasks.isEmpty());
            assertEquals(1, tasks.size());
            assertFalse(tasks.isTerminated());
            assertReady(task.pollNext(), 1);
            assertFalse(tasks.isTerminated());
            assertDone(task.pollNext());
            assertTrue(tasks.isTerminated());
            assertThrows(IllegalStateException.class, task::pollNext, "done, and nothing pushed since (rule 9)");
        }
    }

    /** futures-rs: {@code works_1}: values in completion order, then done. */
    @Test
    void works1() {
        List<ProbeFuture<Integer>> rx = probes(3);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(rx))) {
            rx.get(1).complete(99);
            assertReady(task.pollNext(), 99);
            rx.get(0).complete(33);
            rx.get(2).complete(33);
            assertReady(task.pollNext(), 33);
            assertReady(task.pollNext(), 33);
            assertDone(task.pollNext());
        }
        rx.forEach(probe -> assertEquals(1, probe.closes()));
    }

    /** futures-rs: {@code works_2}: a join inside the set, completed in two steps. */
    @Test
    void works2() {
        List<ProbeFuture<Integer>> rx = probes(3);
        PollFuture<Integer> sum = Futures.join(rx.get(1), rx.get(2), Integer::sum);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(List.of(rx.get(0), sum)))) {
            rx.get(0).complete(9);
            rx.get(1).complete(10);
            assertReady(task.pollNext(), 9);
            rx.get(2).complete(20);
            assertReady(task.pollNext(), 30);
            assertDone(task.pollNext());
        }
    }

    /** futures-rs: {@code from_iterator}. */
    @Test
    void fromIterator() {
        FuturesUnordered<Integer> stream = FuturesUnordered.of(List.of(Futures.ready(1), Futures.ready(2),
                Futures.ready(3)));
        assertEquals(3, stream.size());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertEquals(List.of(1, 2, 3), task.drainToDone());
        }
    }

    /** futures-rs: {@code finished_future}: a select in the set finishes; the other stays pending. */
    @Test
    void finishedFuture() {
        List<ProbeFuture<Integer>> rx = probes(3);
        PollFuture<Integer> either = Futures.select(rx.get(1), rx.get(2));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(List.of(rx.get(0), either)))) {
            for (int i = 0; i < 10; i++) {
                assertPending(task.pollNext());
            }
            rx.get(1).complete(12);
            rx.get(2).complete(3);
            assertReady(task.pollNext(), 12);
            assertPending(task.pollNext());
            assertPending(task.pollNext());
        }
    }

    /** futures-rs: {@code len_valid_during_out_of_order_completion}. */
    @Test
    void lenValidDuringOutOfOrderCompletion() {
        List<ProbeFuture<Integer>> rx = probes(4);
        FuturesUnordered<Integer> stream = new FuturesUnordered<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertEquals(0, stream.size());
            stream.push(rx.get(0));
            assertEquals(1, stream.size());
            stream.push(rx.get(1));
            assertEquals(2, stream.size());
            stream.push(rx.get(2));
            assertEquals(3, stream.size());

            rx.get(1).complete(4);
            assertReady(task.pollNext(), 4);
            assertEquals(2, stream.size());

            stream.push(rx.get(3));
            assertEquals(3, stream.size());

            rx.get(2).complete(5);
            assertReady(task.pollNext(), 5);
            assertEquals(2, stream.size());

            rx.get(3).complete(6);
            assertReady(task.pollNext(), 6);
            assertEquals(1, stream.size());

            rx.get(0).complete(7);
            assertReady(task.pollNext(), 7);
            assertEquals(0, stream.size());
        }
    }

    /** futures-rs: {@code polled_only_once_at_most_per_iteration}, with 10 and 33 futures. */
    @Test
    void polledOnlyOnceAtMostPerIteration() {
        for (int n : new int[] {10, 33}) {
            List<PollFuture<Integer>> futures = new ArrayList<>();
            int[] polled = {0};
            for (int i = 0; i < n; i++) {
                boolean[] once = {false};
                futures.add(cx -> {
                    if (once[0]) {
                        throw new AssertionError("polled twice");
                    }
                    once[0] = true;
                    polled[0]++;
                    return Poll.pending();
                });
            }
            try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(futures))) {
                assertPending(task.pollNext());
                assertEquals(n, polled[0]);
                assertPending(task.pollNext()); // none woke: none is polled again
            }
        }
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(new FuturesUnordered<>())) {
            assertDone(task.pollNext());
        }
    }

    /**
     * The budget rule futures-rs keeps too: once two futures woke themselves during their own
     * poll (out of their task's budget), the poll stops and leaves the rest queued; it woke the
     * task, and the next poll carries on where it stopped.
     */
    @Test
    void aPollStopsAfterTwoFuturesYieldedAndTheNextCarriesOn() {
        int n = 10;
        int[] polls = new int[n];
        List<PollFuture<Integer>> futures = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            futures.add(cx -> {
                if (polls[index]++ == 0) {
                    cx.waker().wake(); // yields once, then is ready
                    return Poll.pending();
                }
                return Poll.ready(index);
            });
        }
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(futures))) {
            assertPending(task.pollNext());
            assertTrue(task.isWoken());
            assertEquals(2, Arrays.stream(polls).sum(), "the poll stopped after two yields");
            List<Integer> values = new ArrayList<>();
            for (int round = 0; round < 100 && values.size() < n; round++) {
                Poll<Integer> poll = task.pollNext();
                if (poll.isReady()) {
                    values.add(poll.value());
                } else {
                    assertTrue(task.isWoken(), "pending, and the task not woken");
                }
            }
            assertEquals(n, values.size());
            assertEquals(2 * n, Arrays.stream(polls).sum(), "each future polled twice: its yield and its value");
            assertDone(task.pollNext());
        }
    }

    /** futures-rs: {@code polled_only_once_at_most_per_iteration}, with futures that do not wake themselves. */
    @Test
    void everyPendingFutureIsPolledOnceByTheFirstPoll() {
        List<ProbeFuture<Integer>> rx = probes(33);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(rx))) {
            assertPending(task.pollNext());
            assertPending(task.pollNext());
        }
        rx.forEach(probe -> assertEquals(1, probe.polls(), "a future not woken is not polled again"));
    }

    /** futures-rs: {@code clear}: clear closes the futures and makes a done set live again. */
    @Test
    void clear() {
        FuturesUnordered<Integer> tasks = FuturesUnordered.of(List.of(Futures.ready(1), Futures.ready(2)));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(tasks)) {
            assertReady(task.pollNext(), 1);
            assertFalse(tasks.isEmpty());
            tasks.clear();
            assertTrue(tasks.isEmpty());

            ProbeFuture<Integer> three = new ProbeFuture<>();
            tasks.push(three);
            assertFalse(tasks.isEmpty());
            tasks.clear();
            assertTrue(tasks.isEmpty());
            assertTrue(three.isCancelled(), "clear closes the futures it drops");

            assertDone(task.pollNext());
            assertTrue(tasks.isTerminated());
            tasks.clear();
            assertFalse(tasks.isTerminated());
        }
    }

    /** futures-rs: {@code clear_in_loop}: push 24, take one, clear, many times; nothing leaks. */
    @Test
    void clearInLoop() {
        FuturesUnordered<Integer> futures = new FuturesUnordered<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(futures)) {
            for (int round = 0; round < 1_000; round++) {
                List<ProbeFuture<Integer>> batch = probes(24);
                batch.forEach(futures::push);
                assertPending(task.pollNext());
                batch.get(round % 24).complete(round);
                assertReady(task.pollNext(), round);
                futures.clear();
                batch.forEach(probe -> assertEquals(1, probe.closes()));
                assertTrue(futures.isEmpty());
            }
        }
    }

    /** ready_queue.rs: {@code basic_usage}. */
    @Test
    void basicUsage() {
        FuturesUnordered<String> queue = new FuturesUnordered<>();
        List<ProbeFuture<String>> rx = List.of(new ProbeFuture<>(), new ProbeFuture<>(), new ProbeFuture<>());
        rx.forEach(queue::push);
        try (MockStreamTask<String> task = MockStreamTask.spawn(queue)) {
            assertPending(task.pollNext());
            rx.get(1).complete("hello");
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), "hello");
            assertPending(task.pollNext());
            rx.get(0).complete("world");
            rx.get(2).complete("world2");
            assertReady(task.pollNext(), "world");
            assertReady(task.pollNext(), "world2");
            assertDone(task.pollNext());
        }
    }

    /**
     * ready_queue.rs: {@code resolving_errors}. Deliberately different: a failed future fails the
     * stream (a {@code PollStream}'s failure is final) and closes the others; a recovered future
     * goes on as futures-rs's {@code Err} item does.
     */
    @Test
    void resolvingErrors() {
        List<ProbeFuture<String>> rx = List.of(new ProbeFuture<>(), new ProbeFuture<>(), new ProbeFuture<>());
        FuturesUnordered<String> queue = new FuturesUnordered<>();
        rx.forEach(future -> queue.push(future.recover(error -> "canceled")));
        try (MockStreamTask<String> task = MockStreamTask.spawn(queue)) {
            assertPending(task.pollNext());
            rx.get(1).fail(new IllegalStateException("sender dropped"));
            assertReady(task.pollNext(), "canceled");
            assertPending(task.pollNext());
            rx.get(0).fail(new IllegalStateException("sender dropped"));
            rx.get(2).complete("world2");
            assertReady(task.pollNext(), "canceled");
            assertReady(task.pollNext(), "world2");
            assertDone(task.pollNext());
        }

        List<ProbeFuture<String>> plain = List.of(new ProbeFuture<>(), new ProbeFuture<>());
        FuturesUnordered<String> failing = FuturesUnordered.of(plain);
        try (MockStreamTask<String> task = MockStreamTask.spawn(failing)) {
            assertPending(task.pollNext());
            IllegalStateException dropped = new IllegalStateException("sender dropped");
            plain.get(1).fail(dropped);
            assertEquals(dropped, assertFailed(task.pollNext(), IllegalStateException.class));
            assertTrue(plain.get(0).isCancelled(), "the other future is closed at the failure");
            assertTrue(failing.isTerminated());
            assertThrows(IllegalStateException.class, () -> failing.push(Futures.ready("late")));
        }
    }

    /** ready_queue.rs: {@code dropping_ready_queue}: closing the set cancels every future once. */
    @Test
    void droppingReadyQueue() {
        List<ProbeFuture<Integer>> rx = probes(3);
        FuturesUnordered<Integer> queue = FuturesUnordered.of(rx);
        rx.forEach(probe -> assertFalse(probe.isCancelled()));
        queue.close();
        queue.close();
        rx.forEach(probe -> assertTrue(probe.isCancelled()));
        rx.forEach(probe -> assertEquals(1, probe.closes()));
        ProbeFuture<Integer> late = new ProbeFuture<>();
        assertThrows(IllegalStateException.class, () -> queue.push(late));
        assertEquals(1, late.closes(), "a future pushed after close is closed, not leaked");
    }

    @Test
    void aNullValueFailsTheSetAndNullArgumentsAreRejected() {
        try (MockStreamTask<Object> task = MockStreamTask.spawn(FuturesUnordered.of(List.of(Futures.ready(null))))) {
            NullPointerException error = assertFailed(task.pollNext(), NullPointerException.class);
            assertTrue(error.getMessage().contains("FuturesUnordered"), error.getMessage());
        }
        assertThrows(NullPointerException.class, () -> new FuturesUnordered<>().push(null));
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> FuturesUnordered.of(Arrays.asList(Futures.ready(1), null)));
        assertTrue(element.getMessage().contains("futures[1]"), element.getMessage());
    }

    @Test
    void aChildGetsTheAttachmentAndAWakerThatWakesTheTask() {
        ProbeFuture<Integer> child = new ProbeFuture<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(List.of(child)))) {
            assertPending(task.pollNext());
            assertFalse(task.isWoken());
            child.complete(1);
            assertTrue(task.isWoken());
            assertEquals(1, task.wakeCount());
            assertReady(task.pollNext(), 1);
        }
    }

    @Test
    void collectsEveryValueOfManyFutures() {
        List<PollFuture<Integer>> futures = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            futures.add(Futures.ready(i));
        }
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(futures))) {
            List<Integer> values = task.drainToDone();
            assertEquals(futures.size(), values.size());
            assertEquals(values.stream().sorted().collect(Collectors.toList()), values, "FIFO for futures ready at once");
        }
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
            return StreamSubject.of((PollStream<Object>) FuturesUnordered.of(all))
                    .emits(i -> items.get(i).complete("v" + i), i -> "v" + i)
                    .failsWith(keeper::fail)
                    .upstream(Upstream.of(keeper));
        }
    }
}
