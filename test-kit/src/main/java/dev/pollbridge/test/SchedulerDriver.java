package dev.pollbridge.test;

import java.util.concurrent.TimeUnit;

/**
 * A library's scheduler as {@link SchedulerContract} and {@link VirtualTimeSchedulerContract}
 * drive it: each method is one call of the library's own API (a Reactor {@code Scheduler}, an
 * RxJava {@code Scheduler}, ...), so the contracts state the behaviour once and need no library
 * on their class path. An implementation is a few lines of one-line methods.
 *
 * @param <D> the library's handle of a scheduled task (its {@code Disposable})
 * @param <W> the library's worker, itself a handle
 */
public interface SchedulerDriver<D, W extends D> {

    /**
     * Schedules {@code task} to run at once.
     *
     * @param task the task
     * @return its handle
     */
    D schedule(Runnable task);

    /**
     * Schedules {@code task} to run after {@code delay}.
     *
     * @param task the task
     * @param delay the delay
     * @param unit the delay's unit
     * @return its handle
     */
    D schedule(Runnable task, long delay, TimeUnit unit);

    /**
     * Schedules {@code task} to run after {@code initialDelay} and then every {@code period}.
     *
     * @param task the task
     * @param initialDelay the delay of the first run
     * @param period the period
     * @param unit the unit of both
     * @return its handle
     */
    D schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit);

    /**
     * A new worker: it runs its tasks one at a time, in order.
     *
     * @return the worker
     */
    W createWorker();

    /**
     * Schedules {@code task} on {@code worker} to run at once.
     *
     * @param worker the worker
     * @param task the task
     * @return its handle
     */
    D schedule(W worker, Runnable task);

    /**
     * Schedules {@code task} on {@code worker} to run after {@code delay}.
     *
     * @param worker the worker
     * @param task the task
     * @param delay the delay
     * @param unit the delay's unit
     * @return its handle
     */
    D schedule(W worker, Runnable task, long delay, TimeUnit unit);

    /**
     * Schedules {@code task} on {@code worker} to run after {@code initialDelay} and then every
     * {@code period}.
     *
     * @param worker the worker
     * @param task the task
     * @param initialDelay the delay of the first run
     * @param period the period
     * @param unit the unit of both
     * @return its handle
     */
    D schedulePeriodically(W worker, Runnable task, long initialDelay, long period, TimeUnit unit);

    /**
     * Disposes a task or a worker.
     *
     * @param handle what to dispose
     */
    void dispose(D handle);

    /**
     * Whether a task or a worker is disposed.
     *
     * @param handle a task or worker
     * @return whether it is disposed
     */
    boolean isDisposed(D handle);

    /** Disposes the scheduler (Reactor's {@code dispose}, RxJava's {@code shutdown}). */
    void shutdown();

    /**
     * Whether the scheduler was disposed (or shut down).
     *
     * @return whether it was
     */
    boolean isShutdown();

    /**
     * The scheduler's tasks and workers not finished or disposed yet.
     *
     * @return the count
     */
    int liveTasks();
}
