package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import dev.pollbridge.runtime.task.Coop;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 19, item 4: per-worker counters, queue depths, the blocking pool's size and the poll-time histogram. */
@Timeout(30)
class WorkerMetricsTest {

    @Test
    void perWorkerCountersAddUpToTheTotals() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            for (int i = 0; i < 200; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            PollRuntimeMetrics metrics = runtime.metrics();
            assertEquals(2, metrics.perWorker().size());
            assertEquals(0, metrics.perWorker().get(0).index());
            assertEquals(1, metrics.perWorker().get(1).index());
            long polls = metrics.perWorker().stream().mapToLong(WorkerMetrics::polls).sum();
            long parks = metrics.perWorker().stream().mapToLong(WorkerMetrics::parks).sum();
            long steals = metrics.perWorker().stream().mapToLong(WorkerMetrics::steals).sum();
            assertTrue(polls >= 200, metrics.toString());
            // The totals are read one after another while the workers run: never below the parts read first.
            PollRuntimeMetrics later = runtime.metrics();
            assertTrue(later.polls() >= polls && later.parks() >= parks && later.steals() >= steals, later.toString());
        }
    }

    @Test
    void withTheHistogramOnEveryPollIsInIt() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).pollTimeHistogram(true).build()) {
            for (int i = 0; i < 100; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            JoinHandle<Void> slow = runtime.spawn(cx -> {
                sleepMillis(5); // a 5 ms poll lands in the bucket [4.2 ms, 8.4 ms) or above
                return Poll.ready(null);
            });
            runtime.blockOn(slow);
            await().until(() -> runtime.metrics().pollTimes().totalCount() == runtime.metrics().polls());
            PollRuntimeMetrics metrics = runtime.metrics();
            PollTimeHistogram histogram = metrics.pollTimes();
            assertEquals(101, histogram.totalCount(), histogram.toString());
            long atLeastFourMillis = 0;
            for (int bucket = PollTimeHistogram.bucketOf(4_000_000); bucket < PollTimeHistogram.BUCKETS; bucket++) {
                atLeastFourMillis += histogram.count(bucket);
            }
            assertEquals(1, atLeastFourMillis, histogram.toString());
            assertTrue(histogram.quantileUpperBoundNanos(1.0) > 5_000_000L, histogram.toString());
        }
    }

    @Test
    void theCurrentThreadFlavourHasAHistogramAndNoWorkers() {
        try (PollRuntime runtime = PollRuntime.builder().workers(0).pollTimeHistogram(true).build()) {
            for (int i = 0; i < 10; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            PollRuntimeMetrics metrics = runtime.metrics();
            assertTrue(metrics.perWorker().isEmpty());
            assertEquals(10, metrics.pollTimes().totalCount());
        }
    }

    @Test
    void theHistogramIsOffByDefaultInBothFlavours() {
        for (int workers : new int[] {1, 0}) {
            try (PollRuntime runtime = PollRuntime.builder().workers(workers).build()) {
                for (int i = 0; i < 10; i++) {
                    runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
                }
                await().until(() -> runtime.metrics().polls() >= 10);
                assertEquals(0, runtime.metrics().pollTimes().totalCount(), runtime.metrics()::toString);
            }
        }
    }

    @Test
    void theHistogramDoesNotNeedSlowPollReports() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).pollTimeHistogram(true)
                .slowPollThreshold(Duration.ofDays(365L * 1000)).build()) {
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            await().until(() -> runtime.metrics().pollTimes().totalCount() == 1);
        }
    }

    @Test
    void aTaskThatSpendsItsBudgetIsCountedAsAForcedYield() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            long before = runtime.metrics().budgetForcedYields();
            // Spends one unit per step: 3 * 128 steps make at least 3 forced yields.
            JoinHandle<Integer> spender = runtime.spawn(new PollFuture<Integer>() {
                int steps;

                @Override
                public Poll<Integer> poll(dev.pollbridge.api.Context cx) {
                    while (steps < 3 * 128) {
                        if (!Coop.proceed(cx)) {
                            return Poll.pending();
                        }
                        steps++;
                    }
                    return Poll.ready(steps);
                }
            });
            assertEquals(3 * 128, runtime.blockOn(spender));
            // The worker counts a poll just after it, so the last one may land a moment after the join.
            await().until(() -> runtime.metrics().budgetForcedYields() - before >= 3);
            PollRuntimeMetrics metrics = runtime.metrics();
            assertEquals(metrics.budgetForcedYields(), metrics.perWorker().get(0).budgetForcedYields());
        }
    }

    @Test
    void localQueueDepthShowsTasksWaitingBehindABusyWorker() throws InterruptedException {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).lifoSlot(false).build()) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger ran = new AtomicInteger();
            JoinHandle<Void> spawner = runtime.spawn(cx -> {
                for (int i = 0; i < 10; i++) {
                    runtime.spawn(c -> {
                        ran.incrementAndGet();
                        return Poll.ready(null);
                    }).close();
                }
                awaitLatch(release); // holds the only worker (rule 4 broken on purpose) so the ten stay queued
                return Poll.ready(null);
            });
            await().until(() -> runtime.metrics().localQueueDepth() == 10);
            assertEquals(10, runtime.metrics().perWorker().get(0).localQueueDepth());
            release.countDown();
            runtime.blockOn(spawner);
            await().until(() -> ran.get() == 10 && runtime.metrics().localQueueDepth() == 0);
        }
    }

    @Test
    void blockingPoolSizeAndQueue() throws InterruptedException {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(1).build()) {
            CountDownLatch release = new CountDownLatch(1);
            PollFuture<Void> first = runtime.spawnBlocking(() -> {
                release.await();
                return null;
            });
            PollFuture<Void> second = runtime.spawnBlocking(() -> null);
            await().until(() -> runtime.metrics().blockingQueueDepth() == 1);
            PollRuntimeMetrics saturated = runtime.metrics();
            assertEquals(1, saturated.blockingThreadsMax());
            assertEquals(1, saturated.blockingThreadsBusy());
            release.countDown();
            runtime.blockOn(first);
            runtime.blockOn(second);
            assertEquals(0, runtime.metrics().blockingQueueDepth());
        }
    }

    private static void awaitLatch(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
