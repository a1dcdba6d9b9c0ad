package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link RxJavaBridge#scheduler}: RxJava tasks as runtime tasks, on a real two-worker runtime. */
class RuntimeSchedulerTest extends OnRuntime {

    RuntimeSchedulerTest() {
        super(2, "rx-sched-");
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
    void scheduleDirectRunsOnARuntimeWorkerAndTheTaskIsDisposedAfterwards() {
        AtomicReference<String> thread = new AtomicReference<>();
        Disposable task = scheduler.scheduleDirect(() -> thread.set(Thread.currentThread().getName()));
        await().atMost(WAIT).until(() -> thread.get() != null);
        assertTrue(thread.get().startsWith("rx-sched-"), thread.get());
        await().atMost(WAIT).until(task::isDisposed);
    }

    @Test
    void aDelayedTaskRunsNoEarlierThanItsDelay() {
        long start = System.nanoTime();
        AtomicInteger ranAfterMillis = new AtomicInteger(-1);
        scheduler.scheduleDirect(() -> ranAfterMillis.set((int) ((System.nanoTime() - start) / 1_000_000)), 50, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> ranAfterMillis.get() >= 0);
        assertTrue(ranAfterMillis.get() >= 50, "ran after " + ranAfterMillis.get() + " ms");
    }

    @Test
    void disposingADelayedTaskBeforeItIsDueMeansItNeverRuns() {
        AtomicBoolean ran = new AtomicBoolean();
        Disposable task = scheduler.scheduleDirect(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        task.dispose();
        assertTrue(task.isDisposed());
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.scheduleDirect(marker::countDown, 120, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertFalse(ran.get());
    }

    @Test
    void aPeriodicTaskRepeatsUntilDisposed() {
        AtomicInteger runs = new AtomicInteger();
        Disposable periodic = scheduler.schedulePeriodicallyDirect(runs::incrementAndGet, 0, 2, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> runs.get() >= 5);
        periodic.dispose();
        await().atMost(WAIT).until(periodic::isDisposed);
        int afterDispose = runs.get();
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.scheduleDirect(marker::countDown, 30, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertTrue(runs.get() <= afterDispose + 1, "at most a run in progress finishes");
    }

    @Test
    void operatorsRunOnTheRuntime() throws InterruptedException {
        TestSubscriber<Integer> observedOn = Flowable.range(1, 500).observeOn(scheduler)
                .filter(i -> !Thread.currentThread().getName().startsWith("rx-sched-"))
                .test();
        observedOn.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observedOn.assertResult();

        TestObserver<String> subscribedOn = Single.fromCallable(() -> Thread.currentThread().getName())
                .subscribeOn(scheduler).test();
        subscribedOn.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertTrue(subscribedOn.values().get(0).startsWith("rx-sched-"));

        TestObserver<Long> interval = Observable.interval(5, TimeUnit.MILLISECONDS, scheduler).take(5).test();
        interval.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        interval.assertResult(0L, 1L, 2L, 3L, 4L);

        TestObserver<Integer> delayed = Observable.just(1, 2, 3).delay(10, TimeUnit.MILLISECONDS, scheduler).test();
        delayed.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        delayed.assertResult(1, 2, 3);

        TestObserver<Object> timeout = Single.never().timeout(30, TimeUnit.MILLISECONDS, scheduler).test();
        timeout.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        timeout.assertError(TimeoutException.class);
    }

    @Test
    void aThrowingTaskGoesToRxJavaPluginsAndAPeriodicOneStops() {
        IllegalStateException boom = new IllegalStateException("boom");
        scheduler.scheduleDirect(() -> {
            throw boom;
        });
        assertSame(boom, rxErrors.awaitOne());
        AtomicInteger periodicRuns = new AtomicInteger();
        IllegalStateException periodicBoom = new IllegalStateException("periodic boom");
        Disposable periodic = scheduler.schedulePeriodicallyDirect(() -> {
            periodicRuns.incrementAndGet();
            throw periodicBoom;
        }, 0, 1, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(periodic::isDisposed);
        assertEquals(1, periodicRuns.get());
        assertEquals(List.of(boom, periodicBoom), rxErrors.awaitCount(2));
        Health.assertRuntimeHealthy(runtime);
    }

    @Test
    void shutdownDisposesPendingTasksAndLaterSchedulesDoNothingUntilStart() {
        AtomicBoolean ran = new AtomicBoolean();
        Disposable pending = scheduler.scheduleDirect(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        Scheduler.Worker worker = scheduler.createWorker();
        Disposable pendingOnWorker = worker.schedule(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        scheduler.shutdown();
        assertTrue(pending.isDisposed());
        assertTrue(worker.isDisposed());
        assertTrue(pendingOnWorker.isDisposed());
        assertSame(Disposable.disposed(), scheduler.scheduleDirect(() -> ran.set(true)));
        Scheduler.Worker bornDisposed = scheduler.createWorker();
        assertTrue(bornDisposed.isDisposed());
        assertSame(Disposable.disposed(), bornDisposed.schedule(() -> ran.set(true)));
        scheduler.start();
        CountDownLatch restarted = new CountDownLatch(1);
        scheduler.scheduleDirect(restarted::countDown, 100, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> restarted.getCount() == 0);
        assertFalse(ran.get());
        rxErrors.assertNone();
    }

    @Test
    void aWorkerRunsItsTasksInOrderAndNeverTwoAtOnce() throws InterruptedException {
        Scheduler.Worker worker = scheduler.createWorker();
        int tasksPerProducer = 2_000;
        List<List<Integer>> seen = new ArrayList<>();
        AtomicInteger active = new AtomicInteger();
        AtomicBoolean overlapped = new AtomicBoolean();
        AtomicInteger done = new AtomicInteger();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            List<Integer> order = new ArrayList<>(); // only touched by the worker's serial runs
            seen.add(order);
            producers.add(new Thread(() -> {
                for (int i = 0; i < tasksPerProducer; i++) {
                    int index = i;
                    worker.schedule(() -> {
                        if (active.incrementAndGet() != 1) {
                            overlapped.set(true);
                        }
                        order.add(index);
                        active.decrementAndGet();
                        done.incrementAndGet();
                    });
                }
            }));
        }
        producers.forEach(Thread::start);
        for (Thread producer : producers) {
            producer.join();
        }
        await().atMost(WAIT).until(() -> done.get() == 2 * tasksPerProducer);
        assertFalse(overlapped.get());
        for (List<Integer> order : seen) {
            for (int i = 0; i < tasksPerProducer; i++) {
                assertEquals(i, order.get(i));
            }
        }
        worker.dispose();
    }

    @Test
    void aWorkerRunsDelayedTasksWithTheSameDelayInTheOrderTheyWereScheduled() {
        Scheduler.Worker worker = scheduler.createWorker();
        List<Integer> order = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            int index = i;
            worker.schedule(() -> order.add(index), 5, TimeUnit.MILLISECONDS);
        }
        await().atMost(WAIT).until(() -> order.size() == 1_000);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(i, order.get(i));
        }
        worker.dispose();
    }

    @Test
    void workerDelayedAndPeriodicTasksAlsoRunSeriallyAndADisposedWorkerRunsNothing() {
        Scheduler.Worker worker = scheduler.createWorker();
        List<String> log = new CopyOnWriteArrayList<>();
        AtomicInteger active = new AtomicInteger();
        AtomicBoolean overlapped = new AtomicBoolean();
        Runnable guard = () -> {
            if (active.incrementAndGet() != 1) {
                overlapped.set(true);
            }
            active.decrementAndGet();
        };
        worker.schedule(() -> log.add("late"), 40, TimeUnit.MILLISECONDS);
        worker.schedule(() -> log.add("now"));
        AtomicInteger ticks = new AtomicInteger();
        Disposable periodic = worker.schedulePeriodically(() -> {
            guard.run();
            ticks.incrementAndGet();
        }, 0, 2, TimeUnit.MILLISECONDS);
        for (int i = 0; i < 200; i++) {
            worker.schedule(guard);
        }
        await().atMost(WAIT).until(() -> log.size() == 2 && ticks.get() >= 5);
        assertEquals(List.of("now", "late"), log);
        periodic.dispose();
        worker.dispose();
        assertFalse(overlapped.get());
        assertSame(Disposable.disposed(), worker.schedule(() -> log.add("after dispose")));
        assertSame(Disposable.disposed(), worker.schedulePeriodically(() -> {}, 1, 1, TimeUnit.MILLISECONDS));
    }

    @Test
    void tasksAreDecoratedByRxJavasOnScheduleHook() {
        AtomicInteger decorated = new AtomicInteger();
        RxJavaPlugins.setScheduleHandler(task -> () -> {
            decorated.incrementAndGet();
            task.run();
        });
        try {
            CountDownLatch ran = new CountDownLatch(2);
            scheduler.scheduleDirect(ran::countDown);
            scheduler.createWorker().schedule(ran::countDown);
            await().atMost(WAIT).until(() -> ran.getCount() == 0);
            assertEquals(2, decorated.get());
        } finally {
            RxJavaPlugins.setScheduleHandler(null);
        }
    }

    @Test
    void aClosedRuntimeReportsTheRejectionAndRunsNothing() {
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        Scheduler onClosed = RxJavaBridge.scheduler(closed);
        closed.close();
        assertSame(Disposable.disposed(), onClosed.scheduleDirect(() -> {}));
        assertSame(Disposable.disposed(), onClosed.createWorker().schedule(() -> {}));
        assertSame(Disposable.disposed(), onClosed.createWorker().schedule(() -> {}, 1, TimeUnit.SECONDS));
        List<Throwable> errors = rxErrors.awaitCount(3);
        assertTrue(errors.stream().allMatch(RejectedExecutionException.class::isInstance), errors.toString());
    }

    @Test
    void nowIsTheWallClockOnARuntimeWithTheSystemClock() {
        long before = System.currentTimeMillis();
        long now = scheduler.now(TimeUnit.MILLISECONDS);
        assertTrue(now >= before && now <= System.currentTimeMillis());
        assertEquals(now / 1000, scheduler.createWorker().now(TimeUnit.SECONDS), 1);
    }

    /** Scheduling from two threads races shutdown(): nothing is left behind, nothing runs late. */
    @Test
    void scheduleRacingShutdownStress() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        for (int round = 0; round < 50 && System.nanoTime() < deadline; round++) {
            RuntimeScheduler racing = (RuntimeScheduler) RxJavaBridge.scheduler(runtime);
            Scheduler.Worker worker = racing.createWorker();
            List<Disposable> accepted = new CopyOnWriteArrayList<>();
            AtomicInteger ranAfterShutdown = new AtomicInteger();
            AtomicBoolean shutDown = new AtomicBoolean();
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                boolean onWorker = p == 1;
                producers.add(new Thread(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        Runnable task = () -> {
                            if (shutDown.get()) {
                                ranAfterShutdown.incrementAndGet();
                            }
                        };
                        accepted.add(onWorker ? worker.schedule(task, 5, TimeUnit.MILLISECONDS)
                                : racing.scheduleDirect(task, 5, TimeUnit.MILLISECONDS));
                    }
                }));
            }
            producers.forEach(Thread::start);
            Thread.onSpinWait();
            racing.shutdown();
            shutDown.set(true);
            for (Thread producer : producers) {
                producer.join();
            }
            await().atMost(WAIT).until(() -> racing.liveTasks() == 0);
            for (Disposable task : accepted) {
                assertTrue(task.isDisposed());
            }
            CountDownLatch marker = new CountDownLatch(1);
            scheduler.scheduleDirect(marker::countDown, 20, TimeUnit.MILLISECONDS);
            await().atMost(WAIT).until(() -> marker.getCount() == 0);
            assertTrue(ranAfterShutdown.get() <= 2, "at most a run already in progress per producer: " + ranAfterShutdown.get());
        }
        rxErrors.assertNone();
    }
}
