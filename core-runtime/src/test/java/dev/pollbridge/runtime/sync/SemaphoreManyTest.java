package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The semaphore operations of issue 17, item 4: {@code addPermits}, {@code forgetPermits},
 * {@code Permit.forget}, {@code close}, {@code acquireMany} (fair, partially assigned and
 * cancel-safe) and {@code tryAcquire(n)}. Each test names the test it follows in Tokio's
 * {@code tests/sync_semaphore.rs} or in its batch semaphore's unit tests
 * ({@code src/sync/tests/semaphore_batch.rs}).
 */
class SemaphoreManyTest {

    /** Tokio: {@code add_permits}: an acquire on an empty semaphore is served by added permits. */
    @Test
    void addPermitsServesTheWaiter() {
        Semaphore semaphore = new Semaphore(0);
        try (MockTask<Permit> acquire = MockTask.spawn(semaphore.acquire())) {
            assertPending(acquire.poll());
            semaphore.addPermits(1);
            assertTrue(acquire.isWoken());
            assertReady(acquire.poll()).close();
        }
        assertEquals(1, semaphore.availablePermits());
        assertEquals(1, semaphore.totalPermits());
    }

    /** Tokio: {@code forget}: a forgotten permit never comes back. */
    @Test
    void forget() {
        Semaphore semaphore = new Semaphore(1);
        Permit permit = semaphore.tryAcquire().orElseThrow();
        assertEquals(0, semaphore.availablePermits());
        permit.forget();
        permit.close(); // a forgotten permit is not released later either
        assertEquals(0, semaphore.availablePermits());
        assertEquals(0, semaphore.totalPermits());
        assertTrue(semaphore.tryAcquire().isEmpty());
    }

    /** Tokio's {@code forget_permits}: only available permits are removed. */
    @Test
    void forgetPermitsRemovesOnlyAvailableOnes() {
        Semaphore semaphore = new Semaphore(5);
        Permit held = semaphore.tryAcquire(2).orElseThrow();
        assertEquals(3, semaphore.forgetPermits(10));
        assertEquals(0, semaphore.availablePermits());
        assertEquals(2, semaphore.totalPermits());
        held.close();
        assertEquals(2, semaphore.availablePermits());
    }

    /** Tokio: {@code add_max_amount_permits} and {@code add_more_than_max_amount_permits1}/{@code 2}. */
    @Test
    void permitsAreBoundedByMaxPermits() {
        Semaphore empty = new Semaphore(0);
        empty.addPermits(Semaphore.MAX_PERMITS);
        assertEquals(Semaphore.MAX_PERMITS, empty.availablePermits());
        Semaphore one = new Semaphore(1);
        assertThrows(IllegalArgumentException.class, () -> one.addPermits(Semaphore.MAX_PERMITS));
        Semaphore almost = new Semaphore(Semaphore.MAX_PERMITS - 1);
        almost.addPermits(1);
        assertThrows(IllegalArgumentException.class, () -> almost.addPermits(1));
    }

    /** Tokio: {@code close_semaphore_prevents_acquire}. */
    @Test
    void closeSemaphorePreventsAcquire() {
        Semaphore semaphore = new Semaphore(5);
        semaphore.close();
        assertTrue(semaphore.isClosed());
        assertEquals(5, semaphore.availablePermits());
        try (MockTask<Permit> acquire = MockTask.spawn(semaphore.acquireMany(10))) {
            SemaphoreClosedException closed = assertFailed(acquire.poll(), SemaphoreClosedException.class);
            assertTrue(closed.getMessage().contains("closed"));
        }
        assertEquals(5, semaphore.availablePermits());
        assertThrows(SemaphoreClosedException.class, semaphore::tryAcquire);
    }

    /** Tokio: {@code close_semaphore_notifies_permit1} and {@code close_semaphore_notifies_permit2}. */
    @Test
    void closeFailsEveryWaiterAndGivesBackWhatTheyHeld() {
        Semaphore semaphore = new Semaphore(2);
        Permit held = semaphore.tryAcquire(1).orElseThrow();
        try (MockTask<Permit> partial = MockTask.spawn(semaphore.acquireMany(2));
                MockTask<Permit> behind = MockTask.spawn(semaphore.acquire())) {
            assertPending(partial.poll());
            assertPending(behind.poll());
            assertEquals(0, semaphore.availablePermits(), "the head holds the free one");
            semaphore.close();
            assertTrue(partial.isWoken() && behind.isWoken());
            assertFailed(partial.poll(), SemaphoreClosedException.class);
            assertFailed(behind.poll(), SemaphoreClosedException.class);
            assertEquals(1, semaphore.availablePermits(), "the head's partial permit came back");
        }
        held.close(); // permits held across the close still release
        assertEquals(2, semaphore.availablePermits());
        semaphore.close(); // idempotent
    }

    /**
     * Tokio: {@code cancel_acquire_releases_permits}: an acquire of 8 at the head takes the 6 that
     * are free and waits for 2 more; dropped, it gives the 6 back.
     */
    @Test
    void aDroppedPartialAcquireManyGivesBackWhatItGot() {
        Semaphore semaphore = new Semaphore(10);
        Permit four = semaphore.tryAcquire(4).orElseThrow();
        assertEquals(6, semaphore.availablePermits());
        MockTask<Permit> acquire = MockTask.spawn(semaphore.acquireMany(8));
        assertPending(acquire.poll());
        assertEquals(0, semaphore.availablePermits(), "assigned to the head, not available");
        acquire.close();
        assertEquals(6, semaphore.availablePermits());
        assertTrue(semaphore.tryAcquire(6).isPresent());
        four.close();
    }

    /** Permits released one by one accumulate at the head; the head completes once it has them all. */
    @Test
    void acquireManyCollectsReleasesAtTheHeadAndHoldsBackTheRest() {
        Semaphore semaphore = new Semaphore(3);
        List<Permit> singles = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            singles.add(semaphore.tryAcquire().orElseThrow());
        }
        try (MockTask<Permit> many = MockTask.spawn(semaphore.acquireMany(3));
                MockTask<Permit> one = MockTask.spawn(semaphore.acquire())) {
            assertPending(many.poll());
            assertPending(one.poll());
            singles.get(0).close();
            singles.get(1).close();
            assertFalse(many.isWoken());
            assertFalse(one.isWoken(), "fair: the small request waits behind the large one");
            assertTrue(semaphore.tryAcquire().isEmpty(), "tryAcquire does not jump the queue");
            singles.get(2).close();
            assertTrue(many.isWoken());
            Permit three = assertReady(many.poll());
            assertEquals(3, three.count());
            assertFalse(one.isWoken());
            three.close();
            assertTrue(one.isWoken());
            assertReady(one.poll()).close();
        }
        assertEquals(3, semaphore.availablePermits());
    }

    /** Tokio: {@code try_acquire} and {@code try_acquire_many}. */
    @Test
    void tryAcquireMany() {
        Semaphore semaphore = new Semaphore(3);
        Permit two = semaphore.tryAcquire(2).orElseThrow();
        assertTrue(semaphore.tryAcquire(2).isEmpty());
        Permit one = semaphore.tryAcquire(1).orElseThrow();
        two.close();
        one.close();
        assertTrue(semaphore.tryAcquire(3).isPresent());
    }

    /** Tokio's {@code acquire_many} on a semaphore filled by others (join_set_coop's pattern). */
    @Test
    void acquireManyOfPermitsThatDoNotExistYetWaitsForAddPermits() {
        Semaphore semaphore = new Semaphore(0);
        try (MockTask<Permit> all = MockTask.spawn(semaphore.acquireMany(3))) {
            assertPending(all.poll());
            semaphore.addPermits(1);
            semaphore.addPermits(1);
            assertFalse(all.isWoken());
            semaphore.addPermits(1);
            assertTrue(all.isWoken());
            assertEquals(3, assertReady(all.poll()).count());
        }
    }
}
