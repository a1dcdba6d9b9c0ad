package dev.pollbridge.runtime.bridge.adapters;

import java.util.Comparator;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One task of a {@link SerialWorker}: the runnable, how it repeats, and, for delayed and
 * periodic tasks, the {@link TaskLink} to the timer task that makes it due.
 *
 * <p>Kinds: {@link Kind#ONCE} runs once (a delayed one waits in the worker's due-ordered set until
 * its deadline, {@link #DUE_ORDER}); {@link Kind#PERIODIC} is enqueued on each timer tick, but
 * only if its previous run has finished ({@link #offerRun()}: a tick that finds a run still queued
 * is skipped, so runs never pile up behind a slow one); {@link Kind#CONTINUOUS} (a period of zero
 * or less) re-enqueues itself after each run.
 *
 * <h2>Cancellation</h2>
 * {@link #cancel()} sets a flag that the worker's drain checks before each run (a run that started
 * completes), and aborts the timer task if there is one. {@link #isCancelled()} is true once
 * cancelled, for a one-shot task once it ran, and for every task once its worker is disposed.
 */
final class WorkerTask implements Cancellable {

    enum Kind { ONCE, PERIODIC, CONTINUOUS }

    /**
     * The order of delayed one-shot tasks: by deadline, then by schedule order, so that tasks of
     * one worker with the same deadline run in the order they were scheduled (RxJava's
     * {@code delay} and Reactor's {@code delaySequence} rely on it; the libraries' own workers
     * break ties the same way).
     */
    static final Comparator<WorkerTask> DUE_ORDER =
            Comparator.<WorkerTask>comparingLong(task -> task.dueNanos).thenComparingLong(task -> task.sequence);

    private final SerialWorker worker;
    private final Runnable action;
    private final Kind kind;
    /** Delayed one-shot tasks: the deadline on the runtime's clock, and the schedule order. */
    final long dueNanos;
    final long sequence;
    /** The timer task that makes this one due; unused for immediate tasks. */
    final TaskLink timer = new TaskLink();
    /** A run of this task waits in the worker's queue (periodic tasks only). */
    private final AtomicBoolean queued = new AtomicBoolean();
    private volatile boolean cancelled;

    WorkerTask(SerialWorker worker, Runnable action, Kind kind) {
        this(worker, action, kind, 0, 0);
    }

    WorkerTask(SerialWorker worker, Runnable action, Kind kind, long dueNanos, long sequence) {
        this.worker = worker;
        this.action = action;
        this.kind = kind;
        this.dueNanos = dueNanos;
        this.sequence = sequence;
    }

    /**
     * A timer tick of a periodic or continuous task: enqueue a run unless one is waiting. Returns
     * false once cancelled (stop ticking).
     */
    boolean offerRun() {
        if (cancelled) {
            return false;
        }
        if (kind != Kind.PERIODIC || queued.compareAndSet(false, true)) {
            try {
                worker.enqueue(this);
            } catch (RejectedExecutionException closedRuntime) {
                return false; // the runtime is closing (the worker is disposed): nothing will run any more
            }
        }
        return kind == Kind.PERIODIC;
    }

    /** Called by the worker's drain, never concurrently with another run of the same worker. */
    void run() {
        if (cancelled || worker.isCancelled()) {
            return;
        }
        if (kind == Kind.ONCE) {
            cancelled = true;
            worker.untrack(this);
        }
        queued.set(false);
        if (!worker.runReporting(action)) {
            cancel(); // a periodic task that threw stops, as with a ScheduledExecutorService
            return;
        }
        if (kind == Kind.CONTINUOUS && !cancelled) {
            worker.enqueue(this); // inside the drain: queues, never spawns, so never rejected
        }
    }

    /** The timer task ended (its one tick fired, or it was closed). */
    void timerEnded() {
        timer.finish();
    }

    @Override
    public void cancel() {
        cancelled = true;
        timer.cancel();
        worker.untrack(this);
    }

    @Override
    public boolean isCancelled() {
        return cancelled || worker.isCancelled();
    }
}
