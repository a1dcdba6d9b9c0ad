package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.TaskClock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

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
 *   <li><b>Slow-poll timing</b> (when the workers do not time each poll, see
 *       {@link WorkStealingEngine}): it tells the worker "your turn {@code n} has run since
 *       {@code T}" ({@link Worker#markLongTurn}), {@code T} being the clock read right after the
 *       sample that first saw the turn. After that turn the worker reads the clock once and
 *       reports a slow poll if {@code now - T} reached the threshold. {@code now - T} is a lower
 *       bound of the turn's length, short of it by less than the time between two samples (one
 *       period, when this thread is scheduled on time).
 * </ul>
 * It also keeps the <b>coarse clock</b> of the task dump's timestamps ({@link #clockUnits()}),
 * updated at every sample: the period is at most 10 ms, less than the 16.8 ms unit of
 * {@link TaskClock}, so it lags the real clock by at most about one unit.
 *
 * <p><b>Cost on the workers: no clock read.</b> A worker publishes, as it did already, a poll
 * counter (release store per poll) and the task it runs (opaque store before and after each turn),
 * and after each turn reads one field of its own; it reads the clock only after a turn that was
 * seen at two samples. The watchdog reads the clock once per worker per sample. A turn shorter
 * than one period is never seen twice, so it costs nothing either; a stuck turn is seen between
 * one and two periods after it began, and reported at most one period after it passed the threshold.
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
    /** The slow-poll threshold, if this watchdog times long turns for it; else {@code Long.MAX_VALUE}. */
    private final long slowPollThresholdNanos;
    private final boolean rescueLifo;
    final long periodNanos;
    /** The coarse clock: {@link TaskClock} units at the latest sample. Watchdog thread writes, anyone reads. */
    private volatile long clockUnits = TaskClock.units(System.nanoTime());
    /** Per worker, watchdog thread only: the turn seen at the last sample, and since when. */
    private final Task<?>[] seenTask;
    private final long[] seenPolls;
    private final long[] seenSince;
    private final boolean[] reported;
    /** Set once before start; read by the closer to unpark and join it. */
    private volatile Thread thread;

    /**
     * A watchdog for {@code engine}: stuck-worker reports past {@code thresholdNanos}, slow-poll
     * timing for {@code slowPollThresholdNanos}; {@code Long.MAX_VALUE} turns either off. The
     * period is a quarter of the shorter threshold, between 1 and 10 ms.
     */
    Watchdog(WorkStealingEngine engine, long thresholdNanos, long slowPollThresholdNanos, boolean rescueLifo) {
        this.engine = engine;
        this.thresholdNanos = thresholdNanos;
        this.slowPollThresholdNanos = slowPollThresholdNanos;
        this.rescueLifo = rescueLifo;
        this.periodNanos = periodFor(Math.min(thresholdNanos, slowPollThresholdNanos));
        int workers = engine.workers.length;
        this.seenTask = new Task<?>[workers];
        this.seenPolls = new long[workers];
        this.seenSince = new long[workers];
        this.reported = new boolean[workers];
    }

    static long periodFor(long thresholdNanos) {
        return Math.max(MIN_PERIOD_NANOS, Math.min(DEFAULT_PERIOD_NANOS, thresholdNanos / 4));
    }

    /** The coarse clock ({@link TaskClock} units), at most about one unit behind the real one. Any thread. */
    long clockUnits() {
        return clockUnits;
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
                sample(System::nanoTime);
            } catch (Throwable broken) {
                // Only the runtime's own code runs here (reports are contained below): report it
                // and carry on, a watchdog that dies would hide every later stuck worker.
                engine.failures.report(broken, "the stuck-worker watchdog");
            }
        }
    }

    /**
     * One look at every worker, with the time read from {@code clock} (real, or made up by a
     * test) once per sample and once per worker, right after that worker's turn was read: a turn
     * first seen at a sample therefore began before the time recorded for it.
     */
    void sample(LongSupplier clock) {
        clockUnits = TaskClock.units(clock.getAsLong());
        Worker[] workers = engine.workers;
        for (int i = 0; i < workers.length; i++) {
            Worker worker = workers[i];
            Task<?> task = worker.runningTask();
            long polls = worker.polls(); // acquire: what follows, markLongTurn included, comes after it
            long now = clock.getAsLong();
            if (task == null || task != seenTask[i] || polls != seenPolls[i]) {
                // Idle, or a new turn since the last sample: start watching it.
                seenTask[i] = task;
                seenPolls[i] = polls;
                seenSince[i] = now;
                reported[i] = false;
                continue;
            }
            // The same turn as one period ago at least.
            if (slowPollThresholdNanos != Long.MAX_VALUE) {
                worker.markLongTurn(polls, seenSince[i], task);
            }
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
