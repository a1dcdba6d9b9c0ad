package dev.pollbridge.runtime;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class BlockingPoolTest {

    @Test
    void excessWorkQueuesAndAClosedQueuedJobNeverRuns() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(1).build()) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger ran = new AtomicInteger();
            PollFuture<String> first = runtime.spawnBlocking(() -> {
                release.await(10, TimeUnit.SECONDS);
                return "first";
            });
            PollFuture<String> second = runtime.spawnBlocking(() -> {
                ran.incrementAndGet();
                return "second";
            });
            PollFuture<String> third = runtime.spawnBlocking(() -> "third");
            await().until(() -> runtime.metrics().blockingQueueDepth() == 2);
            assertEquals(1, runtime.metrics().blockingThreadsBusy());
            second.close();
            assertEquals(1, runtime.metrics().blockingQueueDepth(), "closing a queued job removes it");
            release.countDown();
            assertEquals("first", runtime.blockOn(first));
            assertEquals("third", runtime.blockOn(third));
            assertEquals(0, ran.get());
        }
    }

    @Test
    void sequentialJobsReuseAnIdleThread() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(16).threadNamePrefix("reuse-").build()) {
            java.util.Set<String> threads = new java.util.HashSet<>();
            for (int i = 0; i < 20; i++) {
                threads.add(runtime.blockOn(runtime.spawnBlocking(() -> Thread.currentThread().getName())));
                await().until(() -> runtime.metrics().blockingThreadsBusy() == 0);
            }
            // Usually one thread; a job submitted while the last one is between jobs may start another.
            assertTrue(threads.size() <= 4, "a thread per job instead of reuse: " + threads);
        }
    }

    @Test
    void thePoolGrowsToItsMaximumAndIdleThreadsExitAfterTheKeepAlive() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(3)
                .blockingKeepAlive(Duration.ofMillis(100)).threadNamePrefix("keepalive-").build()) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch started = new CountDownLatch(3);
            List<PollFuture<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int value = i;
                futures.add(runtime.spawnBlocking(() -> {
                    started.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    return value;
                }));
            }
            assertTrue(started.await(10, TimeUnit.SECONDS));
            assertEquals(3, runtime.metrics().blockingThreadsBusy());
            assertEquals(1, runtime.metrics().blockingQueueDepth());
            release.countDown();
            for (int i = 0; i < 4; i++) {
                assertEquals(i, runtime.blockOn(futures.get(i)));
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> runtime.metrics().blockingThreadsIdle() == 0
                    && Thread.getAllStackTraces().keySet().stream()
                            .noneMatch(t -> t.getName().startsWith("keepalive-blocking-") && t.isAlive()));
        }
    }

    @Test
    void closeDropsQueuedJobsAndInterruptsRunningOnes() throws Exception {
        PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(1).threadNamePrefix("blocking-close-").build();
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger interrupted = new AtomicInteger();
        PollFuture<Void> running = runtime.spawnBlocking(() -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
                throw e;
            }
            return null;
        });
        PollFuture<Void> queued = runtime.spawnBlocking(() -> null);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        runtime.close();
        assertEquals(1, interrupted.get());
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("blocking-close-") && t.isAlive()));
        try (PollRuntime other = PollRuntime.builder().workers(1).build()) {
            assertThrows(CancellationException.class, () -> other.blockOn(queued));
        }
        running.close();
    }
}
