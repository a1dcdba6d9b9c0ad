package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.SchedulerContract;
import dev.pollbridge.test.SchedulerDriver;
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
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * {@link ReactorBridge#scheduler}: the {@link SchedulerContract} (direct tasks, delays, periods,
 * workers, the schedule hook, disposal racing scheduling), and what is Reactor's own: failures to
 * the runtime and {@code Schedulers.onHandleError}, disposal that rejects, Reactor's operators.
 */
class RuntimeSchedulerTest extends SchedulerContract<Disposable, Scheduler.Worker> {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;
    private Scheduler scheduler;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("sched-test-").uncaughtFailureHandler(uncaught::add).build();
        scheduler = ReactorBridge.scheduler(runtime);
    }

    @AfterEach
    void stop() {
        scheduler.dispose();
        runtime.close();
    }

    @Override
    protected SchedulerDriver<Disposable, Scheduler.Worker> scheduler() {
        return new ReactorSchedulerDriver((RuntimeScheduler) scheduler);
    }

    @Override
    protected SchedulerDriver<Disposable, Scheduler.Worker> newScheduler() {
        return new ReactorSchedulerDriver((RuntimeScheduler) ReactorBridge.scheduler(runtime));
    }

    @Override
    protected boolean isRuntimeWorker(Thread thread) {
        return thread.getName().startsWith("sched-test-");
    }

    /** As Reactor's own workers: a disposed worker throws {@link RejectedExecutionException}. */
    @Override
    protected void assertRefusesTasks(Scheduler.Worker disposed) {
        assertThrows(RejectedExecutionException.class, () -> disposed.schedule(() -> {}));
    }

    @Override
    protected AutoCloseable decorateTasks(UnaryOperator<Runnable> decorator) {
        Schedulers.onScheduleHook("pollbridge-test", decorator::apply);
        return () -> Schedulers.resetOnScheduleHook("pollbridge-test");
    }

    @Test
    void aThrowingTaskIsReportedToTheRuntimeAndAPeriodicOneStops() {
        IllegalStateException boom = new IllegalStateException("boom");
        scheduler.schedule(() -> { throw boom; });
        await().atMost(WAIT).until(() -> uncaught.contains(boom));

        AtomicInteger runs = new AtomicInteger();
        IllegalStateException periodicBoom = new IllegalStateException("periodic boom");
        Disposable periodic = scheduler.schedulePeriodically(() -> {
            runs.incrementAndGet();
            throw periodicBoom;
        }, 0, 5, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> uncaught.contains(periodicBoom));
        await().atMost(WAIT).until(periodic::isDisposed);
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.schedule(marker::countDown, 50, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertEquals(1, runs.get());
    }

    /**
     * Issue 24, item 15: Reactor users configure {@code Schedulers.onHandleError}, and Reactor's
     * own schedulers call it for every task that throws. So does this one, exactly once per
     * failure, besides the runtime's handler (the runtime's counterpart of the thread's
     * uncaught-exception handler that Reactor's schedulers call first), for a direct task, a
     * worker's task and a periodic task, as a Reactor scheduler does side by side.
     */
    @Test
    void aThrowingTaskGoesToSchedulersOnHandleErrorOnceAsOnReactorsOwnSchedulers() {
        List<Throwable> hooked = new CopyOnWriteArrayList<>();
        List<Thread> hookThreads = new CopyOnWriteArrayList<>();
        Schedulers.onHandleError("pollbridge-test", (thread, error) -> {
            hooked.add(error);
            hookThreads.add(thread);
        });
        Scheduler reactors = Schedulers.newSingle("reactor-own");
        try {
            IllegalStateException reactorBoom = new IllegalStateException("on Reactor's own scheduler");
            reactors.schedule(() -> { throw reactorBoom; });
            await().atMost(WAIT).until(() -> hooked.contains(reactorBoom));

            IllegalStateException direct = new IllegalStateException("direct");
            IllegalStateException onAWorker = new IllegalStateException("on a worker");
            IllegalStateException periodic = new IllegalStateException("periodic");
            scheduler.schedule(() -> { throw direct; });
            Scheduler.Worker worker = scheduler.createWorker();
            worker.schedule(() -> { throw onAWorker; });
            scheduler.schedulePeriodically(() -> { throw periodic; }, 0, 5, TimeUnit.MILLISECONDS);
            await().atMost(WAIT).until(() -> hooked.containsAll(List.of(direct, onAWorker, periodic))
                    && uncaught.containsAll(List.of(direct, onAWorker, periodic)));
            CountDownLatch marker = new CountDownLatch(1);
            scheduler.schedule(marker::countDown, 50, TimeUnit.MILLISECONDS);
            await().atMost(WAIT).until(() -> marker.getCount() == 0);
            assertEquals(List.of(reactorBoom), hooked.stream().filter(e -> e == reactorBoom).toList());
            for (Throwable failure : List.of(direct, onAWorker, periodic)) {
                assertEquals(1, hooked.stream().filter(e -> e == failure).count(), failure + ": the hook, once");
                assertEquals(1, uncaught.stream().filter(e -> e == failure).count(), failure + ": the runtime, once");
            }
            for (Thread thread : hookThreads.subList(1, hookThreads.size())) {
                assertTrue(thread.getName().startsWith("sched-test-"), "the hook gets the worker: " + thread);
            }
            worker.dispose();
        } finally {
            reactors.dispose();
            Schedulers.resetOnHandleError("pollbridge-test");
        }
    }

    @Test
    void anOnHandleErrorHookThatThrowsIsReportedToTheRuntimeAndTheWorkersGoOn() {
        IllegalStateException hookFailure = new IllegalStateException("the hook threw");
        Schedulers.onHandleError("pollbridge-test-throwing", (thread, error) -> {
            throw hookFailure;
        });
        try {
            IllegalStateException boom = new IllegalStateException("boom");
            scheduler.schedule(() -> { throw boom; });
            await().atMost(WAIT).until(() -> uncaught.containsAll(List.of(boom, hookFailure)));
            CountDownLatch next = new CountDownLatch(1);
            scheduler.schedule(next::countDown);
            await().atMost(WAIT).until(() -> next.getCount() == 0);
        } finally {
            Schedulers.resetOnHandleError("pollbridge-test-throwing");
        }
    }

    @Test
    void disposingTheSchedulerCancelsPendingTasksAndRejectsNewWork() {
        AtomicBoolean ran = new AtomicBoolean();
        Disposable pending = scheduler.schedule(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        Scheduler.Worker worker = scheduler.createWorker();
        Disposable workerPending = worker.schedule(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        scheduler.dispose();
        assertTrue(scheduler.isDisposed());
        assertTrue(pending.isDisposed());
        assertTrue(worker.isDisposed());
        assertTrue(workerPending.isDisposed());
        assertThrows(RejectedExecutionException.class, () -> scheduler.schedule(() -> {}));
        assertThrows(RejectedExecutionException.class, () -> scheduler.schedule(() -> {}, 1, TimeUnit.MILLISECONDS));
        assertThrows(RejectedExecutionException.class, scheduler::createWorker);
        assertThrows(RejectedExecutionException.class, () -> worker.schedule(() -> {}));
        // the runtime itself is not closed by the scheduler's disposal
        CountDownLatch marker = new CountDownLatch(1);
        runtime.executor().execute(() -> runtime.spawn(runtime.sleep(Duration.ofMillis(120)).map(ignored -> {
            marker.countDown();
            return null;
        })).close());
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertFalse(ran.get());
    }

    @Test
    void delaySequenceKeepsTheOrderOfItsItems() {
        StepVerifier.create(Flux.range(0, 1_000).delaySequence(Duration.ofMillis(5), scheduler).collectList())
                .assertNext(items -> {
                    assertEquals(1_000, items.size());
                    assertEquals(-1, firstOutOfOrder(items), "the first item out of order");
                })
                .expectComplete()
                .verify(WAIT);
    }

    @Test
    void disposingAWorkerDropsItsQueuedAndDelayedTasks() {
        Scheduler.Worker worker = scheduler.createWorker();
        AtomicBoolean ran = new AtomicBoolean();
        Disposable delayed = worker.schedule(() -> ran.set(true), 30, TimeUnit.MILLISECONDS);
        worker.dispose();
        assertTrue(delayed.isDisposed());
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.schedule(marker::countDown, 100, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertFalse(ran.get());
    }

    @Test
    void publishOnSubscribeOnAndTimeOperatorsRunOnTheRuntime() {
        StepVerifier.create(Flux.range(1, 500)
                        .publishOn(scheduler)
                        .map(i -> Thread.currentThread().getName().startsWith("sched-test-") ? i : -i)
                        .filter(i -> i < 0))
                .verifyComplete();
        StepVerifier.create(Mono.fromCallable(() -> Thread.currentThread().getName()).subscribeOn(scheduler))
                .assertNext(name -> assertTrue(name.startsWith("sched-test-"), name))
                .verifyComplete();
        StepVerifier.create(Flux.just(1, 2, 3).delayElements(Duration.ofMillis(10), scheduler))
                .expectNext(1, 2, 3).expectComplete().verify(WAIT);
        StepVerifier.create(Flux.interval(Duration.ofMillis(5), scheduler).take(5))
                .expectNext(0L, 1L, 2L, 3L, 4L).expectComplete().verify(WAIT);
        StepVerifier.create(Mono.never().timeout(Duration.ofMillis(30), scheduler))
                .expectError(TimeoutException.class).verify(WAIT);
    }

    @Test
    void aClosedRuntimeRejectsScheduling() {
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        Scheduler onClosed = ReactorBridge.scheduler(closed);
        closed.close();
        RejectedExecutionException rejected = assertThrows(RejectedExecutionException.class, () -> onClosed.schedule(() -> {}));
        assertSame(RejectedExecutionException.class, rejected.getClass());
        assertThrows(RejectedExecutionException.class, () -> onClosed.createWorker().schedule(() -> {}));
    }

}
