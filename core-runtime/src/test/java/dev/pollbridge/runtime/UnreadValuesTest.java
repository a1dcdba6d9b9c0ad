package dev.pollbridge.runtime;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.runtime.sync.PromiseFuture;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reliability item 5: a value that nobody will read is closed, exactly once, when its producer is
 * a {@link Promise} whose reader is closed unread, or a {@code spawnBlocking} job whose future is
 * closed before its result was polled. A semaphore {@link Permit} is the resource a user would
 * leak; the stresses count the closes of a resource of their own.
 */
@Timeout(60)
class UnreadValuesTest {

    private static final int ROUNDS = 2_000;
    private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(15);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(4)
            .uncaughtFailureHandler(uncaught::add).build();
    private final Semaphore semaphore = new Semaphore(1);

    @AfterEach
    void stop() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    /** A resource that counts its closes. */
    static final class Resource implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    private Permit acquire() {
        return runtime.blockOn(semaphore.acquire());
    }

    // ---- Promise ----

    @Test
    void aPermitCompletedIntoAPromiseWhoseReaderWasClosedIsReturned() {
        Promise<Permit> promise = new Promise<>();
        promise.future().close();
        promise.complete(acquire());
        assertTrue(promise.isCancelled());
        assertEquals(1, semaphore.availablePermits(), "the permit nobody will read came back");
    }

    @Test
    void aPermitInAPromiseWhoseReaderIsClosedWithoutAPollIsReturned() {
        Promise<Permit> promise = new Promise<>();
        PromiseFuture<Permit> reader = promise.future();
        promise.complete(acquire());
        reader.close();
        assertEquals(1, semaphore.availablePermits());
    }

    @Test
    void aPermitInAPromiseWhoseReaderIsClosedAfterAPendingPollIsReturned() {
        Promise<Permit> promise = new Promise<>();
        try (MockTask<Permit> reader = MockTask.spawn(promise.future())) {
            assertPending(reader.poll());
            promise.complete(acquire());
            assertTrue(reader.isWoken());
        } // closed without polling the value
        assertEquals(1, semaphore.availablePermits());
    }

    @Test
    void aPermitThePromisesReaderTookIsTheReadersAndIsNotClosed() {
        Promise<Permit> promise = new Promise<>();
        try (MockTask<Permit> reader = MockTask.spawn(promise.future())) {
            promise.complete(acquire());
            Permit permit = reader.poll().value();
            reader.close();
            assertEquals(0, semaphore.availablePermits(), "the reader holds the permit");
            permit.close();
        }
        assertEquals(1, semaphore.availablePermits());
    }

    @Test
    void tryCompleteIntoAClosedReaderLeavesTheValueWithTheCaller() {
        Promise<Resource> promise = new Promise<>();
        promise.future().close();
        Resource resource = new Resource();
        assertTrue(!promise.tryComplete(resource));
        assertEquals(0, resource.closes.get(), "not taken: still the caller's");
    }

    /** The reader's close races the completion on another thread: the value is closed exactly once. */
    @Test
    void aCompletionRacingTheReadersCloseClosesTheValueExactlyOnceStress() throws InterruptedException {
        long deadline = System.nanoTime() + MAX_NANOS;
        int rounds = 0;
        for (; rounds < ROUNDS && System.nanoTime() - deadline < 0; rounds++) {
            Promise<Resource> promise = new Promise<>();
            PromiseFuture<Resource> reader = promise.future();
            if (rounds % 2 == 1) {
                assertPending(reader.poll(dev.pollbridge.api.Context.of(() -> {})));
            }
            Resource resource = new Resource();
            CountDownLatch start = new CountDownLatch(1);
            Thread completer = new Thread(() -> {
                awaitQuietly(start);
                promise.complete(resource);
            });
            completer.start();
            start.countDown();
            if (ThreadLocalRandom.current().nextBoolean()) {
                Thread.onSpinWait();
            }
            reader.close();
            completer.join(10_000);
            assertEquals(1, resource.closes.get(), "round " + rounds);
        }
        assertTrue(rounds >= 200, "ran " + rounds + " rounds");
    }

    // ---- spawnBlocking ----

    @Test
    void theResultOfAJobThatFinishedBeforeItsFutureWasClosedUnpolledIsClosed() {
        Resource resource = new Resource();
        CountDownLatch running = new CountDownLatch(1);
        PollFuture<Resource> job = runtime.spawnBlocking(() -> {
            running.countDown();
            return resource;
        });
        // Started, then no thread busy any more: the job finished (its pool thread stays busy until then).
        await().until(() -> running.getCount() == 0 && runtime.metrics().blockingThreadsBusy() == 0);
        job.close();
        assertEquals(1, resource.closes.get());
    }

    @Test
    void aPermitReturnedByAJobThatIgnoresTheInterruptAfterItsFutureWasClosedIsReturned() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PollFuture<Permit> job = runtime.spawnBlocking(() -> {
            running.countDown();
            while (true) {
                try {
                    release.await();
                    break;
                } catch (InterruptedException ignored) {
                    // this job does not stop when interrupted
                }
            }
            return semaphore.tryAcquire().orElseThrow();
        });
        assertTrue(running.await(10, TimeUnit.SECONDS));
        job.close(); // interrupts the job, which goes on
        release.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> runtime.metrics().blockingThreadsBusy() == 0);
        assertEquals(1, semaphore.availablePermits(), "the permit nobody will read came back");
    }

    @Test
    void theResultOfAJobIsTheOwnersOnceReturned() {
        Resource resource = new Resource();
        PollFuture<Resource> job = runtime.spawnBlocking(() -> resource);
        assertSame(resource, runtime.blockOn(job)); // blockOn closes the future after the value
        assertEquals(0, resource.closes.get());
    }

    /** A close racing the job's end: the result is closed exactly once, whichever came first. */
    @Test
    void aCloseRacingTheJobsEndClosesTheResultExactlyOnceStress() {
        long deadline = System.nanoTime() + MAX_NANOS;
        int rounds = 0;
        for (; rounds < ROUNDS && System.nanoTime() - deadline < 0; rounds++) {
            Resource resource = new Resource();
            AtomicInteger made = new AtomicInteger();
            PollFuture<Resource> job = runtime.spawnBlocking(() -> {
                made.incrementAndGet();
                return resource;
            });
            int spins = ThreadLocalRandom.current().nextInt(2_000);
            for (int i = 0; i < spins; i++) {
                Thread.onSpinWait();
            }
            job.close();
            await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1))
                    .until(() -> runtime.metrics().blockingThreadsBusy() == 0 && runtime.metrics().blockingQueueDepth() == 0);
            // A job dequeued before it started made no resource; one that ran made one to close.
            assertEquals(made.get(), resource.closes.get(), "round " + rounds + ": closes of the result");
        }
        assertTrue(rounds >= 200, "ran " + rounds + " rounds");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
