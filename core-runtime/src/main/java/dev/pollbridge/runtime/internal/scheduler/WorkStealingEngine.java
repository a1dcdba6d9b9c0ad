package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import dev.pollbridge.runtime.internal.task.Task;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The multi-threaded, work-stealing scheduler (Tokio's {@code multi_thread} scheduler is the
 * reference): per-worker bounded local queues ({@link LocalQueue}) with steal-half, a global
 * injection queue ({@link GlobalQueue}), a LIFO slot per worker, idle-worker coordination with a
 * searching count ({@link Idle}) and the worker loop in {@link Worker}.
 *
 * <h2>Where a task goes</h2>
 * <ul>
 *   <li>Woken on one of this engine's workers (by the task it is polling): that worker's LIFO
 *       slot; the task displaced from the slot goes to the back of the local queue.
 *   <li>Spawned on a worker: the LIFO slot if it is empty, else the back of the local queue.
 *   <li>Re-queued after a wake during its own poll (rule T4), or after its poll budget ran out:
 *       the back of that worker's local queue; a full local queue moves half of itself to the
 *       global queue, as one batch entry.
 *   <li>Spawned or woken anywhere else: the global queue.
 * </ul>
 * After a push that other workers could take, a producer unparks one parked worker only if no
 * worker is searching ({@link Idle#notifyOne()}); a push to the LIFO slot unparks nobody (this
 * worker takes it right after its poll). If that poll runs long, a searcher or the
 * {@link Watchdog} takes the slot's task instead (see "The LIFO slot" in {@link Worker}).
 *
 * <h2>Timing polls</h2>
 * A worker times each poll with two clock reads only if the poll-time histogram is on, or the
 * slow-poll threshold is under {@link #EXACT_SLOW_POLL_FLOOR_NANOS} (the watchdog could not
 * time it closely: its period is at least 1 ms). Otherwise the watchdog times long turns for the
 * slow-poll report (see "Slow polls" in {@link Worker}) and keeps the coarse clock that the
 * task dump's timestamps are taken from ({@link #coarseClockUnits()}). Without a watchdog (every
 * report off and no LIFO rescue) untimed turns record no time and a spawn reads the clock.
 */
final class WorkStealingEngine extends Engine {

    final GlobalQueue global = new GlobalQueue();
    final Idle idle;
    /**
     * The workers. Other threads use {@link #queues} and {@link #parkers}, and only these methods
     * of a worker: {@code polls()}, {@code runningTask()}, {@code peekLifo()} and
     * {@code stealLifo(..)} (searchers and the watchdog), {@code inbox} and {@code dead}
     * (forwarders, rule T12), and {@code thread} (the closer).
     */
    final Worker[] workers;
    /** Each worker's local queue, for stealers and the visibility check. Immutable array. */
    final LocalQueue<Task<?>>[] queues;
    /** Each worker's parker, for producers. Immutable array. */
    final Parker[] parkers;
    /** Set once by {@link #stopWorkers()}; workers check it every tick and after each park. */
    private volatile boolean stopping;
    /** Worker threads that died of a throwable from the runtime's own code (see {@code Worker}). */
    private final AtomicLong deadWorkers = new AtomicLong();
    /**
     * Slow-poll thresholds below this are checked by timing every poll: 4 periods of the watchdog
     * at its shortest (so such a threshold would get a period of under 1 ms).
     */
    static final long EXACT_SLOW_POLL_FLOOR_NANOS = 4 * Watchdog.MIN_PERIOD_NANOS;

    /** Samples the workers (stuck-worker reports, LIFO rescue, slow-poll timing); null if all are off. */
    private final Watchdog watchdog;
    /** Workers time each poll (see "Timing polls"). Immutable. */
    private final boolean timesEachPoll;
    /** The slow-poll threshold if the watchdog times long turns for it, else {@code Long.MAX_VALUE}. Immutable. */
    final long watchedSlowPollNanos;
    /** The workers run on threads of a user's factory, so {@link #localWorker()} also asks {@link RuntimeThreads}. */
    private final boolean factoryThreads;

    WorkStealingEngine(EngineConfig config) {
        super(config);
        long slowPollThreshold = config.slowPollThresholdNanos();
        timesEachPoll = config.pollTimeHistogram() || slowPollThreshold < EXACT_SLOW_POLL_FLOOR_NANOS;
        watchedSlowPollNanos = timesEachPoll ? Long.MAX_VALUE : slowPollThreshold;
        factoryThreads = config.threadFactory() != null;
        idle = new Idle(config.workers());
        workers = new Worker[config.workers()];
        @SuppressWarnings("unchecked")
        LocalQueue<Task<?>>[] localQueues = new LocalQueue[config.workers()];
        parkers = new Parker[config.workers()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker.Padded(this, i);
            localQueues[i] = workers[i].queue;
            parkers[i] = workers[i].parker;
        }
        queues = localQueues;
        SchedulerTuning tuning = config.tuning();
        long stuckThreshold = tuning.stuckWorkerThresholdNanos();
        boolean rescueLifo = tuning.lifoSlot() && workers.length > 1;
        watchdog = stuckThreshold == Long.MAX_VALUE && watchedSlowPollNanos == Long.MAX_VALUE && !rescueLifo ? null
                : new Watchdog(this, stuckThreshold, watchedSlowPollNanos, rescueLifo);
    }

    @Override
    public boolean timesEachPoll() {
        return timesEachPoll;
    }

    /** The watchdog's coarse clock, or -1 without a watchdog. */
    @Override
    public long coarseClockUnits() {
        Watchdog sampler = watchdog;
        return sampler == null ? -1L : sampler.clockUnits();
    }

    @Override
    protected void startThreads() {
        for (Worker worker : workers) {
            worker.thread.start();
        }
        if (watchdog != null) {
            watchdog.start(RuntimeThreads.watchdog(config, watchdog));
        }
    }

    /** The watchdog moved a task out of a stuck worker's LIFO slot: queue it where any worker finds it. */
    void pushFromWatchdog(Task<?> task) {
        global.push(task);
        notifyParked();
    }

    boolean isStopping() {
        return stopping;
    }

    /**
     * Called on the dying thread of a worker after it handed the worker on (or could not): counts
     * the death and logs it. Never throws.
     */
    void workerDied(Thread dying, Throwable death, Task<?> cutShort, String outcome) {
        deadWorkers.incrementAndGet();
        String interrupted = cutShort == null ? ""
                : "; " + cutShort.name() + " was being run and may never complete";
        FailureReporter.log(System.Logger.Level.ERROR, "worker thread " + dying.getName() + " died of " + death
                + ", which escaped the runtime's own code" + interrupted + "; " + outcome, death);
    }

    int workerCount() {
        return workers.length;
    }

    /** This engine's worker running on the current thread, or null. */
    private Worker localWorker() {
        Thread thread = Thread.currentThread();
        if (thread instanceof WorkerThread) {
            WorkerThread workerThread = (WorkerThread) thread;
            if (workerThread.engine() == this) {
                return workers[workerThread.index];
            }
            return null;
        }
        if (factoryThreads) {
            return RuntimeThreads.factoryWorker(this);
        }
        return null;
    }

    @Override
    protected long newTaskId(int worker) {
        return worker >= 0 ? workers[worker].newTaskId() : super.newTaskId(worker);
    }

    /**
     * A new task spawned on a worker takes the LIFO slot if it is empty and runs next there, hot in
     * cache, instead of waking another worker to steal it; if the slot is full it goes to the back
     * of the queue, where it can be stolen (see {@link Worker#scheduleSpawned}). Tokio's
     * {@code schedule_local} swaps a spawn into the slot as it does a wake; we do not, so a poll
     * that spawns many tasks pays no swap per spawn.
     */
    @Override
    protected void submitNew(Task<?> task, int worker) {
        if (worker >= 0) {
            workers[worker].scheduleSpawned(task);
        } else {
            pushRemote(task);
        }
    }

    @Override
    public void schedule(Task<?> task) {
        Worker worker = localWorker();
        if (worker != null) {
            worker.scheduleWoken(task);
        } else {
            pushRemote(task);
        }
    }

    /**
     * Yes: only workers run this engine's tasks, and only they and the closer take tasks out of its
     * queues (the watchdog moves a LIFO slot's entry to the global queue, entry and all), so a
     * worker's spawns are born owned (rule T1) and its yields re-queued owned (T4).
     */
    @Override
    public boolean requeuesOwned() {
        return true;
    }

    /**
     * On a worker, a task woken by the completion of a task it joins goes behind the worker's
     * queued tasks when there are any, not into the LIFO slot (see {@link Worker#wakeJoiner}).
     */
    @Override
    public void wakeJoiner(Waker joiner) {
        Worker worker = localWorker();
        if (worker != null) {
            worker.wakeJoiner(joiner);
        } else {
            joiner.wake();
        }
    }

    @Override
    public void yieldTask(Task<?> task) {
        Worker worker = localWorker();
        if (worker != null) {
            worker.pushBackYielded(task);
        } else {
            pushRemote(task);
        }
    }

    /**
     * A push from outside the workers. If nobody searches but a worker is running, that worker is
     * usually a moment away from searching (it just finished the poll that led to this push:
     * think {@code blockOn(spawn(...))} in a loop). Unparking a second worker for it costs a
     * syscall here and a context switch there, so the producer first spins for up to
     * {@value #REMOTE_SPIN_NANOS} ns until a searcher appears or the task is taken. Then it
     * notifies as usual: the spin only delays the check, so no wake is lost (see {@link Idle}).
     */
    private void pushRemote(Task<?> task) {
        global.push(task);
        if (idle.shouldWakeOne() && idle.someWorkerRunning()) {
            long deadline = System.nanoTime() + REMOTE_SPIN_NANOS;
            do {
                Thread.onSpinWait();
            } while (idle.shouldWakeOne() && !global.isEmpty() && System.nanoTime() - deadline < 0);
            if (global.isEmpty()) {
                return; // taken already: our push needs no worker
            }
        }
        notifyParked();
    }

    /**
     * Task rule T12: hands {@code task} (taken from a queue, still SCHEDULED) to the worker whose
     * thread is {@code home}, and wakes it if it is parked. False if no live worker runs on that
     * thread any more (it died, replaced or not): the caller runs the task itself, after the dead
     * thread ended (see "When the thread dies" in {@link Worker}). A worker that dies while the task
     * goes into its inbox either drains it into its queue (true: others steal it from there) or
     * finds it missed by its drain, and the caller takes it back (false).
     */
    boolean forward(Task<?> task, Thread home) {
        for (Worker worker : workers) {
            if (worker.thread == home) {
                if (worker.dead) {
                    return false;
                }
                worker.inbox.add(task);
                // The add, then a volatile read; Worker.died writes the flag, then takes from the
                // inbox: one of the two sees the other, and the inbox's remove/poll decide who has it.
                if (worker.dead) {
                    return !worker.inbox.remove(task);
                }
                if (idle.notifyWorker(worker.index)) {
                    parkers[worker.index].unpark();
                }
                return true;
            }
        }
        return false;
    }

    /** How long a foreign producer waits for a running worker to start searching. */
    static final long REMOTE_SPIN_NANOS = 3_000L;

    /** After a push others can take: unpark one parked worker if none is searching. */
    void notifyParked() {
        int worker = idle.notifyOne();
        if (worker >= 0) {
            parkers[worker].unpark();
        }
    }

    /** Called by a worker that stopped being the last searcher: wake another if work is queued. */
    void notifyIfWorkPending() {
        if (hasVisibleWork()) {
            notifyParked();
        }
    }

    /** True if the global queue or any local queue holds a task now (racy, never blocking). */
    boolean hasVisibleWork() {
        if (!global.isEmpty()) {
            return true;
        }
        for (LocalQueue<Task<?>> queue : queues) {
            if (!queue.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected void stopWorkers() {
        stopping = true;
        for (Parker parker : parkers) {
            parker.unpark();
        }
        if (watchdog != null) {
            watchdog.unpark();
        }
    }

    @Override
    protected void joinWorkers() {
        Thread self = Thread.currentThread();
        boolean interrupted = false;
        for (Worker worker : workers) {
            // A worker whose thread died has a successor: join threads until the field stays put
            // (the dying thread writes it before it ends, so a join orders that write before the re-read).
            for (Thread thread = worker.thread; thread != self; ) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                    continue;
                }
                Thread latest = worker.thread;
                if (latest == thread) {
                    break;
                }
                thread = latest;
            }
        }
        Thread watcher = watchdog == null ? null : watchdog.thread();
        while (watcher != null && watcher != self) {
            try {
                watcher.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            self.interrupt();
        }
    }

    @Override
    protected void clearQueues(List<Task<?>> drained) {
        for (Worker worker : workers) {
            worker.drainTo(drained);
        }
        for (Object entry; (entry = global.poll()) != null; ) {
            GlobalQueue.addTasks(entry, drained);
        }
    }

    @Override
    protected int currentWorkerIndex() {
        Worker worker = localWorker();
        return worker == null ? -1 : worker.index;
    }

    @Override
    protected void addWorkerMetrics(List<WorkerMetrics> perWorker, long[] pollTimes) {
        for (Worker worker : workers) {
            perWorker.add(worker.metrics());
            worker.addPollTimesTo(pollTimes);
        }
    }

    @Override
    protected Map<Task<?>, String> runningTasks() {
        Map<Task<?>, String> running = new IdentityHashMap<>();
        for (Worker worker : workers) {
            Task<?> task = worker.runningTask();
            if (task != null) {
                running.put(task, worker.thread.getName());
            }
        }
        return running;
    }

    @Override
    protected SchedulerCounters schedulerCounters() {
        long polls = 0;
        long steals = 0;
        long parks = 0;
        for (Worker worker : workers) {
            polls += worker.polls();
            steals += worker.steals();
            parks += worker.parks();
        }
        return new SchedulerCounters(polls, steals, global.size(), parks, deadWorkers.get());
    }
}
