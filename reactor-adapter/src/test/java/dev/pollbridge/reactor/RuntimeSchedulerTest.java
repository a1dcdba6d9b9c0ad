package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** {@link ReactorBridge#scheduler}: direct tasks, delays, periods, workers, disposal, operators. */
class RuntimeSchedulerTest {

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

    @Test
    void scheduleRunsOnARuntimeWorkerAndTheTaskIsDisposedAfterwards() {
        AtomicReference<String> thread = new AtomicReference<>();
        Disposable task = scheduler.schedule(() -> thread.set(Thread.currentThread().getName()));
        await().atMost(WAIT).until(() -> thread.get() != null);
        assertTrue(thread.get().startsWith("sched-test-"), thread.get());
        await().atMost(WAIT).until(task::isDisposed);
    }

    @Test
    void aDelayedTaskRunsNoEarlierThanItsDelay() {
        long start = System.nanoTime();
        AtomicLong ranAfter = new AtomicLong(-1);
        scheduler.schedule(() -> ranAfter.set(System.nanoTime() - start), 60, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> ranAfter.get() >= 0);
        assertTrue(ranAfter.get() >= TimeUnit.MILLISECONDS.toNanos(60), "ran after " + ranAfter.get() + " ns");
    }

    @Test
    void disposingADelayedTaskBeforeItIsDueMeansItNeverRuns() {
        AtomicBoolean ran = new AtomicBoolean();
        Disposable task = scheduler.schedule(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        task.dispose();
        assertTrue(task.isDisposed());
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.schedule(marker::countDown, 150, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertFalse(ran.get());
    }

    @Test
    void periodicTaskRepeatsUntilDisposed() {
        AtomicInteger runs = new AtomicInteger();
        Disposable periodic = scheduler.schedulePeriodically(runs::incrementAndGet, 0, 10, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> runs.get() >= 3);
        periodic.dispose();
        int atDispose = runs.get();
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.schedule(marker::countDown, 80, TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> marker.getCount() == 0);
        assertTrue(runs.get() <= atDispose + 1, "a run in progress may finish, no more: " + atDispose + " -> " + runs.get());
        assertTrue(periodic.isDisposed());
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
        assertEquals(-1, firstOutOfOrder(order), "the first task that ran out of schedule order");
        worker.dispose();
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

    /** The index of the first element of {@code indices} that is not its own index, or -1. */
    private static int firstOutOfOrder(List<Integer> indices) {
        for (int i = 0; i < indices.size(); i++) {
            if (indices.get(i) != i) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void workerDelayedAndPeriodicTasksAlsoRunSerially() {
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
        long scheduledAt = System.nanoTime();
        AtomicLong lateAfterNanos = new AtomicLong();
        worker.schedule(() -> {
            lateAfterNanos.set(System.nanoTime() - scheduledAt);
            log.add("late");
        }, 40, TimeUnit.MILLISECONDS);
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
        // Not the order of the two: on a loaded machine 40 ms may pass before "now" gets a turn.
        // What holds on any machine: the delayed task never runs before its delay.
        assertEquals(Set.of("now", "late"), Set.copyOf(log));
        assertTrue(lateAfterNanos.get() >= TimeUnit.MILLISECONDS.toNanos(40), () -> "ran after " + lateAfterNanos.get() + " ns");
        periodic.dispose();
        worker.dispose();
        assertFalse(overlapped.get());
        assertThrows(RejectedExecutionException.class, () -> worker.schedule(() -> {}));
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
    void tasksAreDecoratedByReactorsOnScheduleHook() {
        AtomicInteger decorated = new AtomicInteger();
        Schedulers.onScheduleHook("pollbridge-test", task -> () -> {
            decorated.incrementAndGet();
            task.run();
        });
        try {
            CountDownLatch ran = new CountDownLatch(2);
            scheduler.schedule(ran::countDown);
            scheduler.createWorker().schedule(ran::countDown);
            await().atMost(WAIT).until(() -> ran.getCount() == 0);
            assertEquals(2, decorated.get());
        } finally {
            Schedulers.resetOnScheduleHook("pollbridge-test");
        }
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

    /** Scheduling from two threads races dispose(): nothing is left behind, nothing runs late. */
    @Test
    void scheduleRacingDisposeStress() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        for (int round = 0; round < 50 && System.nanoTime() < deadline; round++) {
            RuntimeScheduler racing = (RuntimeScheduler) ReactorBridge.scheduler(runtime);
            Scheduler.Worker worker = racing.createWorker();
            List<Disposable> accepted = new CopyOnWriteArrayList<>();
            AtomicInteger ranAfterDispose = new AtomicInteger();
            AtomicBoolean disposed = new AtomicBoolean();
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                boolean onWorker = p == 1;
                producers.add(new Thread(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        Runnable task = () -> {
                            if (disposed.get()) {
                                ranAfterDispose.incrementAndGet();
                            }
                        };
                        try {
                            accepted.add(onWorker ? worker.schedule(task, 5, TimeUnit.MILLISECONDS)
                                    : racing.schedule(task, 5, TimeUnit.MILLISECONDS));
                        } catch (RejectedExecutionException rejected) {
                            return;
                        }
                    }
                }));
            }
            producers.forEach(Thread::start);
            Thread.onSpinWait();
            racing.dispose();
            disposed.set(true);
            for (Thread producer : producers) {
                producer.join();
            }
            await().atMost(WAIT).until(() -> racing.liveTasks() == 0);
            for (Disposable task : accepted) {
                assertTrue(task.isDisposed());
            }
            CountDownLatch marker = new CountDownLatch(1);
            scheduler.schedule(marker::countDown, 20, TimeUnit.MILLISECONDS);
            await().atMost(WAIT).until(() -> marker.getCount() == 0);
            assertTrue(ranAfterDispose.get() <= 2, "at most a run already in progress per producer: " + ranAfterDispose.get());
        }
    }
}
