package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Task;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The multi-threaded scheduler (first version): one shared run queue drained by N workers that
 * park when it is empty. A producer pushes, then unparks one parked worker if any; a worker that
 * finds no work registers as idle, re-checks the queue, then parks (both sides use volatile/CAS
 * accesses, so one of them always sees the other: no lost wake).
 */
final class WorkStealingEngine extends Engine {

    private final ConcurrentLinkedQueue<Task<?>> queue = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<WorkerThread> idle = new ConcurrentLinkedQueue<>();
    private final WorkerThread[] workers;
    private final Parker[] parkers;
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong parks = new AtomicLong();
    private volatile boolean stopping;

    WorkStealingEngine(EngineConfig config) {
        super(config);
        workers = new WorkerThread[config.workers()];
        parkers = new Parker[config.workers()];
        for (int i = 0; i < workers.length; i++) {
            int index = i;
            workers[i] = new WorkerThread(this, i, () -> runWorker(index), config.threadNamePrefix() + "worker-" + i);
            workers[i].setDaemon(config.daemon());
            parkers[i] = new Parker(workers[i]);
        }
    }

    @Override
    protected void startThreads() {
        for (WorkerThread worker : workers) {
            worker.start();
        }
    }

    @Override
    protected void submitNew(Task<?> task) {
        schedule(task);
    }

    @Override
    public void schedule(Task<?> task) {
        queue.offer(task);
        WorkerThread sleeper = idle.poll();
        if (sleeper != null) {
            parkers[sleeper.index].unpark();
        }
    }

    @Override
    public void yieldTask(Task<?> task) {
        schedule(task);
    }

    private void runWorker(int index) {
        WorkerThread self = workers[index];
        Parker parker = parkers[index];
        while (!stopping) {
            Task<?> task = queue.poll();
            if (task != null) {
                CoopBudget.reset();
                polls.incrementAndGet();
                task.run();
                continue;
            }
            idle.add(self);
            if (!queue.isEmpty() || stopping) {
                if (!idle.remove(self)) {
                    parker.park(0); // a producer popped us and is unparking us: take the permit
                }
                continue;
            }
            parks.incrementAndGet();
            parker.park(0);
            idle.remove(self);
        }
        CoopBudget.set(CoopBudget.unlimited());
    }

    @Override
    protected void stopWorkers() {
        stopping = true;
        for (Parker parker : parkers) {
            parker.unpark();
        }
    }

    @Override
    protected void joinWorkers() {
        Thread self = Thread.currentThread();
        boolean interrupted = false;
        for (WorkerThread worker : workers) {
            if (worker == self) {
                continue;
            }
            for (;;) {
                try {
                    worker.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            self.interrupt();
        }
    }

    @Override
    protected void clearQueues() {
        queue.clear();
    }

    @Override
    protected SchedulerCounters schedulerCounters() {
        return new SchedulerCounters(polls.get(), 0, queue.size(), parks.get());
    }
}
