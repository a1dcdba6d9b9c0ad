package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import org.junit.jupiter.api.Nested;

/**
 * {@link Semaphore#acquire()} and {@link Semaphore#acquire(int)} keep the contract while they
 * wait for permits the test holds; a closed acquire leaves the queue, and every permit comes back.
 */
class SemaphoreContractTest {

    @Nested
    class AcquireOne extends PollFutureContract<Permit> {
        @Override
        protected FutureSubject<Permit> subject() {
            Semaphore semaphore = new Semaphore(1);
            Permit held = semaphore.tryAcquire().orElseThrow();
            return acquiring(semaphore, semaphore.acquire(), held, 1);
        }
    }

    @Nested
    class AcquireMany extends PollFutureContract<Permit> {
        @Override
        protected FutureSubject<Permit> subject() {
            Semaphore semaphore = new Semaphore(3);
            Permit held = semaphore.tryAcquire(2).orElseThrow();
            return acquiring(semaphore, semaphore.acquireMany(2), held, 2);
        }
    }

    /** The subject waits until {@code held} is released; afterwards every permit must be back. */
    private static FutureSubject<Permit> acquiring(Semaphore semaphore, dev.pollbridge.api.PollFuture<Permit> acquire,
            Permit held, int count) {
        return FutureSubject.of(acquire)
                .completes(held::close, permit -> {
                    assertEquals(count, permit.count());
                    permit.close();
                })
                .upstream(Upstream.queued("place among the waiters", WaitQueues.nonEmpty(semaphore, "waiters")))
                .closing(() -> {
                    held.close();
                    assertEquals(semaphore.totalPermits(), semaphore.availablePermits(), "every permit came back");
                });
    }
}
