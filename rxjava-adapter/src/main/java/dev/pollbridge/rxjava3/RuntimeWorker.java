package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A {@link Scheduler.Worker} of {@link RuntimeScheduler}: runs its tasks one at a time, in the
 * order they became due (FIFO), never two at once, as RxJava requires of a worker.
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
 * scheduled (RxJava's {@code delay} relies on it), although their timers fire in no particular
 * order on several runtime workers. Periodic tasks are enqueued by their interval's ticks. All of
 * them run serially with the immediate ones.
 *
 * <h2>Cancellation</h2>
 * A task's {@code Disposable} skips its runs and aborts its timer ({@link WorkerTask}).
 * {@link #dispose()} disposes every timer and drops the queue; a run in progress completes. As on
 * RxJava's own workers, scheduling on a disposed worker runs nothing and returns
 * {@link Disposable#disposed()}; so does scheduling on a closed runtime, which also reports the
 * runtime's {@link RejectedExecutionException} to {@code RxJavaPlugins.onError}.
 */
final class RuntimeWorker extends Scheduler.Worker {

    static final int RUNS_PER_POLL = 64;

    private final RuntimeScheduler scheduler;
    private final Runtime runtime;
    private final TaskSet parent;
    /** Timer-backed tasks, disposed with the worker. */
    private final TaskSet timed = new TaskSet();
    private final ConcurrentLinkedQueue<WorkerTask> queue = new ConcurrentLinkedQueue<>();
    /** Delayed one-shot tasks not yet due, in {@link WorkerTask#DUE_ORDER}; moved to the queue by the drain. */
    private final NavigableSet<WorkerTask> delayed = new ConcurrentSkipListSet<>(WorkerTask.DUE_ORDER);
    /** Schedule order of delayed tasks, the tie-breaker of equal deadlines. */
    private final AtomicLong sequence = new AtomicLong();
    /** Enqueues not yet seen by the drain; 0 means no drain task exists. */
    private final AtomicInteger wip = new AtomicInteger();
    private volatile boolean disposed;

    RuntimeWorker(RuntimeScheduler scheduler, Runtime runtime, TaskSet parent) {
        this.scheduler = scheduler;
        this.runtime = runtime;
        this.parent = parent;
    }

    @Override
    public Disposable schedule(Runnable run, long delay, TimeUnit unit) {
        Objects.requireNonNull(run, "run is null");
        Objects.requireNonNull(unit, "unit is null");
        if (disposed) {
            return Disposable.disposed();
        }
        Runnable decorated = RxJavaPlugins.onSchedule(run);
        if (delay <= 0) {
            WorkerTask task = new WorkerTask(this, decorated, WorkerTask.Kind.ONCE);
            try {
                enqueue(task);
            } catch (RejectedExecutionException closedRuntime) {
                Undeliverable.report(closedRuntime);
                return Disposable.disposed();
            }
            return task;
        }
        long delayNanos = unit.toNanos(delay);
        WorkerTask task = new WorkerTask(this, decorated, WorkerTask.Kind.ONCE,
                runtime.clock().nanoTime() + delayNanos, sequence.getAndIncrement());
        delayed.add(task); // before the timer exists, so its kick finds it
        Disposable scheduled = startTimer(task, delayNanos, -1, () -> {
            kickReporting();
            return false;
        });
        if (scheduled != task) {
            delayed.remove(task);
        }
        return scheduled;
    }

    @Override
    public Disposable schedulePeriodically(Runnable run, long initialDelay, long period, TimeUnit unit) {
        Objects.requireNonNull(run, "run is null");
        Objects.requireNonNull(unit, "unit is null");
        if (disposed) {
            return Disposable.disposed();
        }
        Runnable decorated = RxJavaPlugins.onSchedule(run);
        if (period <= 0) {
            WorkerTask task = new WorkerTask(this, decorated, WorkerTask.Kind.CONTINUOUS);
            return startTimer(task, unit.toNanos(initialDelay), -1, task::offerRun);
        }
        WorkerTask task = new WorkerTask(this, decorated, WorkerTask.Kind.PERIODIC);
        return startTimer(task, unit.toNanos(initialDelay), unit.toNanos(period), task::offerRun);
    }

    @Override
    public long now(TimeUnit unit) {
        return scheduler.now(unit);
    }

    private Disposable startTimer(WorkerTask task, long delayNanos, long periodNanos, BooleanSupplier onTick) {
        if (!timed.add(task)) {
            return Disposable.disposed();
        }
        TimedTask timer = new TimedTask(runtime, delayNanos, periodNanos, onTick, task::timerEnded);
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(timer);
        } catch (RejectedExecutionException closedRuntime) {
            timer.close();
            timed.remove(task);
            Undeliverable.report(closedRuntime);
            return Disposable.disposed();
        }
        task.timer.started(handle);
        return task;
    }

    /**
     * Makes {@code task} due: queues it and starts a drain if none runs. Any thread.
     *
     * @throws RejectedExecutionException if the runtime is closed (the worker is then disposed)
     */
    void enqueue(WorkerTask task) {
        queue.offer(task);
        kick();
    }

    /** A delayed task's timer fired: the drain moves what is due. A closed runtime is reported. */
    private void kickReporting() {
        try {
            kick();
        } catch (RejectedExecutionException closedRuntime) {
            Undeliverable.report(closedRuntime);
        }
    }

    /**
     * Makes the drain run (again): starts one if none runs.
     *
     * @throws RejectedExecutionException if the runtime is closed (the worker is then disposed)
     */
    private void kick() {
        if (wip.getAndIncrement() == 0) {
            try {
                runtime.spawn(new Drain()).close(); // detached: nobody joins a drain
            } catch (RejectedExecutionException closedRuntime) {
                dispose(); // nothing can run on a closed runtime any more
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

    @Override
    public void dispose() {
        if (disposed) {
            return;
        }
        disposed = true;
        timed.dispose();
        queue.clear();
        delayed.clear();
        parent.remove(this);
    }

    @Override
    public boolean isDisposed() {
        return disposed;
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
                if (task.dueNanos - now > 0) {
                    return;
                }
                if (delayed.remove(task)) { // false if it was disposed meanwhile
                    queue.offer(task);
                }
            }
        }
    }
}
