package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread per work-stealing runtime (made by {@link RuntimeThreads}, at build) that samples every worker once per
 * {@link #periodNanos} and acts on a worker that is still inside the same turn of the same task
 * (polling it, or closing it on completion or cancellation) as at its previous sample:
 * <ul>
 *   <li><b>Stuck-worker report.</b> Once the turn has lasted the threshold, it is reported while it
 *       is still stuck: a {@code WARNING} through {@link System.Logger} with the task's name and
 *       the worker's stack, and a JDK Flight Recorder event {@code dev.pollbridge.StuckWorker}
 *       ({@link StuckWorkerReporter}); once per turn. The slow-poll report, by contrast, comes
 *       only after a poll returns, and never for a poll that never does.
 *   <li><b>LIFO rescue.</b> A task waiting in that worker's LIFO slot is moved to the global queue
 *       and a parked worker is unparked for it (see "The LIFO slot" in {@link Worker}): the
 *       stuck turn would otherwise hold it, since a LIFO push unparks nobody.
 * </ul>
 *
 * <p><b>Cost on the workers: none added.</b> A worker publishes, as it did already, a poll counter
 * (opaque store per poll) and the task it runs (opaque store before and after each turn); it reads
 * no clock for this. The watchdog reads the clock once per sample. A turn shorter than one period
 * is never seen twice, so it costs nothing either; a stuck turn is seen between one and two
 * periods after it began, and reported at most one period after it passed the threshold.
 *
 * <p><b>Threads.</b> Only the watchdog thread touches the {@code seen*} arrays. It never throws
 * out of a sample: a report that fails (a broken logging backend) goes to the failure reporter.
 * It stops with the workers ({@link WorkStealingEngine#isStopping()}) and is joined with them.
 */
final class Watchdog implements Runnable {

    /** The sample period when stuck-worker reports are off (for the LIFO rescue alone). */
    static final long DEFAULT_PERIOD_NANOS = 10_000_000L;
    /** The shortest sample period, however short the threshold. */
    static final long MIN_PERIOD_NANOS = 1_000_000L;

    private final WorkStealingEngine engine;
    private final long thresholdNanos;
    private final boolean rescueLifo;
    final long periodNanos;
    /** Per worker, watchdog thread only: the turn seen at the last sample, and since when. */
    private final Task<?>[] seenTask;
    private final long[] seenPolls;
    private final long[] seenSince;
    private final boolean[] reported;
    /** Set once before start; read by the closer to unpark and join it. */
    private volatile Thread thread;

    /**
     * A watchdog for {@code engine}. {@code thresholdNanos} of {@code Long.MAX_VALUE} turns the
     * reports off; the period is a quarter of the threshold, between 1 and 10 ms.
     */
    Watchdog(WorkStealingEngine engine, long thresholdNanos, boolean rescueLifo) {
        this.engine = engine;
        this.thresholdNanos = thresholdNanos;
        this.rescueLifo = rescueLifo;
        this.periodNanos = periodFor(thresholdNanos);
        int workers = engine.workers.length;
        this.seenTask = new Task<?>[workers];
        this.seenPolls = new long[workers];
        this.seenSince = new long[workers];
        this.reported = new boolean[workers];
    }

    static long periodFor(long thresholdNanos) {
        return Math.max(MIN_PERIOD_NANOS, Math.min(DEFAULT_PERIOD_NANOS, thresholdNanos / 4));
    }

    /** Starts the watchdog thread. */
    void start(Thread started) {
        thread = started;
        started.start();
    }

    /** Wakes the thread so it sees the engine stopping. */
    void unpark() {
        Thread running = thread;
        if (running != null) {
            LockSupport.unpark(running);
        }
    }

    /** The watchdog thread, or null before start. */
    Thread thread() {
        return thread;
    }

    @Override
    public void run() {
        while (!engine.isStopping()) {
            LockSupport.parkNanos(this, periodNanos);
            if (engine.isStopping()) {
                return;
            }
            try {
                sample(System.nanoTime());
            } catch (Throwable broken) {
                // Only the runtime's own code runs here (reports are contained below): report it
                // and carry on, a watchdog that dies would hide every later stuck worker.
                engine.failures.report(broken, "the stuck-worker watchdog");
            }
        }
    }

    /** One look at every worker at time {@code now}. */
    void sample(long now) {
        Worker[] workers = engine.workers;
        for (int i = 0; i < workers.length; i++) {
            Worker worker = workers[i];
            Task<?> task = worker.runningTask();
            long polls = worker.polls();
            if (task == null || task != seenTask[i] || polls != seenPolls[i]) {
                // Idle, or a new turn since the last sample: start watching it.
                seenTask[i] = task;
                seenPolls[i] = polls;
                seenSince[i] = now;
                reported[i] = false;
                continue;
            }
            // The same turn as one period ago at least.
            if (rescueLifo) {
                Task<?> waiting = worker.peekLifo();
                if (waiting != null && worker.stealLifo(waiting)) {
                    engine.pushFromWatchdog(waiting);
                }
            }
            long stuckNanos = now - seenSince[i];
            if (!reported[i] && stuckNanos >= thresholdNanos) {
                reported[i] = true;
                report(worker, task, stuckNanos);
            }
        }
    }

    private void report(Worker worker, Task<?> task, long stuckNanos) {
        Thread stuck = worker.thread;
        try {
            StuckWorkerReporter.report(task.name(), stuck.getName(), stuck.getStackTrace(), stuckNanos, thresholdNanos);
        } catch (Throwable broken) {
            engine.failures.report(broken, "the stuck-worker report of " + stuck.getName());
        }
    }
}
