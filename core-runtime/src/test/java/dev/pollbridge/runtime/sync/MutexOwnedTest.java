package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tokio's {@code tokio/tests/sync_mutex_owned.rs}, ported in our own words: each test names the
 * Tokio test it ports. Every Java guard is owned (docs/sync.md, "Mutex"): Tokio's
 * {@code lock_owned()} is {@code lock()}, and what ownership buys, a guard that outlives the code
 * that locked it and is released by another task, is what these ports check.
 */
class MutexOwnedTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("mutex-owned-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** Tokio: {@code straight_execution}: each guard is released by a task it was handed to. */
    @Test
    void guardsHandedToOtherTasksReadWriteAndUnlock() {
        Mutex<Integer> mutex = new Mutex<>(100);
        for (int expected = 100; expected > 97; expected--) {
            MutexGuard<Integer> guard = runtime.blockOn(mutex.lock());
            assertSame(mutex, guard.mutex());
            int next = expected - 1;
            int seen = runtime.blockOn(runtime.spawn(cx -> { // the guard moves into this task
                try (guard) {
                    int value = guard.get();
                    guard.set(next);
                    return Poll.ready(value);
                }
            }));
            assertEquals(expected, seen);
            assertTrue(guard.isClosed(), "the other task released it");
        }
        try (MutexGuard<Integer> guard = mutex.tryLock().orElseThrow()) {
            assertEquals(97, guard.get());
        }
    }

    /** Tokio: {@code readiness}: a guard released on another thread wakes the waiting lock. */
    @Test
    void aGuardReleasedElsewhereWakesTheWaitingLock() throws InterruptedException {
        Mutex<Integer> mutex = new Mutex<>(100);
        try (MockTask<MutexGuard<Integer>> t1 = MockTask.spawn(mutex.lock());
                MockTask<MutexGuard<Integer>> t2 = MockTask.spawn(mutex.lock())) {
            MutexGuard<Integer> guard = assertReady(t1.poll());
            assertPending(t2.poll());
            Thread elsewhere = new Thread(guard::close);
            elsewhere.start();
            elsewhere.join();
            assertTrue(t2.isWoken());
            assertReady(t2.poll()).close();
        }
    }

    /** Tokio: {@code aborted_future_1}: an aborted task that owns the guard unlocks. */
    @Test
    void anAbortedTaskThatOwnsTheGuardUnlocks() {
        Mutex<Integer> mutex = new Mutex<>(0);
        JoinHandle<Void> holder = runtime.spawn(Async.run(() -> {
            try (MutexGuard<Integer> guard = Async.await(mutex.lock())) {
                Async.await(runtime.sleep(Duration.ofSeconds(1000)));
            }
            return null;
        }));
        await().atMost(Duration.ofSeconds(10)).until(() -> mutex.toString().equals("Mutex[<locked>]"));
        holder.abort();
        assertThrows(CancellationException.class, () -> runtime.blockOn(holder)); // after its finally ran
        mutex.tryLock().orElseThrow().close();
    }

    /** Tokio: {@code aborted_future_2}: an aborted task waiting for the lock leaves nothing behind. */
    @Test
    void anAbortedTaskWaitingForTheLockLeavesNothingBehind() {
        Mutex<Integer> mutex = new Mutex<>(0);
        try (MutexGuard<Integer> held = runtime.blockOn(mutex.lock())) {
            JoinHandle<MutexGuard<Integer>> waiting = runtime.spawn(mutex.lock());
            waiting.abort();
            assertThrows(CancellationException.class, () -> runtime.blockOn(waiting));
            assertEquals(0, held.get());
        }
        runtime.blockOn(runtime.timeout(mutex.lock(), Duration.ofSeconds(10))).close();
    }

    /** Tokio: {@code try_lock_owned}. */
    @Test
    void tryLockGivesAnOwnedGuard() {
        Mutex<Integer> mutex = new Mutex<>(0);
        MutexGuard<Integer> g1 = mutex.tryLock().orElseThrow();
        assertTrue(mutex.tryLock().isEmpty());
        runtime.blockOn(runtime.spawn(cx -> {
            g1.close();
            return Poll.ready(null);
        }));
        mutex.tryLock().orElseThrow().close();
    }

    /** Tokio: {@code debug_format}. */
    @Test
    void anOwnedGuardShowsItsData() {
        Mutex<String> mutex = new Mutex<>("debug");
        PollFuture<MutexGuard<String>> lock = mutex.lock();
        try (MutexGuard<String> guard = runtime.blockOn(lock)) {
            assertEquals("debug", guard.toString());
        }
    }
}
