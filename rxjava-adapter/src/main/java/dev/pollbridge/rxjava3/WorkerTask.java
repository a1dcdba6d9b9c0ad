package dev.pollbridge.rxjava3;

import io.reactivex.rxjava3.disposables.Disposable;
import java.util.Comparator;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One task of a {@link RuntimeWorker}: the runnable, how it repeats, and, for delayed and
 * periodic tasks, the {@link TaskLink} to the timer task that feeds it into the worker's queue.
 *
 * <p>Kinds: {@link Kind#ONCE} runs once (a delayed one waits in the worker's due-ordered set until
 * its deadline, {@link #DUE_ORDER}); {@link Kind#PERIODIC} is enqueued on each timer tick,
 * but only if its previous run has finished ({@link #offerRun()}: a tick that finds a run still
 * queued is skipped, so runs never pile up behind a slow one); {@link Kind#CONTINUOUS} (a period
 * of zero or less) re-enqueues itself after each run.
 *
 * <h2>Cancellation</h2>
 * {@link #dispose()} sets a flag that the worker's drain checks before each run (a run that
 * started completes), and aborts the timer task if there is one. {@link #isDisposed()} is true
 * once disposed, for a one-shot task once it ran, and for every task once its worker is disposed.
 */
final class WorkerTask implements Disposable {

    enum Kind { ONCE, PERIODIC, CONTINUOUS }

    /**
     * The order of delayed one-shot tasks: by deadline, then by schedule order, so that tasks of
     * one worker with the same deadline run in the order they were scheduled, as RxJava expects
     * (its own workers break ties the same way).
     */
    static final Comparator<WorkerTask> DUE_ORDER =
            Comparator.<WorkerTask>comparingLong(task -> task.dueNanos).thenComparingLong(task -> task.sequence);

    private final RuntimeWorker worker;
    private final Runnable action;
    private final Kind kind;
    /** Delayed one-shot tasks: the deadline on the runtime's clock, and the schedule order. */
    final long dueNanos;
    final long sequence;
    /** The timer task that enqueues this one; unused for immediate tasks. */
    final TaskLink timer = new TaskLink();
    /** A run of this task waits in the worker's queue (periodic tasks only). */
    private final AtomicBoolean queued = new AtomicBoolean();
    private volatile boolean disposed;

    WorkerTask(RuntimeWorker worker, Runnable action, Kind kind) {
        this(worker, action, kind, 0, 0);
    }

    WorkerTask(RuntimeWorker worker, Runnable action, Kind kind, long dueNanos, long sequence) {
        this.worker = worker;
        this.action = action;
        this.kind = kind;
        this.dueNanos = dueNanos;
        this.sequence = sequence;
    }

    /** A timer tick: enqueue a run unless one is waiting. Returns false once disposed (stop ticking). */
    boolean offerRun() {
        if (disposed) {
            return false;
        }
        if (kind != Kind.PERIODIC || queued.compareAndSet(false, true)) {
            try {
                worker.enqueue(this);
            } catch (RejectedExecutionException closedRuntime) {
                return false; // the runtime is closing: nothing will run any more
            }
        }
        return kind == Kind.PERIODIC;
    }

    /** Called by the worker's drain, never concurrently with another run of the same worker. */
    void run() {
        if (disposed || worker.isDisposed()) {
            return;
        }
        if (kind == Kind.ONCE) {
            disposed = true;
            worker.untrack(this);
        }
        queued.set(false);
        if (!worker.runReporting(action)) {
            dispose(); // a periodic task that threw stops, as with a ScheduledExecutorService
            return;
        }
        if (kind == Kind.CONTINUOUS && !disposed) {
            try {
                worker.enqueue(this);
            } catch (RejectedExecutionException closedRuntime) {
                dispose(); // the runtime is closing: nothing will run any more
            }
        }
    }

    /** The timer task ended (its one tick fired, or it was closed). */
    void timerEnded() {
        timer.finish();
    }

    @Override
    public void dispose() {
        disposed = true;
        timer.cancel();
        worker.untrack(this);
    }

    @Override
    public boolean isDisposed() {
        return disposed || worker.isDisposed();
    }
}
