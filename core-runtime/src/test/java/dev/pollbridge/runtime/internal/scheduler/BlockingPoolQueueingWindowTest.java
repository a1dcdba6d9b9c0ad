package dev.pollbridge.runtime.internal.scheduler;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Item 5 of the fault-containment issue: the executor decides the pool is full and rejects a
 * job; before the rejection handler queues it, the last thread's keep-alive ends and the thread
 * exits. The job must still run, without waiting for the next submission.
 */
@Timeout(30)
class BlockingPoolQueueingWindowTest {

    @Test
    void aJobQueuedAfterTheLastThreadExitedStillRuns() throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        EngineConfig config = new EngineConfig(1, 1, Duration.ofMillis(1), "queueing-window-",
                Duration.ofSeconds(1), uncaught::add, Clock.system(), true, null);
        CountDownLatch inWindow = new CountDownLatch(1);
        CountDownLatch leaveWindow = new CountDownLatch(1);
        BlockingPool pool = new BlockingPool(config, new FailureReporter(uncaught::add), () -> {
            inWindow.countDown();
            awaitUninterruptibly(leaveWindow);
        });
        try {
            CountDownLatch releaseFirst = new CountDownLatch(1);
            PollFuture<Integer> first = pool.submit(() -> {
                releaseFirst.await();
                return 1;
            });
            await().until(() -> pool.busy() == 1);

            AtomicReference<PollFuture<Integer>> second = new AtomicReference<>();
            Thread submitter = new Thread(() -> second.set(pool.submit(() -> 2)), "queueing-window-submitter");
            submitter.start();
            assertTrue(inWindow.await(10, TimeUnit.SECONDS), "the full pool rejected the job");

            releaseFirst.countDown(); // the only thread finishes, finds no work within its keep-alive, exits
            await().until(() -> pool.busy() + pool.idle() == 0);
            leaveWindow.countDown(); // now the handler queues the job
            submitter.join();

            CountDownLatch secondDone = new CountDownLatch(1);
            if (second.get().poll(Context.of(secondDone::countDown)).isPending()) {
                assertTrue(secondDone.await(10, TimeUnit.SECONDS), "the queued job never ran");
            }
            assertEquals(1, first.poll(Context.of(() -> {})).value());

            // Healthy: a later job runs, and nothing was reported.
            CountDownLatch laterDone = new CountDownLatch(1);
            PollFuture<Integer> later = pool.submit(() -> 3);
            if (later.poll(Context.of(laterDone::countDown)).isPending()) {
                assertTrue(laterDone.await(10, TimeUnit.SECONDS));
            }
            assertEquals(List.of(), uncaught);
        } finally {
            leaveWindow.countDown();
            pool.shutdown();
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
