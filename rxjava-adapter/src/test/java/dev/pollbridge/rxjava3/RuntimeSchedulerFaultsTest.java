package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fault catalogue of {@code RxJavaBridge.scheduler}: runnables that throw (direct, on a
 * worker, periodic), an {@code onSchedule} hook that throws, a closed runtime. On a one-worker
 * runtime that must still run tasks afterwards, with nothing in its uncaught-failure handler.
 */
class RuntimeSchedulerFaultsTest extends OnRuntime {

    RuntimeSchedulerFaultsTest() {
        super(1, "sched-faults-");
    }

    private Scheduler scheduler;

    @BeforeEach
    void start() {
        scheduler = RxJavaBridge.scheduler(runtime);
    }

    @AfterEach
    void stop() {
        scheduler.shutdown();
    }

    @Test
    void aDirectTaskThatThrowsIsReportedAndTheNextTaskRuns() {
        IllegalStateException thrown = new IllegalStateException("task threw");
        scheduler.scheduleDirect(() -> {
            throw thrown;
        });
        assertSame(thrown, rxErrors.awaitOne());
        CountDownLatch next = new CountDownLatch(1);
        scheduler.scheduleDirect(next::countDown);
        await().atMost(WAIT).until(() -> next.getCount() == 0);
    }

    @Test
    void aWorkerTaskThatThrowsIsReportedAndTheWorkersLaterTasksRunInOrder() {
        Scheduler.Worker worker = scheduler.createWorker();
        IllegalStateException thrown = new IllegalStateException("worker task threw");
        List<Integer> order = new CopyOnWriteArrayList<>();
        worker.schedule(() -> order.add(1));
        worker.schedule(() -> {
            throw thrown;
        });
        worker.schedule(() -> order.add(2));
        worker.schedule(() -> order.add(3), 5, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> order.size() == 3);
        assertEquals(List.of(1, 2, 3), order);
        assertSame(thrown, rxErrors.awaitOne());
        worker.dispose();
    }

    @Test
    void aPeriodicTaskThatThrowsStopsAndIsReportedOnce() {
        for (boolean onWorker : new boolean[] {false, true}) {
            IllegalStateException thrown = new IllegalStateException("periodic threw");
            AtomicInteger runs = new AtomicInteger();
            Runnable task = () -> {
                runs.incrementAndGet();
                throw thrown;
            };
            Scheduler.Worker worker = scheduler.createWorker();
            Disposable periodic = onWorker
                    ? worker.schedulePeriodically(task, 0, 1, TimeUnit.MILLISECONDS)
                    : scheduler.schedulePeriodicallyDirect(task, 0, 1, TimeUnit.MILLISECONDS);
            await().atMost(WAIT).until(periodic::isDisposed);
            CountDownLatch later = new CountDownLatch(1);
            scheduler.scheduleDirect(later::countDown, 20, TimeUnit.MILLISECONDS);
            await().atMost(WAIT).until(() -> later.getCount() == 0);
            assertEquals(1, runs.get());
            worker.dispose();
        }
        assertEquals(2, rxErrors.awaitCount(2).size());
    }

    @Test
    void anOnScheduleHookThatThrowsFailsTheScheduleCallAndSpawnsNothing() {
        IllegalStateException thrown = new IllegalStateException("hook threw");
        RxJavaPlugins.setScheduleHandler(task -> {
            throw thrown;
        });
        try {
            long spawnedBefore = runtime.metrics().tasksSpawned();
            assertSame(thrown, assertThrows(IllegalStateException.class, () -> scheduler.scheduleDirect(() -> {})));
            Scheduler.Worker worker = scheduler.createWorker();
            assertSame(thrown, assertThrows(IllegalStateException.class, () -> worker.schedule(() -> {})));
            worker.dispose();
            assertEquals(spawnedBefore, runtime.metrics().tasksSpawned());
        } finally {
            RxJavaPlugins.setScheduleHandler(null);
        }
    }

    @Test
    void disposingATaskTwiceOrAfterItRanDoesNothing() {
        CountDownLatch ran = new CountDownLatch(1);
        Disposable task = scheduler.scheduleDirect(ran::countDown);
        await().atMost(WAIT).until(() -> ran.getCount() == 0);
        task.dispose();
        task.dispose();
        assertTrue(task.isDisposed());
        Disposable delayed = scheduler.scheduleDirect(() -> {}, 1, TimeUnit.HOURS);
        delayed.dispose();
        delayed.dispose();
        await().atMost(WAIT).until(() -> ((RuntimeScheduler) scheduler).liveTasks() == 0);
        rxErrors.assertNone();
    }
}
