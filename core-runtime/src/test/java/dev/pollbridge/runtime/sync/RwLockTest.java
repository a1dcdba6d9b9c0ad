package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.test.MockTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tokio's {@code tokio/tests/sync_rwlock.rs}, ported in our own words: each test names the Tokio
 * test it ports. Not ported: {@code into_inner} (it needs Rust's exclusive ownership),
 * {@code zero_max_readers_const} (there is no const constructor), and
 * {@code try_downgrade_map} (there are no mapped guards); {@code downgrade_map} is ported as
 * {@code downgrade()}, which maps nothing.
 */
class RwLockTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("rwlock-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** Tokio: {@code read_shared}. */
    @Test
    void readsAreShared() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockReadGuard<Integer>> t1 = MockTask.spawn(lock.read());
                MockTask<RwLockReadGuard<Integer>> t2 = MockTask.spawn(lock.read())) {
            RwLockReadGuard<Integer> g1 = assertReady(t1.poll());
            RwLockReadGuard<Integer> g2 = assertReady(t2.poll());
            g1.close();
            g2.close();
        }
    }

    /** Tokio: {@code write_shared_pending}. */
    @Test
    void aWriteWaitsForAReader() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockReadGuard<Integer>> t1 = MockTask.spawn(lock.read());
                MockTask<RwLockWriteGuard<Integer>> t2 = MockTask.spawn(lock.write())) {
            RwLockReadGuard<Integer> g1 = assertReady(t1.poll());
            assertPending(t2.poll());
            g1.close();
        }
    }

    /** Tokio: {@code read_exclusive_pending}. */
    @Test
    void aReadWaitsForTheWriter() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockWriteGuard<Integer>> t1 = MockTask.spawn(lock.write());
                MockTask<RwLockReadGuard<Integer>> t2 = MockTask.spawn(lock.read())) {
            RwLockWriteGuard<Integer> g1 = assertReady(t1.poll());
            assertPending(t2.poll());
            g1.close();
        }
    }

    /** Tokio: {@code exhaust_reading}. */
    @Test
    void readersBeyondTheBoundWaitForOneToClose() {
        RwLock<Integer> lock = new RwLock<>(100, 1024);
        List<RwLockReadGuard<Integer>> reads = new ArrayList<>();
        while (true) {
            MockTask<RwLockReadGuard<Integer>> task = MockTask.spawn(lock.read());
            Poll<RwLockReadGuard<Integer>> poll = task.poll();
            if (poll.isPending()) {
                task.close();
                break;
            }
            reads.add(poll.value());
        }
        assertEquals(1024, reads.size());
        try (MockTask<RwLockReadGuard<Integer>> t1 = MockTask.spawn(lock.read())) {
            assertPending(t1.poll());
            reads.remove(reads.size() - 1).close();
            assertTrue(t1.isWoken());
            assertReady(t1.poll()).close();
        }
        reads.forEach(RwLockReadGuard::close);
    }

    /** Tokio: {@code zero_max_readers}. */
    @Test
    void zeroReadersFailsEarly() {
        assertThrows(IllegalArgumentException.class, () -> new RwLock<>(100, 0));
    }

    /** Tokio: {@code write_exclusive_pending}. */
    @Test
    void aWriteWaitsForTheWriter() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockWriteGuard<Integer>> t1 = MockTask.spawn(lock.write());
                MockTask<RwLockWriteGuard<Integer>> t2 = MockTask.spawn(lock.write())) {
            RwLockWriteGuard<Integer> g1 = assertReady(t1.poll());
            assertPending(t2.poll());
            g1.close();
        }
    }

    /** Tokio: {@code write_shared_drop}. */
    @Test
    void aWriteGoesWhenTheReaderCloses() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockReadGuard<Integer>> t1 = MockTask.spawn(lock.read());
                MockTask<RwLockWriteGuard<Integer>> t2 = MockTask.spawn(lock.write())) {
            RwLockReadGuard<Integer> g1 = assertReady(t1.poll());
            assertPending(t2.poll());
            g1.close();
            assertTrue(t2.isWoken());
            assertReady(t2.poll()).close();
        }
    }

    /** Tokio: {@code write_read_shared_pending}: a waiting writer holds back later readers. */
    @Test
    void aWaitingWriteHoldsBackLaterReads() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockReadGuard<Integer>> t1 = MockTask.spawn(lock.read());
                MockTask<RwLockReadGuard<Integer>> t2 = MockTask.spawn(lock.read());
                MockTask<RwLockWriteGuard<Integer>> t3 = MockTask.spawn(lock.write());
                MockTask<RwLockReadGuard<Integer>> t4 = MockTask.spawn(lock.read())) {
            RwLockReadGuard<Integer> g1 = assertReady(t1.poll());
            RwLockReadGuard<Integer> g2 = assertReady(t2.poll());
            assertPending(t3.poll());
            assertPending(t4.poll()); // writers are not starved
            assertTrue(lock.tryRead().isEmpty(), "tryRead does not jump the queue");
            g1.close();
            g2.close();
            assertTrue(t3.isWoken());
            assertFalse(t4.isWoken());
            assertReady(t3.poll()).close();
            assertTrue(t4.isWoken());
            assertReady(t4.poll()).close();
        }
    }

    /** Tokio: {@code write_read_shared_drop_pending}. */
    @Test
    void readsGoOnWhenTheWaitingWriteIsClosed() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (MockTask<RwLockReadGuard<Integer>> t1 = MockTask.spawn(lock.read());
                MockTask<RwLockReadGuard<Integer>> t3 = MockTask.spawn(lock.read())) {
            RwLockReadGuard<Integer> g1 = assertReady(t1.poll());
            MockTask<RwLockWriteGuard<Integer>> t2 = MockTask.spawn(lock.write());
            assertPending(t2.poll());
            assertPending(t3.poll());
            t2.close();
            assertTrue(t3.isWoken());
            assertReady(t3.poll()).close();
            g1.close();
        }
    }

    /** Tokio: {@code read_uncontested}. */
    @Test
    void anUncontestedRead() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (RwLockReadGuard<Integer> guard = runtime.blockOn(lock.read())) {
            assertEquals(100, guard.get());
        }
    }

    /** Tokio: {@code write_uncontested}. */
    @Test
    void anUncontestedWrite() {
        RwLock<Integer> lock = new RwLock<>(100);
        try (RwLockWriteGuard<Integer> guard = runtime.blockOn(lock.write())) {
            guard.set(guard.get() + 50);
            assertEquals(150, guard.get());
        }
    }

    /** Tokio: {@code write_order}: locks are served in the order they are first polled. */
    @Test
    void writesAreServedInTheOrderTheyAreAwaited() {
        RwLock<List<Integer>> lock = new RwLock<>(new ArrayList<>());
        PollFuture<Void> second = lock.write().map(guard -> {
            try (guard) {
                guard.get().add(2);
            }
            return null;
        });
        PollFuture<Void> first = lock.write().map(guard -> {
            try (guard) {
                guard.get().add(1);
            }
            return null;
        });
        runtime.blockOn(first);
        runtime.blockOn(second);
        try (RwLockReadGuard<List<Integer>> guard = runtime.blockOn(lock.read())) {
            assertEquals(List.of(1, 2), guard.get());
        }
    }

    /** Tokio: {@code multithreaded}: four tasks on two workers write 1,000 times each. */
    @Test
    void tasksOnSeveralThreadsWriteWithoutLosingAnUpdate() {
        Barrier barrier = new Barrier(5);
        RwLock<Integer> lock = new RwLock<>(0);
        for (int add : new int[] {2, 3, 5, 7}) {
            runtime.spawn(Async.run(() -> {
                for (int i = 0; i < 1000; i++) {
                    try (RwLockWriteGuard<Integer> guard = Async.await(lock.write())) {
                        guard.set(guard.get() + add);
                    }
                }
                Async.await(barrier.arriveAndWait());
                return null;
            })).close();
        }
        runtime.blockOn(barrier.arriveAndWait());
        try (RwLockReadGuard<Integer> guard = runtime.blockOn(lock.read())) {
            assertEquals(17_000, guard.get());
        }
    }

    /** Tokio: {@code try_write}. */
    @Test
    void tryWriteFailsWhileAReaderIsOpen() {
        RwLock<Integer> lock = new RwLock<>(0);
        RwLockReadGuard<Integer> read = runtime.blockOn(lock.read());
        assertTrue(lock.tryWrite().isEmpty());
        read.close();
        lock.tryWrite().orElseThrow().close();
    }

    /** Tokio: {@code try_read_try_write}. */
    @Test
    void tryReadAndTryWrite() {
        RwLock<Integer> lock = new RwLock<>(15);
        try (RwLockReadGuard<Integer> rg1 = lock.tryRead().orElseThrow()) {
            assertEquals(15, rg1.get());
            assertTrue(lock.tryWrite().isEmpty());
            try (RwLockReadGuard<Integer> rg2 = lock.tryRead().orElseThrow()) {
                assertEquals(15, rg2.get());
            }
        }
        try (RwLockWriteGuard<Integer> wg = lock.tryWrite().orElseThrow()) {
            wg.set(1515);
            assertTrue(lock.tryRead().isEmpty());
        }
        try (RwLockReadGuard<Integer> read = lock.tryRead().orElseThrow()) {
            assertEquals(1515, read.get());
        }
    }

    /** Tokio: {@code downgrade_map}, without the map: the waiting read gets in only after the downgrade. */
    @Test
    void downgradeLetsReadersInButNoWriter() {
        RwLock<Object> lock = new RwLock<>(new Object());
        RwLockWriteGuard<Object> write = runtime.blockOn(lock.write());
        try (MockTask<RwLockReadGuard<Object>> read = MockTask.spawn(lock.read());
                MockTask<RwLockWriteGuard<Object>> laterWrite = MockTask.spawn(lock.write())) {
            assertPending(read.poll()); // no read while a write guard is open
            RwLockReadGuard<Object> downgraded = write.downgrade();
            assertTrue(write.isClosed());
            assertThrows(IllegalStateException.class, write::get);
            assertThrows(IllegalStateException.class, write::downgrade);
            RwLockReadGuard<Object> other = assertReady(read.poll());
            assertSame(downgraded.get(), other.get()); // the same value
            assertPending(laterWrite.poll());
            other.close();
            assertPending(laterWrite.poll());
            downgraded.close();
            assertTrue(laterWrite.isWoken());
            assertReady(laterWrite.poll()).close();
        }
    }

    // ---- beyond the Tokio file -----------------------------------------------------------------

    @Test
    void aWriteThatWasCollectingPermitsGivesThemBackWhenClosed() {
        RwLock<Integer> lock = new RwLock<>(0, 3);
        RwLockReadGuard<Integer> r1 = lock.tryRead().orElseThrow();
        RwLockReadGuard<Integer> r2 = lock.tryRead().orElseThrow();
        MockTask<RwLockWriteGuard<Integer>> write = MockTask.spawn(lock.write());
        assertPending(write.poll()); // holds the one free permit while it waits
        r1.close(); // now it holds two of three
        write.close();
        Optional<RwLockReadGuard<Integer>> r3 = lock.tryRead();
        Optional<RwLockReadGuard<Integer>> r4 = lock.tryRead();
        assertTrue(r3.isPresent() && r4.isPresent(), "the write gave back what it had collected");
        assertTrue(lock.tryRead().isEmpty(), "three readers at most");
        r2.close();
        r3.get().close();
        r4.get().close();
        lock.tryWrite().orElseThrow().close();
    }

    @Test
    void aClosedGuardRefusesAccessAndUnlocksOnce() {
        RwLock<Integer> lock = new RwLock<>(1);
        RwLockWriteGuard<Integer> write = lock.tryWrite().orElseThrow();
        write.close();
        RwLockWriteGuard<Integer> next = lock.tryWrite().orElseThrow();
        write.close();
        assertTrue(lock.tryRead().isEmpty(), "a guard released twice");
        assertThrows(IllegalStateException.class, () -> write.set(2));
        next.close();
        RwLockReadGuard<Integer> read = lock.tryRead().orElseThrow();
        read.close();
        assertThrows(IllegalStateException.class, read::get);
        assertEquals("RwLock[1]", lock.toString());
    }
}
