package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.SchedulerContract;
import dev.pollbridge.test.SchedulerDriver;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RxJavaBridge#scheduler}: RxJava tasks as runtime tasks, on a real two-worker runtime: the
 * {@link SchedulerContract}, and what is RxJava's own (failures to {@code RxJavaPlugins.onError},
 * shutdown and start, a closed runtime, {@code now}, RxJava's operators). The frame is
 * {@link OnRuntime}'s: nothing may reach the runtime's uncaught-failure handler.
 */
class RuntimeSchedulerTest extends SchedulerContract<Disposable, Scheduler.Worker> {

    private static final Duration WAIT = OnRuntime.WAIT;

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;
    private Scheduler scheduler;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("rx-sched-").uncaughtFailureHandler(uncaught::add).build();
        scheduler = RxJavaBridge.scheduler(runtime);
    }

    @AfterEach
    void stop() {
        scheduler.shutdown();
        runtime.close();
        assertEquals(List.of(), uncaught, "nothing reaches the runtime's uncaught-failure handler");
    }

    @Override
    protected SchedulerDriver<Disposable, Scheduler.Worker> scheduler() {
        return new RxJavaSchedulerDriver((RuntimeScheduler) scheduler);
    }

    @Override
    protected SchedulerDriver<Disposable, Scheduler.Worker> newScheduler() {
        return new RxJavaSchedulerDriver((RuntimeScheduler) RxJavaBridge.scheduler(runtime));
    }

    @Override
    protected boolean isRuntimeWorker(Thread thread) {
        return thread.getName().startsWith("rx-sched-");
    }

    /** As RxJava's own workers: a disposed worker returns a disposed handle and runs nothing. */
    @Override
    protected void assertRefusesTasks(Scheduler.Worker disposed) {
        AtomicBoolean ran = new AtomicBoolean();
        assertSame(Disposable.disposed(), disposed.schedule(() -> ran.set(true)));
        assertSame(Disposable.disposed(), disposed.schedulePeriodically(() -> ran.set(true), 1, 1, TimeUnit.MILLISECONDS));
        assertFalse(ran.get());
    }

    @Override
    protected AutoCloseable decorateTasks(UnaryOperator<Runnable> decorator) {
        RxJavaPlugins.setScheduleHandler(decorator::apply);
        return () -> RxJavaPlugins.setScheduleHandler(null);
    }

    /** RxJava's adapter runs a worker's immediate task before a delayed one scheduled earlier. */
    @Override
    protected boolean runsAnImmediateTaskBeforeAnEarlierDelayedOne() {
        return true;
    }

    @Override
    protected void assertNoFailureReported() {
        rxErrors.assertNone();
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

}
