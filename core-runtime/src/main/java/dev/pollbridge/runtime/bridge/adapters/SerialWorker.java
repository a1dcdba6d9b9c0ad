package dev.pollbridge.runtime.bridge.adapters;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The engine of a library scheduler's {@code Worker}: runs its tasks one at a time, in the order
 * they became due (FIFO), never two at once, as Reactor and RxJava require of a worker. Made by
 * {@link SchedulerCore#createWorker()}; the adapter's worker class delegates to it.
 *
 * <h2>Serial execution</h2>
 * Due tasks go into a lock-free queue. The thread that moves {@link #wip} from 0 to 1 spawns one
 * detached drain task, which runs queued tasks until the queue is empty and the count it read is
 * still current ({@code wip.addAndGet(-missed) == 0}), the classic drain loop. Only one drain
 * exists at a time, so runs never overlap; each run happens-after the enqueue that made it due
 * (queue and counter are both volatile). The drain runs at most {@value #RUNS_PER_POLL} tasks per
 * poll, then wakes itself and yields (rule 16). A task scheduled from inside a running task is
 * queued, never run inline.
 *
 * <h2>Delayed tasks, in order</h2>
 * A delayed task waits in {@link #delayed}, ordered by deadline and then by schedule order
 * ({@link WorkerTask#DUE_ORDER}), and gets a {@link TimedTask} on the runtime (a timer on its
 * timing wheel and clock) whose only action is to kick the drain. The drain, which is one task at
 * a time, moves every task whose deadline has passed from {@code delayed} to the run queue in that
 * order before it runs anything. So tasks with the same deadline run in the order they were
 * scheduled, although their timers fire in no particular order on several runtime workers.
 * Periodic tasks are enqueued by their interval's ticks. All of them run serially with the
 * immediate ones.
 *
 * <h2>Cancellation and failures</h2>
 * A task's {@link Cancellable} skips its runs and aborts its timer ({@link WorkerTask}).
 * {@link #cancel()} (the library's {@code Worker.dispose()}) cancels every timer and drops the
 * queue; a run in progress completes. Scheduling on a cancelled worker returns {@code null};
 * scheduling on a closed runtime throws its {@link RejectedExecutionException} and cancels the
 * worker, since nothing can run on it any more. What the caller makes of either is the adapter's
 * choice. A runnable that throws goes to the scheduler's failure sink; a periodic one then stops.
 */
public final class SerialWorker implements Cancellable {

    static final int RUNS_PER_POLL = 64;

    private final SchedulerCore scheduler;
    private final PollRuntime runtime;
    private final TaskSet parent;
    /** Timer-backed tasks, cancelled with the worker. */
    private final TaskSet timed = new TaskSet();
    private final ConcurrentLinkedQueue<WorkerTask> queue = new ConcurrentLinkedQueue<>();
    /** Delayed one-shot tasks not yet due, in {@link WorkerTask#DUE_ORDER}; moved to the queue by the drain. */
    private final NavigableSet<WorkerTask> delayed = new ConcurrentSkipListSet<>(WorkerTask.DUE_ORDER);
    /** Schedule order of delayed tasks, the tie-breaker of equal deadlines. */
    private final AtomicLong sequence = new AtomicLong();
    /** Enqueues not yet seen by the drain; 0 means no drain task exists. */
    private final AtomicInteger wip = new AtomicInteger();
    private volatile boolean cancelled;

    SerialWorker(SchedulerCore scheduler, PollRuntime runtime, TaskSet parent) {
        this.scheduler = scheduler;
        this.runtime = runtime;
        this.parent = parent;
    }

    /**
     * Runs {@code action} serially with this worker's other tasks, after {@code delayNanos} on the
     * runtime's clock (none if zero or less): once if {@code periodNanos} is negative, else
     * repeatedly, every {@code periodNanos} on the grid of a {@code PollRuntime.interval} (missed
     * ticks are skipped), or back to back if it is zero. The same arguments as
     * {@link SchedulerCore#schedule}.
     *
     * @param action the runnable, already decorated by the library's schedule hook
     * @return the task, or {@code null} if this worker is cancelled (nothing is scheduled)
     * @throws RejectedExecutionException if the runtime is closed (this worker is then cancelled)
     */
    public Cancellable schedule(Runnable action, long delayNanos, long periodNanos) {
        if (cancelled) {
            return null;
        }
        if (periodNanos == 0) { // back to back: the timer fires once, then each run re-enqueues the task
            WorkerTask task = new WorkerTask(this, action, WorkerTask.Kind.CONTINUOUS);
            return startTimer(task, delayNanos, -1, task::offerRun);
        }
        if (periodNanos > 0) {
            WorkerTask task = new WorkerTask(this, action, WorkerTask.Kind.PERIODIC);
            return startTimer(task, delayNanos, periodNanos, task::offerRun);
        }
        if (delayNanos <= 0) {
            WorkerTask task = new WorkerTask(this, action, WorkerTask.Kind.ONCE);
            enqueue(task);
            return task;
        }
        WorkerTask task = new WorkerTask(this, action, WorkerTask.Kind.ONCE,
                deadline(runtime.clock().nanoTime(), delayNanos), sequence.getAndIncrement());
        delayed.add(task); // before the timer exists, so its kick finds it
        Cancellable scheduled = null;
        try {
            scheduled = startTimer(task, delayNanos, -1, this::kickFromTimer);
        } finally {
            if (scheduled == null) {
                delayed.remove(task);
            }
        }
        return scheduled;
    }

    /**
     * {@code now + delayNanos}, saturated at {@code Long.MAX_VALUE}: deadlines are compared as
     * plain numbers (the due order and the drain's "is it due" must agree), so one that wrapped
     * around would sort first and hold back every task behind it.
     */
    private static long deadline(long now, long delayNanos) {
        long deadline = now + delayNanos;
        return deadline < now ? Long.MAX_VALUE : deadline; // delayNanos > 0: overflow wraps below now
    }

    /** Spawns {@code task}'s timer; returns the task, or null if this worker was cancelled. */
    private Cancellable startTimer(WorkerTask task, long delayNanos, long periodNanos, BooleanSupplier onTick) {
        if (!timed.add(task)) {
            return null;
        }
        TimedTask timer = new TimedTask(runtime, delayNanos, periodNanos, onTick, task::timerEnded);
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(timer);
        } catch (RejectedExecutionException closedRuntime) {
            timer.close();
            timed.remove(task);
            cancel(); // nothing can run on a closed runtime any more
            throw closedRuntime;
        }
        task.timer.started(handle);
        return task;
    }

    /**
     * Makes {@code task} due: queues it and starts a drain if none runs. Any thread.
     *
     * @throws RejectedExecutionException if the runtime is closed (this worker is then cancelled)
     */
    void enqueue(WorkerTask task) {
        queue.offer(task);
        kick();
    }

    /**
     * A delayed task's timer fired: the drain moves what is due. Returns false: the timer fires
     * once. A closed runtime has cancelled this worker, and nothing will run any more.
     */
    private boolean kickFromTimer() {
        try {
            kick();
        } catch (RejectedExecutionException closedRuntime) {
            // kick() cancelled this worker: the runtime is closing, its tasks are being closed
        }
        return false;
    }

    /**
     * Makes the drain run (again): starts one if none runs.
     *
     * @throws RejectedExecutionException if the runtime is closed (this worker is then cancelled)
     */
    private void kick() {
        if (wip.getAndIncrement() == 0) {
            try {
                runtime.spawn(new Drain()).close(); // detached: nobody joins a drain
            } catch (RejectedExecutionException closedRuntime) {
                cancel(); // nothing can run on a closed runtime any more
                throw closedRuntime;
            }
        }
    }

    boolean runReporting(Runnable action) {
        return scheduler.runReporting(action);
    }

    void untrack(WorkerTask task) {
        timed.remove(task);
        delayed.remove(task);
    }

    /** Disposes this worker: cancels its timers and drops its queue. Idempotent, any thread. */
    @Override
    public void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        timed.dispose();
        queue.clear();
        delayed.clear();
        parent.remove(this);
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    /** The one drain task of this worker (see the class note). Runs on a runtime worker. */
    private final class Drain implements PollFuture<Void> {

        /** Task thread only: the enqueue count this drain has accounted for. */
        private int missed = 1;

        @Override
        public Poll<Void> poll(Context cx) {
            int ran = 0;
            for (;;) {
                moveDue();
                WorkerTask task;
                while ((task = queue.poll()) != null) {
                    task.run();
                    if (++ran == RUNS_PER_POLL) {
                        cx.waker().wake();
                        return Poll.pending();
                    }
                }
                missed = wip.addAndGet(-missed);
                if (missed == 0) {
                    return Poll.ready(null);
                }
            }
        }

        /** Moves the delayed tasks whose deadline has passed to the run queue, in due order. */
        private void moveDue() {
            if (delayed.isEmpty()) {
                return;
            }
            long now = runtime.clock().nanoTime();
            for (WorkerTask task : delayed) { // ascending: earliest deadline, then schedule order
                if (task.dueNanos > now) {
                    return;
                }
                if (delayed.remove(task)) { // false if it was cancelled meanwhile
                    queue.offer(task);
                }
            }
        }
    }
}
