package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tokio's {@code tokio/tests/sync_barrier.rs}, ported in our own words: each test names the Tokio
 * test it ports ({@code barrier_future_is_send} has no Java counterpart). Tokio's {@code wait()}
 * is {@code arriveAndWait()}; its {@code is_leader()} is the future's value.
 */
class BarrierTest {

    /** Tokio: {@code zero_does_not_block}. */
    @Test
    void zeroPartiesDoesNotBlock() {
        Barrier barrier = new Barrier(0);
        for (int round = 0; round < 2; round++) {
            assertTrue(assertReady(MockTask.spawn(barrier.arriveAndWait()).poll()));
        }
    }

    /** Tokio: {@code single}. */
    @Test
    void oneParty() {
        Barrier barrier = new Barrier(1);
        for (int round = 0; round < 3; round++) {
            assertTrue(assertReady(MockTask.spawn(barrier.arriveAndWait()).poll()));
        }
    }

    /** Tokio: {@code tango}. */
    @Test
    void twoPartiesOneLeader() {
        Barrier barrier = new Barrier(2);
        try (MockTask<Boolean> w1 = MockTask.spawn(barrier.arriveAndWait());
                MockTask<Boolean> w2 = MockTask.spawn(barrier.arriveAndWait())) {
            assertPending(w1.poll());
            boolean leader2 = assertReady(w2.poll());
            assertTrue(w1.isWoken());
            boolean leader1 = assertReady(w1.poll());
            assertNotEquals(leader1, leader2, "exactly one leader");
        }
    }

    /** Tokio: {@code lots}: ten rounds of a hundred. */
    @Test
    void tenRoundsOfAHundred() {
        Barrier barrier = new Barrier(100);
        for (int round = 0; round < 10; round++) {
            List<MockTask<Boolean>> waiting = new ArrayList<>();
            for (int i = 0; i < 99; i++) {
                MockTask<Boolean> wait = MockTask.spawn(barrier.arriveAndWait());
                assertPending(wait.poll());
                waiting.add(wait);
            }
            for (MockTask<Boolean> wait : waiting) {
                assertPending(wait.poll());
            }
            boolean foundLeader = assertReady(MockTask.spawn(barrier.arriveAndWait()).poll()); // passes the barrier
            for (MockTask<Boolean> wait : waiting) {
                if (assertReady(wait.poll())) {
                    assertFalse(foundLeader);
                    foundLeader = true;
                }
                wait.close();
            }
            assertTrue(foundLeader);
        }
    }

    // ---- beyond the Tokio file: a wait is cancel-safe here (a deliberate difference) ------------

    @Test
    void aClosedWaitWithdrawsItsArrival() {
        Barrier barrier = new Barrier(2);
        MockTask<Boolean> dropped = MockTask.spawn(barrier.arriveAndWait());
        assertPending(dropped.poll());
        assertEquals(1, barrier.waiting());
        dropped.close();
        assertEquals(0, barrier.waiting(), "withdrawn");
        try (MockTask<Boolean> w1 = MockTask.spawn(barrier.arriveAndWait());
                MockTask<Boolean> w2 = MockTask.spawn(barrier.arriveAndWait())) {
            assertPending(w1.poll()); // in Tokio the dropped wait would have counted: w1 would pass alone
            assertTrue(assertReady(w2.poll()));
            assertFalse(assertReady(w1.poll()));
        }
        assertEquals(0, dropped.wakeCount());
    }

    @Test
    void closingAfterTheRoundCompletedChangesNothing() {
        Barrier barrier = new Barrier(2);
        MockTask<Boolean> released = MockTask.spawn(barrier.arriveAndWait());
        assertPending(released.poll());
        assertTrue(assertReady(MockTask.spawn(barrier.arriveAndWait()).poll()));
        released.close(); // released but never polled again: the round stays complete
        assertEquals(0, barrier.waiting());
        try (MockTask<Boolean> next = MockTask.spawn(barrier.arriveAndWait())) {
            assertPending(next.poll());
            assertEquals(1, barrier.waiting());
        }
    }

    @Test
    void badInputAndRepollFailEarly() {
        assertThrows(IllegalArgumentException.class, () -> new Barrier(-1));
        assertEquals(1, new Barrier(0).parties());
        try (MockTask<Boolean> wait = MockTask.spawn(new Barrier(1).arriveAndWait())) {
            assertReady(wait.poll());
            assertThrows(IllegalStateException.class, wait::poll);
        }
    }
}
