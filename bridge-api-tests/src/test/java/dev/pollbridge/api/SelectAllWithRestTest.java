package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Futures#selectAllWithRest}, ported from futures-rs's {@code futures/tests/future_select_all.rs}
 * ({@code smoke}), plus what the select owes the futures it hands back.
 */
class SelectAllWithRestTest {

    /** futures-rs: {@code smoke}: select, then select again over the rest, until none is left. */
    @Test
    void smoke() {
        List<PollFuture<Integer>> v = List.of(Futures.ready(1), Futures.ready(2), Futures.ready(3));
        Set<Integer> c = new HashSet<>(Set.of(1, 2, 3));
        for (int round = 0; round < 3; round++) {
            Selected<Integer, PollFuture<Integer>> selected;
            try (MockTask<Selected<Integer, PollFuture<Integer>>> task =
                    MockTask.spawn(Futures.selectAllWithRest(v))) {
                selected = assertReady(task.poll());
            }
            assertTrue(c.remove(selected.value()));
            assertEquals(0, selected.index());
            v = selected.rest();
        }
        assertTrue(c.isEmpty());
        assertTrue(v.isEmpty());
    }

    @Test
    void theRestAreHandedBackUnclosedAndInOrder() {
        List<ProbeFuture<String>> futures = List.of(new ProbeFuture<>(), new ProbeFuture<>(), new ProbeFuture<>(),
                new ProbeFuture<>());
        try (MockTask<Selected<String, ProbeFuture<String>>> task = MockTask.spawn(Futures.selectAllWithRest(futures))) {
            assertPending(task.poll());
            futures.get(1).complete("b");
            assertTrue(task.isWoken());
            Selected<String, ProbeFuture<String>> selected = assertReady(task.poll());
            assertEquals("b", selected.value());
            assertEquals(1, selected.index());
            assertEquals(List.of(futures.get(0), futures.get(2), futures.get(3)), selected.rest(),
                    "futures-rs's swap_remove would give [0, 3, 2]; the order is kept here");
            assertEquals(1, futures.get(1).closes(), "the winner is closed");
            selected.rest().forEach(rest -> assertFalse(rest.isClosed(), "the rest belong to the caller now"));
            assertThrows(UnsupportedOperationException.class, () -> selected.rest().clear());
        }
        futures.subList(0, 1).forEach(rest -> assertEquals(0, rest.closes()));

        // The new owner polls the rest with its own waker (rule 7).
        List<ProbeFuture<String>> rest = List.of(futures.get(0), futures.get(2), futures.get(3));
        try (MockTask<Selected<String, ProbeFuture<String>>> task = MockTask.spawn(Futures.selectAllWithRest(rest))) {
            assertPending(task.poll());
            futures.get(3).complete("d");
            assertTrue(task.isWoken());
            Selected<String, ProbeFuture<String>> selected = assertReady(task.poll());
            assertEquals(2, selected.index());
            selected.rest().forEach(PollFuture::close);
        }
    }

    @Test
    void aFailedWinnerIsTheOutcomeAndTheRestAreStillHandedBack() {
        ProbeFuture<String> slow = new ProbeFuture<>();
        RuntimeException boom = new RuntimeException("boom");
        try (MockTask<Selected<String, PollFuture<String>>> task =
                MockTask.spawn(Futures.selectAllWithRest(List.of(slow, Futures.failed(boom))))) {
            Selected<String, PollFuture<String>> selected = assertReady(task.poll());
            assertSame(boom, selected.outcome().error());
            assertEquals(1, selected.index());
            assertSame(boom, assertThrows(IllegalStateException.class, selected::value).getCause());
            assertEquals(List.of(slow), selected.rest());
            assertFalse(slow.isClosed());
        }
        slow.close();
    }

    @Test
    void closingBeforeAWinnerClosesEveryFutureOnce() {
        List<ProbeFuture<Integer>> futures = List.of(new ProbeFuture<>(), new ProbeFuture<>());
        PollFuture<Selected<Integer, ProbeFuture<Integer>>> select = Futures.selectAllWithRest(futures);
        try (MockTask<?> task = MockTask.spawn(select)) {
            assertPending(task.poll());
        }
        select.close();
        futures.forEach(future -> assertTrue(future.isCancelled()));
        futures.forEach(future -> assertEquals(1, future.closes()));
    }

    @Test
    void badInputIsRejectedAtBuildTime() {
        assertThrows(IllegalArgumentException.class, () -> Futures.selectAllWithRest(List.of()));
        assertThrows(NullPointerException.class, () -> Futures.selectAllWithRest(null));
        List<PollFuture<Integer>> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> Futures.selectAllWithRest(withNull));
    }

    /** The combinator contract, with the caller closing the rest it was handed. */
    @Nested
    class Contract extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 3;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.selectAllWithRest(children).flatMap(selected -> {
                selected.rest().forEach(PollFuture::close);
                return selected.outcome().isReady() ? Futures.ready(selected.value())
                        : Futures.failed(selected.outcome().error());
            });
        }

        @Override
        protected Object expectedValue() {
            return "v0";
        }

        @Override
        protected int completedByTrigger() {
            return 1;
        }
    }
}
