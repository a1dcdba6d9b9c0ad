package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.TaskDump;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import dev.pollbridge.runtime.internal.async.Failures;
import dev.pollbridge.runtime.internal.async.InheritedLocals;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.ForeignThreadState;
import dev.pollbridge.runtime.internal.task.OwnedTasks;
import dev.pollbridge.runtime.internal.task.Scheduler;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.TaskCounts;
import dev.pollbridge.runtime.internal.task.TaskJoinHandle;
import dev.pollbridge.runtime.internal.task.Unwind;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import dev.pollbridge.runtime.internal.task.UnwindSet;
import dev.pollbridge.runtime.internal.time.TimeDriver;
import dev.pollbridge.runtime.internal.time.TimerHost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * What every scheduler flavour shares: the owned-task registry, spawning, {@code blockOn}, the
 * blocking pool, failure and slow-poll reports, metrics and the shutdown sequence. Subclasses
 * supply the run queues and the threads that drain them.
 *
 * <h2>Shutdown sequence</h2>
 * <ol>
 *   <li>The registry is closed: a later spawn from outside the runtime throws
 *       {@link RejectedExecutionException}; one from inside it (a task's poll or close, a
 *       worker, the thread in {@code blockOn}) gets a task that is cancelled on the spot, so
 *       the shutdown does not throw into the spawning task (Tokio's choice).
 *   <li>The workers are told to stop and unparked; each finishes its current poll and exits.
 *       All of them but the caller are joined.
 *   <li>The run queues are emptied (the only thread touching them now is the closer), and every
 *       task taken from them is shut down (rule T7): a task that has not waited yet is in no
 *       registry, only in a queue.
 *   <li>Every task in the registry when it closed is shut down (rule T7): cancelled and its
 *       future closed here, or, if it is being polled by the calling worker, by that worker right
 *       after the poll. A task polled while the registry closed is cancelled by its runner when
 *       it returns pending ({@link #enterRegistry} refuses it).
 *   <li>The blocking pool is stopped and its threads joined.
 * </ol>
 * A second {@code close()} waits for the first to finish and then joins every worker and
 * blocking thread itself, so it returns only when none is alive, even if the first closer was a
 * worker (which cannot join itself). On a worker or blocking thread of this runtime it returns
 * at once instead: that thread is joined by the other closer.
 */
public abstract class Engine implements Scheduler, UnwindScope, TimerHost {

    /** How long {@link #close()} waits for cancelled Async bodies to unwind (rule T11). */
    public static final long CLOSE_UNWIND_NANOS = 10_000_000_000L;
    /** How long {@code blockOn} spins for a wake before parking its thread. */
    private static final long BLOCK_ON_SPIN_NANOS = 20_000L;

    /** Settings. Immutable. */
    protected final EngineConfig config;
    /** Every task that waits (entered at its first pending poll); its closed flag closes the runtime. */
    protected final OwnedTasks tasks;
    /** Tasks spawned and completed. */
    private final TaskCounts counts;
    private final BlockingPool blocking;
    private final AtomicLong taskIds = new AtomicLong();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch terminated = new CountDownLatch(1);
    /** Cancelled Async bodies still unwinding that tasks or blockOn calls of this runtime wait for (T11). */
    private final AtomicLong unwindingBodies = new AtomicLong();
    private final long slowPollThresholdNanos;
    /**
     * Each live task's spawn site, if the builder asked for them; else null. Beside the tasks, not
     * in them: the task object stays as small without it (Tasks use identity equality).
     */
    private final Map<Task<?>, Throwable> spawnSites;
    /** Where failures nobody else receives go (the uncaught-failure handler). */
    protected final FailureReporter failures;
    /**
     * The object that fronts this engine for its users (the public runtime), set once right after
     * construction; opaque here, so the engine depends on nothing above it. Only for
     * {@link #front()}: the engine never calls it.
     */
    private volatile Object front;
    /** The facade's timers, set once right after construction: lent to what the tasks poll. */
    private volatile TimeDriver timers;

    /** An engine with these settings; {@link #start} builds one and starts its threads. */
    protected Engine(EngineConfig config) {
        this.config = config;
        this.tasks = new OwnedTasks(Math.max(16, 4 * config.workers()));
        this.counts = new TaskCounts(config.workers());
        this.failures = new FailureReporter(config.uncaughtFailureHandler());
        this.blocking = new BlockingPool(config, failures);
        this.slowPollThresholdNanos = config.slowPollThresholdNanos();
        this.spawnSites = config.captureSpawnSites() ? new ConcurrentHashMap<>() : null;
    }

    /**
     * Builds the engine flavour the settings ask for and starts its threads. The engine lends
     * {@code timers} to the futures it polls ({@link TimerHost}: {@code Time.timeout} finds them
     * through the poll's context, whose attachment is a task of this engine or, in
     * {@code blockOn}, the engine).
     */
    public static Engine start(EngineConfig config, Object front, TimeDriver timers) {
        Engine engine = config.workers() == 0 ? new CurrentThreadEngine(config) : new WorkStealingEngine(config);
        engine.front = Objects.requireNonNull(front, "front");
        engine.timers = timers;
        engine.startThreads();
        return engine;
    }

    @Override
    public TimeDriver timers() {
        return timers;
    }

    /** The engine whose worker (or {@code blockOn}, or test driver) is running this code, or null. */
    public static Engine current() {
        Engine engine = workerEngine(Thread.currentThread());
        if (engine == null) {
            UnwindScope entered = UnwindScopes.installed();
            engine = entered instanceof Engine ? (Engine) entered : null;
        }
        return engine;
    }

    /** What fronts this engine, as given to {@link #start}. */
    public Object front() {
        return front;
    }

    /** The engine whose worker loop runs on {@code thread} (the current thread), or null. */
    private static Engine workerEngine(Thread thread) {
        return thread instanceof WorkerThread ? ((WorkerThread) thread).engine() : RuntimeThreads.factoryWorkerEngine();
    }

    /**
     * Marks the calling (non-worker) thread as inside this runtime: the engine is installed as the
     * thread's unwind scope (rule T11), which is also how {@link #current()} finds it. Returns
     * what was installed before, for {@link #exit}.
     */
    protected final UnwindScope enter() {
        return UnwindScopes.install(this);
    }

    /** Undoes {@link #enter()}. */
    protected static void exit(UnwindScope outer) {
        UnwindScopes.restore(outer);
    }

    /**
     * Rule T11 on a thread inside this runtime but outside any task ({@code blockOn}): the body's
     * unwind is registered with the thread's set, which {@code blockOn} waits for before it
     * returns.
     */
    @Override
    public Unwind register(String body) {
        ForeignThreadState here = ForeignThreadState.current();
        UnwindSet set = here.blockOnUnwinds(); // created at the first registration; blockOn waits for it
        if (set == null) {
            set = new UnwindSet(this, true);
            here.blockOnUnwinds(set);
        }
        return set.register(body);
    }

    /** Settings. */
    public EngineConfig config() {
        return config;
    }

    // ---- flavour hooks ----

    /** Starts the flavour's threads (none for the current-thread flavour). */
    protected abstract void startThreads();

    /**
     * Pushes a newly spawned task (born SCHEDULED) to a run queue. {@code worker}: the spawning
     * thread's {@link #currentWorkerIndex()}, looked up once per spawn.
     */
    protected abstract void submitNew(Task<?> task, int worker);

    /**
     * A new task id, unique in this runtime: a sequence number in the high bits and the spawning
     * worker's index in the low 16 bits (0xFFFF for other threads). The default draws from one
     * shared counter; the work-stealing flavour gives each worker its own sequence so that spawns
     * on different workers share no counter. {@code worker}: as in {@link #submitNew}.
     */
    protected long newTaskId(int worker) {
        return taskIds.incrementAndGet() << 16 | 0xFFFF;
    }

    /** Tells the workers to stop after their current poll and wakes them all. */
    protected abstract void stopWorkers();

    /** Joins every worker except the calling thread. */
    protected abstract void joinWorkers();

    /**
     * Empties every run queue into {@code drained}; called by the closer once no worker polls any
     * more (wakes from other threads may still push to a shared queue meanwhile).
     */
    protected abstract void clearQueues(List<Task<?>> drained);

    /**
     * The index of this engine's worker running on the calling thread, or -1. A worker is joined
     * by the closer before it empties the queues, so a task a worker pushed is sure to be in a
     * queue the closer empties (see {@link #submit}).
     */
    protected int currentWorkerIndex() {
        return -1;
    }

    /** Fills in the scheduler part of a metrics snapshot. */
    protected abstract SchedulerCounters schedulerCounters();

    // ---- spawning ----

    /**
     * Spawns {@code future} as a task with a join handle. Once the runtime is closed, a spawn from
     * inside it (see {@code calledInside()}) returns the handle of a task cancelled on the spot (its
     * future closed here, rule T7); one from outside throws.
     *
     * @throws RejectedExecutionException once the runtime is closed, to a caller outside it (the
     *     future is not closed: the caller still owns it)
     */
    public <T> JoinHandle<T> spawn(PollFuture<T> future) {
        Objects.requireNonNull(future, "future");
        if (tasks.isClosed() && !calledInside()) {
            throw closedRuntime();
        }
        SingleUse.claim(future, "PollRuntime.spawn"); // rule 11: refuses a future some other owner has
        int worker = currentWorkerIndex();
        Task<T> task = newTask(InheritedLocals.capture(future), true, worker);
        submit(task, worker);
        return new TaskJoinHandle<>(task);
    }

    /**
     * Spawns {@code future} detached: nobody joins it; its failure goes to the uncaught-failure
     * handler. This is the {@code Executor} path, whose contract is to refuse, so it throws on a
     * closed runtime whoever calls it.
     *
     * @throws RejectedExecutionException once the runtime is closed
     */
    public void spawnDetached(PollFuture<?> future) {
        Objects.requireNonNull(future, "future");
        if (tasks.isClosed()) {
            throw closedRuntime();
        }
        int worker = currentWorkerIndex();
        submit(newTask(future, false, worker), worker);
    }

    /**
     * A new task, pushed by {@link #submit} right after. On a worker of an engine that takes owned
     * entries it is born RUNNING (rule T1's owned spawn: one state CAS less per task, the worker
     * that takes it runs it as it is); from any other thread it is born SCHEDULED, since a spawn
     * from outside may race with the close (see {@link #submit}), which a worker's spawn cannot.
     */
    private <T> Task<T> newTask(PollFuture<T> future, boolean joinInterest, int worker) {
        long id = newTaskId(worker);
        Task<T> task = worker >= 0 && requeuesOwned() ? Task.bornOwned(id, future, this, joinInterest)
                : new Task<>(id, future, this, joinInterest);
        counts.spawned(worker); // before it can complete: alive() never counts a completion without its spawn
        captureSpawnSite(task);
        RuntimeEvents.taskSpawned(task);
        return task;
    }

    /**
     * Rule T1: pushes a new task, or cancels it on this thread if the runtime is closed. The
     * registry does not guard a spawn any more (a task enters it only when it first waits), so a
     * spawn racing with {@link #close} is settled like Dekker's: the spawner pushes, then reads the
     * closed flag; the closer sets the flag (a volatile write), then empties the queues. A push
     * from a thread that is not a worker takes effect at a volatile read-modify-write (the global
     * queue's slot CAS, the current-thread queue's link CAS), which is sequentially consistent
     * with the later volatile read of the flag: no fence is needed between them. Either the closer's emptying sees the push (and shuts the task down), or the
     * spawner sees the flag (and shuts it down itself); both may, and a shutdown is idempotent
     * (the second sees RUNNING or COMPLETE and does nothing; the queue entry is skipped, T2).
     */
    private void submit(Task<?> task, int worker) {
        if (tasks.isClosed()) {
            task.shutdownQueued(); // a spawn inside a closed runtime: cancelled on the spot (it holds its entry)
            return;
        }
        submitNew(task, worker);
        if (worker < 0 && tasks.isClosed()) { // a worker's push is emptied by the closer, which joins it first
            task.shutdown();
        }
    }

    /**
     * Submits blocking work to the blocking pool. Once the runtime is closed, a caller inside it
     * gets a future that fails with {@link CancellationException} (the work never runs); one
     * outside it gets the exception.
     *
     * @throws RejectedExecutionException once the runtime is closed, to a caller outside it
     */
    public <T> PollFuture<T> spawnBlocking(Callable<T> work) {
        Objects.requireNonNull(work, "work");
        try {
            if (tasks.isClosed()) {
                throw closedRuntime();
            }
            return blocking.submit(work);
        } catch (RejectedExecutionException closed) {
            if (!calledInside()) {
                throw closed;
            }
            return Futures.failed(new CancellationException("spawnBlocking on a runtime that is shutting down"));
        }
    }

    /**
     * Records where {@code task} is being spawned, if spawn sites are captured: before it is bound,
     * so that its release (on any worker, at once) always finds the entry to remove.
     */
    private void captureSpawnSite(Task<?> task) {
        if (spawnSites != null) {
            spawnSites.put(task, new Throwable("spawn site"));
        }
    }

    private static RejectedExecutionException closedRuntime() {
        return new RejectedExecutionException("the runtime is closed");
    }

    /**
     * True if the calling thread runs code of this runtime: one of its workers or blocking
     * threads, the thread inside its {@code blockOn}, or any thread polling or closing one of its
     * tasks. Such a caller is shut down along with the runtime, so a spawn it makes during the
     * shutdown is cancelled rather than refused.
     */
    private boolean calledInside() {
        Task<?> task = Task.current();
        return current() == this || (task != null && task.runsOn(this)) || blocking.owns(Thread.currentThread());
    }

    // ---- blockOn ----

    /** Drives {@code future} to completion on the calling thread; see {@code PollRuntime.blockOn}. */
    public <T> T blockOn(PollFuture<T> future) {
        return blockOn(future, NO_TIMEOUT);
    }

    /**
     * {@link #blockOn(PollFuture)} for at most {@code timeoutNanos} of real time
     * ({@code System.nanoTime()}, whatever the runtime's clock): then the future is closed and a
     * {@code TimeoutException} thrown by the failure rule (so wrapped in a
     * {@code CompletionException}); see {@code PollRuntime.blockOn(PollFuture, Duration)}.
     * {@link #NO_TIMEOUT} waits for ever.
     */
    public <T> T blockOn(PollFuture<T> future, long timeoutNanos) {
        SingleUse.claim(future, "PollRuntime.blockOn"); // before anything closes it: a refused future is not ours
        Thread thread = Thread.currentThread();
        // One thread-local lookup for the task, the scope and the unwinds (ForeignThreadState). The
        // only runtime threads (BudgetedThread) are WorkerThreads, which the first check refuses, so
        // past it the current task is the one the thread's state holds.
        ForeignThreadState here = ForeignThreadState.current();
        if (workerEngine(thread) != null || here.currentTask() != null) {
            future.close();
            throw new IllegalStateException("blockOn() called inside a task (thread '" + thread.getName()
                    + "'): it would block the thread that runs tasks and could deadlock the runtime. Await the"
                    + " future inside the task instead, or spawn it and return its JoinHandle.");
        }
        if (tasks.isClosed()) {
            future.close();
            throw new RejectedExecutionException("the runtime is closed");
        }
        UnwindScope outer = here.install(this); // enter(), without a second lookup
        Parker parker = new Parker(thread);
        Context cx = Context.of(parker, this); // the engine as attachment: what the future polls finds its timers
        // Without a time limit the start is never read: no clock read (about 20 ns here) per call.
        long start = timeoutNanos == NO_TIMEOUT ? 0L : System.nanoTime();
        Poll<T> result;
        try {
            result = drive(future, cx, parker, start, Math.max(0L, timeoutNanos));
        } catch (RuntimeException | Error stopped) {
            result = Poll.failed(stopped); // an interrupt: thrown below, after the unwinds
        } finally {
            try {
                future.close();
            } finally {
                here.restore(outer); // exit(outer)
            }
        }
        // Async bodies that the future's close (or a select inside it) cancelled while they ran
        // registered with this thread (rule T11): return only once they have unwound.
        UnwindSet unwinds = here.blockOnUnwinds();
        if (unwinds == null) {
            return resultOf(result, List.of());
        }
        here.blockOnUnwinds(null);
        unwinds.awaitAll(false, 0L); // not interruptible, like StructuredTaskScope.close()
        return resultOf(result, unwinds.takeKept());
    }

    /**
     * Polls {@code future} until it is ready, parking between wakes, or until {@code timeoutNanos}
     * have passed since {@code start} ({@code System.nanoTime()}; {@link #NO_TIMEOUT}: never),
     * when it returns {@link #timedOut}; the current-thread flavour overrides this to run its tasks
     * meanwhile. The future is polled once more after the time ran out before it times out, so a
     * result that came at the deadline wins.
     */
    protected <T> Poll<T> drive(PollFuture<T> future, Context cx, Parker parker, long start, long timeoutNanos) {
        for (;;) {
            Poll<T> result = pollWithBudget(future, cx);
            if (!result.isPending()) {
                return result;
            }
            long left = nanosLeft(start, timeoutNanos);
            if (left <= 0) {
                return timedOut(timeoutNanos);
            }
            // A spawned task often answers within microseconds: spin briefly before parking.
            parker.spinForPermit(Math.min(BLOCK_ON_SPIN_NANOS, left));
            park(parker, start, timeoutNanos); // returns at once (taking it) if the spin saw a permit
            checkInterrupted();
        }
    }

    /** No limit for {@link #blockOn(PollFuture, long)}: about 292 years. */
    public static final long NO_TIMEOUT = Long.MAX_VALUE;

    /** Parks until a permit, an interrupt, or (if there is one) the end of the timeout. */
    protected static void park(Parker parker, long start, long timeoutNanos) {
        if (timeoutNanos == NO_TIMEOUT) {
            parker.park();
        } else {
            parker.parkNanos(nanosLeft(start, timeoutNanos));
        }
    }

    /** What is left of {@code timeoutNanos} since {@code start}; zero or less once it ran out. */
    protected static long nanosLeft(long start, long timeoutNanos) {
        return timeoutNanos == NO_TIMEOUT ? NO_TIMEOUT : timeoutNanos - (System.nanoTime() - start);
    }

    /** The outcome of a {@code blockOn} whose time ran out; it closes the future as for any outcome. */
    protected static <T> Poll<T> timedOut(long timeoutNanos) {
        Duration limit = Duration.ofNanos(timeoutNanos);
        return Poll.failed(new TimeoutException("blockOn(future, " + limit + "): the future was not ready within "
                + limit + " (real time), so it was closed"));
    }

    /**
     * One poll of a driven future with a fresh budget; a thrown exception becomes a failure. Only
     * on a {@code blockOn} thread, which is never a runtime thread, so its budget lives in its
     * {@link ForeignThreadState} (one lookup for the grant and the restore).
     */
    protected static <T> Poll<T> pollWithBudget(PollFuture<T> future, Context cx) {
        ForeignThreadState here = ForeignThreadState.current();
        int previous = here.grantBudget(CoopBudget.PER_POLL);
        try {
            Poll<T> result = future.poll(cx);
            if (result == null) {
                return Poll.failed(new NullPointerException("poll() returned null"));
            }
            if (result.isDone()) {
                return Poll.failed(new IllegalStateException("poll() of a future returned done"));
            }
            return result;
        } catch (Throwable failure) {
            return Poll.failed(failure);
        } finally {
            here.grantBudget(previous);
        }
    }

    /** Throws if the blockOn thread was interrupted (keeping the interrupt status). */
    protected static void checkInterrupted() {
        if (Thread.currentThread().isInterrupted()) {
            throw new CompletionException(new InterruptedException("blockOn() was interrupted"));
        }
    }

    /**
     * The value, or the failure thrown by the one failure rule. What the cleanup of bodies that
     * {@code blockOn} cancelled threw is added to the thrown exception as suppressed, or, when a
     * value is returned, reported to the uncaught-failure handler.
     */
    private <T> T resultOf(Poll<T> result, List<Throwable> cleanupFailures) {
        if (result.isReady()) {
            for (Throwable failure : cleanupFailures) {
                reportUncaught(failure, "the cleanup of an Async body that blockOn() cancelled");
            }
            return result.value();
        }
        Throwable error = result.error();
        for (Throwable failure : cleanupFailures) {
            if (failure != error) {
                error.addSuppressed(failure);
            }
        }
        throw Failures.unchecked(error);
    }

    // ---- Scheduler hooks shared by the flavours ----

    @Override
    public boolean enterRegistry(Task<?> task) {
        return tasks.bind(task, currentWorkerIndex());
    }

    @Override
    public void release(Task<?> task) {
        tasks.remove(task);
        counts.completed(currentWorkerIndex());
        if (spawnSites != null) {
            spawnSites.remove(task);
        }
        RuntimeEvents.taskCompleted(task);
    }

    @Override
    public long slowPollThresholdNanos() {
        return slowPollThresholdNanos;
    }

    @Override
    public void reportSlowPoll(Task<?> task, long nanos) {
        reportSlowPoll(task.name(), nanos, false);
    }

    /**
     * Reports a slow poll of the task named {@code taskName} that took {@code nanos}, exactly or
     * (the watchdog timed it) at least; never throws.
     */
    void reportSlowPoll(String taskName, long nanos, boolean lowerBound) {
        try {
            SlowPollReporter.report(taskName, nanos, slowPollThresholdNanos, lowerBound);
        } catch (Throwable broken) {
            // The logging backend and JFR are configurable: a report must not kill the worker.
            failures.report(broken, "the slow-poll report of " + taskName);
        }
    }

    @Override
    public void reportUncaught(Throwable failure, String source) {
        failures.report(failure, source);
    }

    /** Rule T11: counts the cancelled Async bodies this runtime's tasks and blockOn calls wait for. */
    @Override
    public void unwinding(int delta) {
        unwindingBodies.addAndGet(delta);
    }

    // ---- metrics ----

    /** A snapshot of the counters. */
    public PollRuntimeMetrics metrics() {
        SchedulerCounters counters = schedulerCounters();
        List<WorkerMetrics> perWorker = new ArrayList<>(config.workers());
        long[] pollTimes = new long[PollTimeHistogram.BUCKETS];
        addWorkerMetrics(perWorker, pollTimes);
        long forcedYields = 0;
        long localQueueDepth = 0;
        for (WorkerMetrics worker : perWorker) {
            forcedYields += worker.budgetForcedYields();
            localQueueDepth += worker.localQueueDepth();
        }
        long completed = counts.completedTotal(); // first: see TaskCounts.alive()
        long spawned = counts.spawnedTotal();
        return new PollRuntimeMetrics(
                config.workers(),
                spawned,
                spawned - completed,
                completed,
                counters.polls(),
                counters.steals(),
                counters.globalQueueDepth(),
                counters.parks(),
                blocking.busy(),
                blocking.idle(),
                blocking.queued(),
                counters.deadWorkers(),
                unwindingBodies.get(),
                forcedYields,
                localQueueDepth,
                blocking.max(),
                List.copyOf(perWorker),
                new PollTimeHistogram(pollTimes));
    }

    /** Adds each worker's counters to {@code perWorker} (by index) and its poll-time buckets to {@code pollTimes}. */
    protected abstract void addWorkerMetrics(List<WorkerMetrics> perWorker, long[] pollTimes);

    // ---- task dump ----

    /** A dump of every live task; see {@code PollRuntime.dump()} and {@link TaskDumper}. */
    public TaskDump dump() {
        Map<Task<?>, String> running = runningTasks();
        List<Task<?>> listed = tasks.boundTasks();
        Set<Task<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        seen.addAll(listed);
        for (Task<?> task : running.keySet()) {
            if (seen.add(task)) {
                listed.add(task); // in its first poll: a task enters the registry only when it waits
            }
        }
        return TaskDumper.dump(listed, running, spawnSites == null ? Map.of() : spawnSites);
    }

    /** The task each worker is running now, mapped to the worker thread's name (racy). */
    protected Map<Task<?>, String> runningTasks() {
        return Map.of();
    }

    // ---- shutdown ----

    /** True once {@link #close()} started. */
    public boolean isClosed() {
        return tasks.isClosed();
    }

    /** The shutdown sequence in the class comment; idempotent. */
    public void close() {
        closeWithin(System.nanoTime() + CLOSE_UNWIND_NANOS);
    }

    private void closeWithin(long unwindDeadline) {
        if (!closing.compareAndSet(false, true)) {
            awaitTermination();
            return;
        }
        try {
            List<Task<?>> waiting = tasks.close(); // a volatile write of the flag first (see submit)
            stopWorkers();
            joinWorkers();
            List<Task<?>> queued = new ArrayList<>();
            clearQueues(queued);
            for (Task<?> task : queued) {
                task.shutdownQueued();
            }
            for (Task<?> task : waiting) {
                task.shutdown();
            }
            awaitUnwinds(unwindDeadline);
            blocking.shutdown();
        } finally {
            terminated.countDown();
        }
    }

    /**
     * Waits, up to {@code deadline}, for the tasks whose completion waits for cancelled Async
     * bodies to unwind (rule T11: after the shutdown, they are the only tasks left); then names
     * those still unwinding in a log line (they stay counted in the metrics). A closer on one of
     * this runtime's workers does not wait: its own task completes only after its poll returns.
     */
    private void awaitUnwinds(long deadline) {
        Thread self = Thread.currentThread();
        if (workerEngine(self) == this || callerIsOwnTask()) {
            return;
        }
        boolean interrupted = false;
        long pause = 10_000L;
        while (counts.alive() > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                reportLateBodies();
                break;
            }
            LockSupport.parkNanos(this, Math.min(pause, left));
            pause = Math.min(pause * 2, 1_000_000L);
            if (Thread.interrupted()) {
                interrupted = true; // keep waiting, as close() waits for blocking work; restored below
            }
        }
        if (interrupted) {
            self.interrupt();
        }
    }

    private void reportLateBodies() {
        StringBuilder late = new StringBuilder();
        int bodies = 0;
        for (Task<?> task : tasks.boundTasks()) {
            List<String> unwinding = task.unwindingBodies();
            bodies += unwinding.size();
            late.append(late.length() == 0 ? "" : "; ").append(task.name()).append(": ").append(unwinding);
        }
        FailureReporter.log(System.Logger.Level.WARNING, "the runtime " + config.threadNamePrefix() + " closed while "
                + bodies + " cancelled Async bodies were still unwinding (their tasks complete when they end; see "
                + "PollRuntimeMetrics.unwindingBodies): " + late, null);
    }

    /**
     * Waits until no task is alive or the deadline passes, then closes.
     *
     * @return true if every task finished before the deadline
     */
    public boolean shutdownGracefully(Duration deadline) {
        Objects.requireNonNull(deadline, "deadline");
        long end = System.nanoTime() + Math.max(0L, deadline.toNanos());
        boolean finished = false;
        if (workerEngine(Thread.currentThread()) == null && !callerIsOwnTask()) {
            long pause = 10_000L;
            while (!(finished = counts.alive() == 0) && System.nanoTime() - end < 0) {
                waitForTasks(Math.min(pause, end - System.nanoTime()));
                pause = Math.min(pause * 2, 1_000_000L);
            }
        }
        closeWithin(end);
        return finished;
    }

    /**
     * True if the calling code belongs to one of this runtime's tasks without running on its
     * worker: an {@code Async} body in thread mode whose owner is such a task. Like a worker, it
     * must not wait for tasks to end (its own task is one of them) (issue 24, item 3).
     */
    private boolean callerIsOwnTask() {
        UnwindScope scope = UnwindScopes.current();
        Task<?> task = scope == null ? null : scope.ownerTask();
        return task != null && task.runsOn(this);
    }

    /** Lets the tasks make progress for up to {@code nanos}; the current-thread flavour runs them. */
    protected void waitForTasks(long nanos) {
        if (nanos > 0) {
            LockSupport.parkNanos(this, nanos);
        }
    }

    /**
     * A second close: waits for the first one, then joins the threads it could not join (the
     * first closer itself, if it was a worker or a blocking thread).
     */
    private void awaitTermination() {
        Thread thread = Thread.currentThread();
        if (workerEngine(thread) == this || blocking.owns(thread)) {
            return; // the other closer joins this thread; waiting here would deadlock
        }
        boolean interrupted = false;
        for (;;) {
            try {
                terminated.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            thread.interrupt();
        }
        joinWorkers();
        blocking.joinThreads();
    }

    /**
     * Scheduler-specific counters for {@link #metrics()}.
     *
     * @param deadWorkers worker threads that died of a throwable that escaped the runtime's own code
     */
    protected record SchedulerCounters(long polls, long steals, long globalQueueDepth, long parks, long deadWorkers) {}
}
