package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Nested;

/**
 * {@link Mutex#lock()}, {@link RwLock#read()} and {@link RwLock#write()} keep the contract while
 * they wait for a guard the test holds; a closed lock future leaves the queue, and afterwards the
 * lock is free again (no guard, granted or not, leaks).
 */
class LockContractTest {

    @Nested
    class MutexLock extends PollFutureContract<MutexGuard<String>> {
        @Override
        protected FutureSubject<MutexGuard<String>> subject() {
            Mutex<String> mutex = new Mutex<>("data");
            MutexGuard<String> held = mutex.tryLock().orElseThrow();
            return FutureSubject.of(mutex.lock())
                    .completes(held::close, guard -> {
                        assertEquals("data", guard.get());
                        guard.close();
                    })
                    .upstream(Upstream.queued("place among the waiting locks", queueOf(mutex)))
                    .closing(() -> {
                        held.close();
                        assertTrue(mutex.tryLock().map(free -> {
                            free.close();
                            return true;
                        }).orElse(false), "the mutex is free again");
                    });
        }
    }

    @Nested
    class RwLockRead extends PollFutureContract<RwLockReadGuard<String>> {
        @Override
        protected FutureSubject<RwLockReadGuard<String>> subject() {
            RwLock<String> lock = new RwLock<>("data");
            RwLockWriteGuard<String> held = lock.tryWrite().orElseThrow();
            return FutureSubject.of(lock.read())
                    .completes(held::close, guard -> {
                        assertEquals("data", guard.get());
                        guard.close();
                    })
                    .upstream(Upstream.queued("place among the waiting locks", queueOf(lock)))
                    .closing(() -> freeAfter(lock, held));
        }
    }

    @Nested
    class RwLockWrite extends PollFutureContract<RwLockWriteGuard<String>> {
        @Override
        protected FutureSubject<RwLockWriteGuard<String>> subject() {
            RwLock<String> lock = new RwLock<>("data");
            RwLockReadGuard<String> held = lock.tryRead().orElseThrow();
            PollFuture<RwLockWriteGuard<String>> write = lock.write();
            return FutureSubject.of(write)
                    .completes(held::close, guard -> {
                        guard.set("written");
                        guard.close();
                    })
                    .upstream(Upstream.queued("place among the waiting locks", queueOf(lock)))
                    .closing(() -> freeAfter(lock, held));
        }
    }

    private static void freeAfter(RwLock<String> lock, AutoCloseable held) throws Exception {
        held.close();
        assertTrue(lock.tryWrite().map(free -> {
            free.close();
            return true;
        }).orElse(false), "the lock is free again");
    }

    private static BooleanSupplier queueOf(Object lock) {
        return WaitQueues.nonEmpty(WaitQueues.read(lock, "semaphore"), "waiters");
    }
}
