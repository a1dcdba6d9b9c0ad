package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The current-thread flavour ({@code workers(0)}): no worker threads. Tasks wait in one FIFO queue
 * and run, in exactly the order they were scheduled, on a thread that drives the runtime:
 * {@code blockOn} (between polls of its own future) or {@link #runUntilIdle()}. This makes runs
 * reproducible, which is what the test kit's {@code TestRuntime} builds on.
 *
 * <p>Wakes may come from any thread; they append to the queue and unpark the thread in
 * {@code blockOn}, if one is parked. Only one thread drives at a time (a second driver waits for
 * its own future only, without running tasks, until the first one stops driving). A driver that
 * lets go of the queue while tasks are still in it (after each batch, so also when its
 * {@code blockOn} returns) unparks the waiting threads, so one of them takes over: a waiting
 * {@code blockOn} publishes its parker, then re-reads the queue and the driver; the driver
 * clears the driver slot, then reads the queue and the parkers. All volatile, so at least one of
 * the two sees the other (Dekker).
 *
 * <p><b>Fairness to the driven future.</b> {@code blockOn} runs queued tasks in batches of
 * {@value #DRIVEN_FUTURE_INTERVAL} polls (Tokio's current-thread {@code event_interval}); after
 * each batch it polls its own future again if that was woken, and checks for an interrupt. So a
 * task that wakes itself on every poll (the queue never empties) cannot keep {@code blockOn} from
 * returning, nor from noticing an interrupt. The same batches bound a graceful shutdown's wait.
 */
public final class CurrentThreadEngine extends Engine {

    /** Task polls the driver makes between two looks at the future it drives. */
    static final int DRIVEN_FUTURE_INTERVAL = 61;

    private static final VarHandle RUNNING;

    static {
        try {
            RUNNING = MethodHandles.lookup().findVarHandle(CurrentThreadEngine.class, "running", Task.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ConcurrentLinkedQueue<Task<?>> queue = new ConcurrentLinkedQueue<>();
    /** The thread driving the queue now, or null; claimed by CAS. */
    private final AtomicReference<Thread> driver = new AtomicReference<>();
    /**
     * The task the driver is running now (polled, completed or cancelled), or null between tasks:
     * the dump lists it as RUNNING even in its first poll, before it is in any registry. Written
     * by the driver only (opaque: no ordering needed), read racily by {@link #runningTasks()}.
     */
    @SuppressWarnings("unused")
    private Task<?> running;
    /** Parkers of blockOn threads waiting for work or for their future; every schedule unparks them. */
    private final Set<Parker> sleepers = ConcurrentHashMap.newKeySet();
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong parks = new AtomicLong();
    /**
     * Written only by the thread driving the queue; drivers take turns through {@link #driver}'s
     * CAS and reset, which orders one driver's writes before the next one's.
     */
    private final PollTimes pollTimes;

    CurrentThreadEngine(EngineConfig config) {
        super(config);
        pollTimes = config.pollTimeHistogram() ? new PollTimes() : null;
    }

    /** Every poll is timed while slow-poll reports are on (there is no watchdog) or the histogram is. */
    @Override
    public boolean timesEachPoll() {
        return pollTimes != null || slowPollThresholdNanos() != Long.MAX_VALUE;
    }

    @Override
    protected void startThreads() {}

    @Override
    protected void submitNew(Task<?> task, int worker) {
        schedule(task);
    }

    @Override
    public void schedule(Task<?> task) {
        queue.offer(task);
        wakeSleepers();
    }

    private void wakeSleepers() {
        if (sleepers.isEmpty()) {
            return; // the usual case, one driver: no iterator to allocate per schedule or yield
        }
        for (Parker waiting : sleepers) {
            waiting.unpark();
        }
    }

    /**
     * A task woken during its own poll goes to the back of the queue. Waiting {@code blockOn}
     * threads are unparked as for any schedule: the driver may stop before it reaches the task
     * (its own future is ready), and then one of them must run it.
     */
    @Override
    public void yieldTask(Task<?> task) {
        schedule(task);
    }

    /**
     * Runs queued tasks on the calling thread, in FIFO order, until the queue is empty (tasks that
     * are woken meanwhile run too).
     *
     * @return the number of task polls made
     * @throws IllegalStateException if another thread is driving this runtime
     */
    public long runUntilIdle() {
        Thread self = Thread.currentThread();
        if (!driver.compareAndSet(null, self)) {
            if (driver.get() == self) {
                throw new IllegalStateException("runUntilIdle() called from inside a task of the same runtime");
            }
            throw new IllegalStateException("another thread is driving this runtime");
        }
        UnwindScope outer = enter();
        try {
            long ran = 0;
            Task<?> task;
            while (!isClosed() && (task = queue.poll()) != null) {
                runOne(task);
                ran++;
            }
            return ran;
        } finally {
            exit(outer);
            releaseDriver();
        }
    }

    /**
     * Runs up to {@value #DRIVEN_FUTURE_INTERVAL} queued tasks on the calling thread, unless
     * another thread is driving. Returns true if it ran a whole batch (the queue may hold more).
     */
    private boolean runBatch(Thread self) {
        if (driver.get() != null || !driver.compareAndSet(null, self)) {
            return false;
        }
        try {
            for (int ran = 0; ran < DRIVEN_FUTURE_INTERVAL; ran++) {
                Task<?> task;
                if (isClosed() || (task = queue.poll()) == null) {
                    return false;
                }
                runOne(task);
            }
            return true;
        } finally {
            releaseDriver();
        }
    }

    /**
     * The driver lets go of the queue. If tasks are left in it, the waiting {@code blockOn}
     * threads are unparked so that one of them takes over (see the class comment): the driver may
     * be about to return, and nothing else would wake them until the next schedule.
     */
    private void releaseDriver() {
        driver.set(null);
        if (!queue.isEmpty() && !isClosed()) {
            wakeSleepers();
        }
    }

    private void runOne(Task<?> task) {
        int previous = CoopBudget.reset();
        RUNNING.setOpaque(this, task);
        try {
            polls.incrementAndGet();
            long nanos = task.run();
            if (pollTimes != null) {
                pollTimes.record(nanos);
            }
        } finally {
            RUNNING.setOpaque(this, (Task<?>) null);
            CoopBudget.set(previous);
        }
    }

    /** The task the driver runs now, named by the driving thread (racy, like the workers' view). */
    @Override
    protected Map<Task<?>, String> runningTasks() {
        Task<?> task = (Task<?>) RUNNING.getOpaque(this);
        Thread thread = driver.get();
        if (task == null || thread == null) {
            return Map.of();
        }
        return Map.of(task, thread.getName());
    }

    @Override
    protected <T> Poll<T> drive(PollFuture<T> future, Context cx, Parker parker, long start, long timeoutNanos) {
        Thread self = Thread.currentThread();
        for (;;) {
            Poll<T> result = pollWithBudget(future, cx);
            if (!result.isPending()) {
                return result;
            }
            if (nanosLeft(start, timeoutNanos) <= 0) {
                return timedOut(timeoutNanos);
            }
            // Run queued tasks in batches (unless another thread is driving) until our own future
            // is woken, no task is left or the time ran out, then park until a task is queued, the
            // future is woken or the time runs out.
            for (;;) {
                if (runBatch(self)) {
                    checkInterrupted();
                    if (parker.tryTakePermit() || nanosLeft(start, timeoutNanos) <= 0) {
                        break; // woken, or out of time: poll the future again
                    }
                    continue;
                }
                sleepers.add(parker);
                // Re-check after publishing the parker: a schedule that did not see it queued its task first.
                if (!queue.isEmpty() && !isClosed() && driver.get() == null) {
                    sleepers.remove(parker);
                    continue;
                }
                parks.incrementAndGet();
                park(parker, start, timeoutNanos);
                sleepers.remove(parker);
                checkInterrupted();
                break;
            }
        }
    }

    /** Runs queued tasks for up to {@code nanos} (graceful shutdown), then parks for what is left. */
    @Override
    protected void waitForTasks(long nanos) {
        long deadline = System.nanoTime() + nanos;
        Thread self = Thread.currentThread();
        UnwindScope outer = enter();
        try {
            while (runBatch(self) && System.nanoTime() - deadline < 0) {
                // a task keeps the queue busy: look at the clock after each batch
            }
        } finally {
            exit(outer);
        }
        super.waitForTasks(deadline - System.nanoTime());
    }

    @Override
    protected void stopWorkers() {
        wakeSleepers();
    }

    @Override
    protected void joinWorkers() {}

    @Override
    protected void clearQueues(List<Task<?>> drained) {
        for (Task<?> task; (task = queue.poll()) != null; ) {
            drained.add(task);
        }
    }

    @Override
    protected void addWorkerMetrics(List<WorkerMetrics> perWorker, long[] pollTimes) {
        if (this.pollTimes != null) {
            this.pollTimes.addTo(pollTimes); // no workers: only the histogram
        }
    }

    @Override
    protected SchedulerCounters schedulerCounters() {
        return new SchedulerCounters(polls.get(), 0, queue.size(), parks.get(), 0);
    }
}
