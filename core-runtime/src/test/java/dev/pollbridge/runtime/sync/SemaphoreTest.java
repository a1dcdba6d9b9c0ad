package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SemaphoreTest {

    @Test
    void acquireTakesAndClosingThePermitGivesBackOnce() {
        Semaphore semaphore = new Semaphore(3);
        Permit permit;
        try (MockTask<Permit> acquire = MockTask.spawn(semaphore.acquireMany(2))) {
            permit = assertReadyPermit(acquire);
        }
        assertEquals(2, permit.count());
        assertEquals(1, semaphore.availablePermits());
        permit.close();
        permit.close();
        assertTrue(permit.isReleased());
        assertEquals(3, semaphore.availablePermits(), "released exactly once");
    }

    @Test
    void badRequestsFailEarly() {
        assertThrows(IllegalArgumentException.class, () -> new Semaphore(-1));
        Semaphore semaphore = new Semaphore(2);
        assertThrows(IllegalArgumentException.class, () -> semaphore.acquireMany(0));
        assertThrows(IllegalArgumentException.class, () -> semaphore.tryAcquire(0));
        assertThrows(IllegalArgumentException.class, () -> semaphore.addPermits(-1));
        assertThrows(IllegalArgumentException.class, () -> semaphore.forgetPermits(-1));
        assertTrue(semaphore.tryAcquire(3).isEmpty(), "more than it has: not now (addPermits may make them)");
    }

    @Test
    void waitersAreServedInFifoOrder() {
        Semaphore semaphore = new Semaphore(1);
        Permit held = semaphore.tryAcquire().orElseThrow();
        try (MockTask<Permit> first = MockTask.spawn(semaphore.acquire());
                MockTask<Permit> second = MockTask.spawn(semaphore.acquire())) {
            assertPending(first.poll());
            assertPending(second.poll());
            held.close();
            assertTrue(first.isWoken());
            assertFalse(second.isWoken());
            Permit firstPermit = assertReadyPermit(first);
            assertPending(second.poll());
            firstPermit.close();
            assertTrue(second.isWoken());
            assertReadyPermit(second).close();
        }
        assertEquals(1, semaphore.availablePermits());
    }

    @Test
    void aLargeRequestAtTheHeadIsNotOvertakenBySmallOnes() {
        Semaphore semaphore = new Semaphore(3);
        Permit held = semaphore.tryAcquire(2).orElseThrow();
        try (MockTask<Permit> large = MockTask.spawn(semaphore.acquireMany(3));
                MockTask<Permit> small = MockTask.spawn(semaphore.acquireMany(1))) {
            assertPending(large.poll());
            assertPending(small.poll()); // one permit is free, but the large request is first
            assertEquals(Optional.empty(), semaphore.tryAcquire(), "tryAcquire does not jump the queue");
            held.close();
            assertTrue(large.isWoken());
            assertFalse(small.isWoken());
            assertReadyPermit(large).close();
            assertTrue(small.isWoken());
            assertReadyPermit(small).close();
        }
    }

    @Test
    void aDroppedWaitingAcquireLeavesTheQueueAndLetsTheNextOneGo() {
        Semaphore semaphore = new Semaphore(2);
        Permit held = semaphore.tryAcquire(1).orElseThrow();
        MockTask<Permit> large = MockTask.spawn(semaphore.acquireMany(2));
        try (MockTask<Permit> small = MockTask.spawn(semaphore.acquireMany(1))) {
            assertPending(large.poll());
            assertPending(small.poll());
            large.close();
            assertTrue(small.isWoken(), "the head left, the free permit goes to the next");
            assertReadyPermit(small).close();
        }
        held.close();
        assertEquals(0, large.wakeCount());
        assertEquals(2, semaphore.availablePermits());
    }

    @Test
    void permitsGrantedToADroppedAcquireAreGivenBack() {
        Semaphore semaphore = new Semaphore(1);
        Permit held = semaphore.tryAcquire().orElseThrow();
        MockTask<Permit> granted = MockTask.spawn(semaphore.acquire());
        assertPending(granted.poll());
        held.close();
        assertTrue(granted.isWoken());
        assertEquals(0, semaphore.availablePermits(), "assigned to the woken acquire");
        granted.close(); // never polled again
        assertEquals(1, semaphore.availablePermits(), "no permit leaked");
    }

    @Test
    void closingACompletedAcquireDoesNotReleaseThePermit() {
        Semaphore semaphore = new Semaphore(1);
        MockTask<Permit> acquire = MockTask.spawn(semaphore.acquire());
        Permit permit = assertReadyPermit(acquire);
        acquire.close();
        assertEquals(0, semaphore.availablePermits());
        permit.close();
        assertEquals(1, semaphore.availablePermits());
    }

    @Test
    void theLatestWakerIsWoken() {
        Semaphore semaphore = new Semaphore(1);
        Permit held = semaphore.tryAcquire().orElseThrow();
        PollFuture<Permit> acquire = semaphore.acquire();
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(acquire.poll(Context.of(first)));
        assertPending(acquire.poll(Context.of(second)));
        held.close();
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        acquire.poll(Context.of(second)).value().close();
        acquire.close();
        assertEquals(1, semaphore.availablePermits());
    }

    @Test
    void pollingAfterReadyThrows() {
        Semaphore semaphore = new Semaphore(1);
        try (MockTask<Permit> acquire = MockTask.spawn(semaphore.acquire())) {
            assertReadyPermit(acquire).close();
            assertThrows(IllegalStateException.class, acquire::poll);
        }
    }

    private static Permit assertReadyPermit(MockTask<Permit> task) {
        return assertReady(task.poll());
    }

    /**
     * Fault containment: a waiter whose waker throws does not leave the next waiter asleep; the
     * releasing caller sees the throwable, and no permit is lost.
     */
    @Test
    void aWakerThatThrowsDoesNotLeaveTheOtherWaitersAsleep() {
        Semaphore semaphore = new Semaphore(2);
        Permit both = semaphore.tryAcquire(2).orElseThrow();
        IllegalStateException broken = new IllegalStateException("broken waker");
        PollFuture<Permit> first = semaphore.acquire();
        assertPending(first.poll(Context.of(() -> {
            throw broken;
        })));
        CountingWaker secondWaker = new CountingWaker();
        PollFuture<Permit> second = semaphore.acquire();
        assertPending(second.poll(Context.of(secondWaker)));

        assertSame(broken, assertThrows(IllegalStateException.class, both::close));
        assertEquals(1, secondWaker.count(), "the second waiter was still woken");
        Permit firstPermit = assertReady(first.poll(Context.of(() -> {})));
        Permit secondPermit = assertReady(second.poll(Context.of(secondWaker)));
        firstPermit.close();
        secondPermit.close();
        assertEquals(2, semaphore.availablePermits());
    }
}
