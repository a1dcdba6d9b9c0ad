package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * What a library scheduler that runs its tasks as tasks of a Pollbridge runtime must do, on a
 * real runtime with worker threads, as a JUnit 5 test base: direct tasks run on the runtime's
 * workers and are disposed when done, delays and periods hold, disposal stops what has not run,
 * a worker runs its tasks one at a time in order, the library's schedule hook decorates every
 * task, and scheduling racing the scheduler's disposal leaves nothing behind. A subclass says how
 * to call its library ({@link #scheduler()}, a {@link SchedulerDriver}) and answers a few
 * questions; what only its library does (how failures are reported, what disposal refuses with,
 * its operators) stays in the subclass. Each check is a public method a subclass may override to
 * leave it out, and should say why.
 *
 * @param <D> the library's handle of a scheduled task
 * @param <W> the library's worker
 */
@SuppressWarnings("exports") // JUnit's annotations: whoever extends this reads JUnit already
public abstract class SchedulerContract<D, W extends D> {

    /** For subclasses. */
    protected SchedulerContract() {}

    /**
     * The scheduler under test, on a runtime with at least two workers; the subclass builds it
     * before each check and disposes it (and its runtime) after.
     *
     * @return the scheduler under test
     */
    protected abstract SchedulerDriver<D, W> scheduler();

    /**
     * A new scheduler on the same runtime, for the checks that dispose one; the check disposes it.
     *
     * @return a new scheduler
     */
    protected abstract SchedulerDriver<D, W> newScheduler();

    /**
     * Whether {@code thread} is one of the runtime's workers.
     *
     * @param thread a thread that ran a task
     * @return whether it is a worker of the runtime under the scheduler
     */
    protected abstract boolean isRuntimeWorker(Thread thread);

    /**
     * Checks that a disposed worker refuses new tasks as the library's own workers do (Reactor
     * throws {@link RejectedExecutionException}; RxJava returns a disposed handle and runs nothing).
     *
     * @param disposed a disposed worker of {@link #scheduler()}
     */
    protected abstract void assertRefusesTasks(W disposed);

    /**
     * Installs {@code decorator} as the library's global schedule hook (Reactor's
     * {@code Schedulers.onScheduleHook}, RxJava's {@code RxJavaPlugins.setScheduleHandler}).
     *
     * @param decorator wraps each task scheduled from now on
     * @return removes the hook
     */
    protected abstract AutoCloseable decorateTasks(UnaryOperator<Runnable> decorator);

    /**
     * Whether a worker runs a task scheduled at once before one scheduled earlier with a delay
     * even when the worker's thread gets its turn only after the delay. Reactor's adapter does not
     * promise it (the check then only asserts that both ran, the delayed one not early).
     *
     * @return {@code false} unless the subclass promises it
     */
    protected boolean runsAnImmediateTaskBeforeAnEarlierDelayedOne() {
        return false;
    }

    /** Called at the end of the checks that expect no failure at all: report any failure the library saw. */
    protected void assertNoFailureReported() {}

    /**
     * How long to wait for a task to run before calling it lost.
     *
     * @return the wait limit, 10 s
     */
    protected Duration waitLimit() {
        return Duration.ofSeconds(10);
    }

    // ---- the checks ----------------------------------------------------------------------------

    /** A direct task runs on one of the runtime's workers, and its handle is disposed once it ran. */
    @Test
    public void aTaskRunsOnARuntimeWorkerAndIsDisposedAfterwards() {
        SchedulerDriver<D, W> scheduler = scheduler();
        AtomicReference<Thread> thread = new AtomicReference<>();
        D task = scheduler.schedule(() -> thread.set(Thread.currentThread()));
        awaitTrue(() -> thread.get() != null, "the task to run");
        assertTrue(isRuntimeWorker(thread.get()), thread.get().getName());
        awaitTrue(() -> scheduler.isDisposed(task), "the task's handle to be disposed once it ran");
    }

    /** A delayed task never runs before its delay. */
    @Test
    public void aDelayedTaskRunsNoEarlierThanItsDelay() {
        long start = System.nanoTime();
        AtomicLong ranAfter = new AtomicLong(-1);
        scheduler().schedule(() -> ranAfter.set(System.nanoTime() - start), 60, TimeUnit.MILLISECONDS);
        awaitTrue(() -> ranAfter.get() >= 0, "the delayed task to run");
        assertTrue(ranAfter.get() >= TimeUnit.MILLISECONDS.toNanos(60), "ran after " + ranAfter.get() + " ns");
    }

    /** A delayed task disposed before it is due never runs. */
    @Test
    public void disposingADelayedTaskBeforeItIsDueMeansItNeverRuns() {
        SchedulerDriver<D, W> scheduler = scheduler();
        AtomicBoolean ran = new AtomicBoolean();
        D task = scheduler.schedule(() -> ran.set(true), 50, TimeUnit.MILLISECONDS);
        scheduler.dispose(task);
        assertTrue(scheduler.isDisposed(task));
        awaitMarker(scheduler, 150);
        assertFalse(ran.get());
    }

    /** A periodic task repeats until disposed; after that, at most a run in progress finishes. */
    @Test
    public void aPeriodicTaskRepeatsUntilDisposed() {
        SchedulerDriver<D, W> scheduler = scheduler();
        AtomicInteger runs = new AtomicInteger();
        D periodic = scheduler.schedulePeriodically(runs::incrementAndGet, 0, 2, TimeUnit.MILLISECONDS);
        awaitTrue(() -> runs.get() >= 5, "five runs");
        scheduler.dispose(periodic);
        awaitTrue(() -> scheduler.isDisposed(periodic), "the periodic task to be disposed");
        int atDispose = runs.get();
        awaitMarker(scheduler, 80);
        assertTrue(runs.get() <= atDispose + 1, "a run in progress may finish, no more: " + atDispose + " -> " + runs.get());
    }

    /**
     * Tasks scheduled on one worker from two threads run one at a time, each thread's in its order.
     *
     * @throws InterruptedException if interrupted while joining the producers
     */
    @Test
    public void aWorkerRunsItsTasksInOrderAndNeverTwoAtOnce() throws InterruptedException {
        SchedulerDriver<D, W> scheduler = scheduler();
        W worker = scheduler.createWorker();
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
                    scheduler.schedule(worker, () -> {
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
        awaitTrue(() -> done.get() == 2 * tasksPerProducer, "every task to run");
        assertFalse(overlapped.get());
        for (List<Integer> order : seen) {
            assertEquals(-1, firstOutOfOrder(order), "the first task that ran out of schedule order");
        }
        scheduler.dispose(worker);
    }

    /** Delayed tasks of one worker with the same delay run in the order they were scheduled. */
    @Test
    public void aWorkerRunsDelayedTasksWithTheSameDelayInTheOrderTheyWereScheduled() {
        SchedulerDriver<D, W> scheduler = scheduler();
        W worker = scheduler.createWorker();
        List<Integer> order = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            int index = i;
            scheduler.schedule(worker, () -> order.add(index), 5, TimeUnit.MILLISECONDS);
        }
        awaitTrue(() -> order.size() == 1_000, "every task to run");
        assertEquals(-1, firstOutOfOrder(order), "the first task that ran out of schedule order");
        scheduler.dispose(worker);
    }

    /**
     * A worker's delayed and periodic tasks run one at a time with its immediate ones, the delayed
     * one not before its delay; a disposed worker refuses new tasks ({@link #assertRefusesTasks}).
     */
    @Test
    public void workerDelayedAndPeriodicTasksAlsoRunSeriallyAndADisposedWorkerRefusesTasks() {
        SchedulerDriver<D, W> scheduler = scheduler();
        W worker = scheduler.createWorker();
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
        scheduler.schedule(worker, () -> {
            lateAfterNanos.set(System.nanoTime() - scheduledAt);
            log.add("late");
        }, 40, TimeUnit.MILLISECONDS);
        scheduler.schedule(worker, () -> log.add("now"));
        AtomicInteger ticks = new AtomicInteger();
        D periodic = scheduler.schedulePeriodically(worker, () -> {
            guard.run();
            ticks.incrementAndGet();
        }, 0, 2, TimeUnit.MILLISECONDS);
        for (int i = 0; i < 200; i++) {
            scheduler.schedule(worker, guard);
        }
        awaitTrue(() -> log.size() == 2 && ticks.get() >= 5, "both tasks and five ticks");
        if (runsAnImmediateTaskBeforeAnEarlierDelayedOne()) {
            assertEquals(List.of("now", "late"), log);
        } else {
            assertEquals(Set.of("now", "late"), Set.copyOf(log));
        }
        assertTrue(lateAfterNanos.get() >= TimeUnit.MILLISECONDS.toNanos(40), () -> "ran after " + lateAfterNanos.get() + " ns");
        scheduler.dispose(periodic);
        scheduler.dispose(worker);
        assertFalse(overlapped.get());
        assertRefusesTasks(worker);
    }

    /**
     * The library's schedule hook decorates direct tasks and worker tasks alike.
     *
     * @throws Exception if removing the hook fails
     */
    @Test
    public void tasksAreDecoratedByTheLibrarysScheduleHook() throws Exception {
        SchedulerDriver<D, W> scheduler = scheduler();
        AtomicInteger decorated = new AtomicInteger();
        try (AutoCloseable hook = decorateTasks(task -> () -> {
            decorated.incrementAndGet();
            task.run();
        })) {
            CountDownLatch ran = new CountDownLatch(2);
            scheduler.schedule(ran::countDown);
            scheduler.schedule(scheduler.createWorker(), ran::countDown);
            awaitTrue(() -> ran.getCount() == 0, "both tasks to run");
            assertEquals(2, decorated.get());
        }
    }

    /**
     * Scheduling from two threads (directly and on a worker) races the disposal of the scheduler:
     * nothing is left behind, every accepted task is disposed, and none runs late (at most a run
     * already in progress per producer). A schedule refused with
     * {@link RejectedExecutionException} ends its producer. Bounded in rounds and time.
     *
     * @throws InterruptedException if interrupted while joining the producers
     */
    @Test
    public void scheduleRacingShutdownStress() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        for (int round = 0; round < 50 && System.nanoTime() < deadline; round++) {
            SchedulerDriver<D, W> racing = newScheduler();
            W worker = racing.createWorker();
            List<D> accepted = new CopyOnWriteArrayList<>();
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
                        try {
                            accepted.add(onWorker ? racing.schedule(worker, task, 5, TimeUnit.MILLISECONDS)
                                    : racing.schedule(task, 5, TimeUnit.MILLISECONDS));
                        } catch (RejectedExecutionException rejected) {
                            return;
                        }
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
            awaitTrue(() -> racing.liveTasks() == 0, "no task or worker left");
            for (D task : accepted) {
                assertTrue(racing.isDisposed(task));
            }
            awaitMarker(scheduler(), 20);
            assertTrue(ranAfterShutdown.get() <= 2, "at most a run already in progress per producer: " + ranAfterShutdown.get());
        }
        assertNoFailureReported();
    }

    // ---- helpers -------------------------------------------------------------------------------

    /** Schedules a marker {@code millis} from now and waits for it: what was due before has had its turn. */
    private void awaitMarker(SchedulerDriver<D, W> scheduler, long millis) {
        CountDownLatch marker = new CountDownLatch(1);
        scheduler.schedule(marker::countDown, millis, TimeUnit.MILLISECONDS);
        awaitTrue(() -> marker.getCount() == 0, "a marker task " + millis + " ms later");
    }

    /** Waits, backing off from 1 µs to 1 ms, until {@code condition} holds; fails after {@link #waitLimit()}. */
    final void awaitTrue(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + waitLimit().toNanos();
        long pause = 1_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + waitLimit().toMillis() + " ms for " + what);
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 1_000_000);
        }
    }

    /**
     * The index of the first element of {@code indices} that is not its own index, or -1.
     *
     * @param indices what ran (or arrived), each element the index it was scheduled (or sent) at
     * @return the first one out of order, or -1
     */
    protected static int firstOutOfOrder(List<Integer> indices) {
        for (int i = 0; i < indices.size(); i++) {
            if (indices.get(i) != i) {
                return i;
            }
        }
        return -1;
    }
}
