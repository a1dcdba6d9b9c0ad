package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Tokio's {@code tokio/tests/sync_mutex.rs}, ported in our own words: each test names the Tokio
 * test it ports. Dropping a guard is {@code close()}. The commented-out {@code lock} test of that
 * file is not ported.
 */
class MutexTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("mutex-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** Tokio: {@code straight_execution}. */
    @Test
    void lockReadsAndWritesTheData() {
        Mutex<Integer> mutex = new Mutex<>(100);
        try (MockTask<MutexGuard<Integer>> task = MockTask.spawn(mutex.lock());
                MutexGuard<Integer> guard = assertReady(task.poll())) {
            assertEquals(100, guard.get());
            guard.set(99);
        }
        try (MockTask<MutexGuard<Integer>> task = MockTask.spawn(mutex.lock());
                MutexGuard<Integer> guard = assertReady(task.poll())) {
            assertEquals(99, guard.get());
            guard.set(98);
        }
        try (MockTask<MutexGuard<Integer>> task = MockTask.spawn(mutex.lock());
                MutexGuard<Integer> guard = assertReady(task.poll())) {
            assertEquals(98, guard.get());
        }
    }

    /** Tokio: {@code readiness}. */
    @Test
    void aWaitingLockIsWokenWhenTheGuardCloses() {
        Mutex<Integer> mutex = new Mutex<>(100);
        try (MockTask<MutexGuard<Integer>> t1 = MockTask.spawn(mutex.lock());
                MockTask<MutexGuard<Integer>> t2 = MockTask.spawn(mutex.lock())) {
            MutexGuard<Integer> guard = assertReady(t1.poll());
            assertPending(t2.poll()); // held by guard
            guard.close();
            assertTrue(t2.isWoken());
            assertReady(t2.poll()).close();
        }
    }

    /** Tokio: {@code aborted_future_1}: a task cancelled while it holds the guard unlocks. */
    @Test
    void aCancelledHolderUnlocks() {
        Mutex<Integer> mutex = new Mutex<>(0);
        PollFuture<Void> holder = Async.run(() -> {
            try (MutexGuard<Integer> guard = Async.await(mutex.lock())) {
                Async.await(runtime.sleep(Duration.ofSeconds(1000)));
                Async.await(runtime.sleep(Duration.ofSeconds(1000)));
            }
            return null;
        });
        assertTimesOut(() -> runtime.blockOn(runtime.timeout(holder, Duration.ofMillis(1))));
        // blockOn returned only after the cancelled body ran its finally: nothing holds the lock
        assertTrue(mutex.tryLock().map(guard -> {
            guard.close();
            return true;
        }).orElse(false), "the mutex is locked");
        runtime.blockOn(runtime.timeout(mutex.lock(), Duration.ofSeconds(10))).close();
    }

    /** Tokio: {@code aborted_future_2}: a lock cancelled while it waits leaves no lock behind. */
    @Test
    void aLockCancelledWhileWaitingLeavesNothingBehind() {
        Mutex<Integer> mutex = new Mutex<>(0);
        try (MutexGuard<Integer> held = runtime.blockOn(mutex.lock())) {
            assertTimesOut(() -> runtime.blockOn(runtime.timeout(mutex.lock(), Duration.ofMillis(1))));
            assertEquals(0, held.get());
        }
        runtime.blockOn(runtime.timeout(mutex.lock(), Duration.ofSeconds(10))).close();
    }

    /** {@code blockOn} wraps the checked {@link TimeoutException} of a timeout. */
    static void assertTimesOut(Executable call) {
        assertInstanceOf(TimeoutException.class, assertThrows(CompletionException.class, call).getCause());
    }

    /** Tokio: {@code try_lock}. */
    @Test
    void tryLockSucceedsOnlyWhenFree() {
        Mutex<Integer> mutex = new Mutex<>(0);
        Optional<MutexGuard<Integer>> g1 = mutex.tryLock();
        assertTrue(g1.isPresent());
        assertTrue(mutex.tryLock().isEmpty());
        g1.get().close();
        Optional<MutexGuard<Integer>> g3 = mutex.tryLock();
        assertTrue(g3.isPresent());
        g3.get().close();
    }

    /** Tokio: {@code debug_format}: a guard shows its data. */
    @Test
    void aGuardShowsItsData() {
        Mutex<String> mutex = new Mutex<>("debug");
        try (MutexGuard<String> guard = runtime.blockOn(mutex.lock())) {
            assertEquals("debug", guard.toString());
        }
    }

    /** Tokio: {@code mutex_debug}. */
    @Test
    void aMutexShowsItsDataUnlessLocked() {
        Mutex<String> mutex = new Mutex<>("data");
        assertEquals("Mutex[data]", mutex.toString());
        try (MutexGuard<String> guard = runtime.blockOn(mutex.lock())) {
            assertEquals("Mutex[<locked>]", mutex.toString());
        }
    }

    // ---- beyond the Tokio file -----------------------------------------------------------------

    @Test
    void aClosedGuardUnlocksOnceAndRefusesAccess() {
        Mutex<Integer> mutex = new Mutex<>(1);
        MutexGuard<Integer> guard = mutex.tryLock().orElseThrow();
        guard.close();
        assertTrue(guard.isClosed());
        MutexGuard<Integer> next = mutex.tryLock().orElseThrow();
        guard.close(); // a second close must not unlock the next holder's lock
        assertTrue(mutex.tryLock().isEmpty(), "a guard released twice");
        assertThrows(IllegalStateException.class, guard::get);
        assertThrows(IllegalStateException.class, () -> guard.set(2));
        next.close();
    }

    @Test
    void aLockGrantedButNeverPolledAgainUnlocksWhenClosed() {
        Mutex<Integer> mutex = new Mutex<>(1);
        MutexGuard<Integer> held = mutex.tryLock().orElseThrow();
        MockTask<MutexGuard<Integer>> granted = MockTask.spawn(mutex.lock());
        try (MockTask<MutexGuard<Integer>> behind = MockTask.spawn(mutex.lock())) {
            assertPending(granted.poll());
            assertPending(behind.poll());
            held.close(); // the lock goes to `granted`, which is never polled again
            assertTrue(granted.isWoken());
            granted.close();
            assertTrue(behind.isWoken(), "the lock passed on to the next in line");
            assertReady(behind.poll()).close();
        }
        mutex.tryLock().orElseThrow().close();
    }

    @Test
    void locksAreServedInTheOrderOfTheirFirstPoll() {
        Mutex<String> mutex = new Mutex<>("");
        MutexGuard<String> held = mutex.tryLock().orElseThrow();
        PollFuture<MutexGuard<String>> createdFirst = mutex.lock();
        try (MockTask<MutexGuard<String>> second = MockTask.spawn(createdFirst);
                MockTask<MutexGuard<String>> first = MockTask.spawn(mutex.lock())) {
            assertPending(first.poll());
            assertPending(second.poll());
            assertTrue(mutex.tryLock().isEmpty(), "tryLock does not jump the queue");
            held.close();
            assertTrue(first.isWoken());
            assertFalse(second.isWoken());
            assertReady(first.poll()).close();
            assertReady(second.poll()).close();
        }
    }
}
