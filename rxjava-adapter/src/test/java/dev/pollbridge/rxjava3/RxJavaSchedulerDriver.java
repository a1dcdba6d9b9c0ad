package dev.pollbridge.rxjava3;

import dev.pollbridge.test.SchedulerDriver;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.concurrent.TimeUnit;

/** The RxJava calls the scheduler contracts make, on the adapter's {@link RuntimeScheduler}. */
record RxJavaSchedulerDriver(RuntimeScheduler scheduler) implements SchedulerDriver<Disposable, Scheduler.Worker> {

    @Override
    public Disposable schedule(Runnable task) {
        return scheduler.scheduleDirect(task);
    }

    @Override
    public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
        return scheduler.scheduleDirect(task, delay, unit);
    }

    @Override
    public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
        return scheduler.schedulePeriodicallyDirect(task, initialDelay, period, unit);
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
        scheduler.shutdown();
    }

    /** RxJava's scheduler does not say; after {@code shutdown} its new workers are born disposed. */
    @Override
    public boolean isShutdown() {
        Scheduler.Worker probe = scheduler.createWorker();
        boolean shutDown = probe.isDisposed();
        probe.dispose();
        return shutDown;
    }

    @Override
    public int liveTasks() {
        return scheduler.liveTasks();
    }
}
