package dev.pollbridge.reactor;

import dev.pollbridge.test.SchedulerDriver;
import java.util.concurrent.TimeUnit;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

/** The Reactor calls the scheduler contracts make, on the adapter's {@link RuntimeScheduler}. */
record ReactorSchedulerDriver(RuntimeScheduler scheduler) implements SchedulerDriver<Disposable, Scheduler.Worker> {

    @Override
    public Disposable schedule(Runnable task) {
        return scheduler.schedule(task);
    }

    @Override
    public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
        return scheduler.schedule(task, delay, unit);
    }

    @Override
    public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
        return scheduler.schedulePeriodically(task, initialDelay, period, unit);
    }

    @Override
    public Scheduler.Worker createWorker() {
        return scheduler.createWorker();
    }

    @Override
    public Disposable schedule(Scheduler.Worker worker, Runnable task) {
        return worker.schedule(task);
    }

    @Override
    public Disposable schedule(Scheduler.Worker worker, Runnable task, long delay, TimeUnit unit) {
        return worker.schedule(task, delay, unit);
    }

    @Override
    public Disposable schedulePeriodically(Scheduler.Worker worker, Runnable task, long initialDelay, long period, TimeUnit unit) {
        return worker.schedulePeriodically(task, initialDelay, period, unit);
    }

    @Override
    public void dispose(Disposable handle) {
        handle.dispose();
    }

    @Override
    public boolean isDisposed(Disposable handle) {
        return handle.isDisposed();
    }

    @Override
    public void shutdown() {
        scheduler.dispose();
    }

    @Override
    public boolean isShutdown() {
        return scheduler.isDisposed();
    }

    @Override
    public int liveTasks() {
        return scheduler.liveTasks();
    }
}
