package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.metrics.TaskDump;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * One spawned future: its state word, its run harness, and its own {@link Waker} (a wake costs no
 * allocation). The protocol it follows is in {@code package-info.java}; field comments name the
 * rule that guards each field.
 *
 * @param <T> the future's value type
 */
public final class Task<T> extends TaskState implements Waker, UnwindScope {

    private static final VarHandle JOIN_WAKER;
    private static final VarHandle ASIDE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            JOIN_WAKER = lookup.findVarHandle(Task.class, "joinWaker", Waker.class);
            ASIDE = lookup.findVarHandle(Task.class, "aside", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Unique within its runtime; also picks the registry shard. Immutable. */
    final long id;
    /** The engine that queues this task. Immutable. */
    private final Scheduler scheduler;
    /**
     * The future until it is closed, then the output (rule T5). One field for both keeps the task
     * small (a pending task is mostly this object): before COMPLETE it is the {@code PollFuture},
     * owned by the RUNNING holder (rule T2), null only between the close and the output write;
     * after COMPLETE it is the {@code Poll} output, owned by the join handle (or null once taken).
     */
    private Object slot;
    /** The latest joiner's waker (rule T9); written by the handle, read and cleared by the completer. */
    @SuppressWarnings("unused")
    private volatile Waker joinWaker;
    /**
     * What few tasks have, in one field so that a pending task pays one reference for both (a task
     * is 56 bytes with it, 64 with a field each): null (almost always); the home worker's
     * {@code Thread} (rule T12); the {@link UnwindSet} of the {@code Async} bodies this task
     * cancelled and is waiting for (rule T11); or a {@link HomeAndUnwinds} when it has both.
     * Written by the RUNNING holder only (once the completion was handed over to the unwind set,
     * the last body to end is the RUNNING holder), with release stores; {@link #home()} reads it
     * from any thread with an acquire load, so a worker sees the home with the thread it names.
     */
    private Object aside;
    /**
     * RUNNING holder only: the task was woken by its own poll, on its runtime thread (the self-wake
     * fast path of rule T3). Counts as NOTIFIED in the transition after the poll (rule T4).
     */
    private boolean selfWoken;
    /**
     * RUNNING holder only: the task sits in a run queue still RUNNING, put there by its runner
     * after a poll that woke only itself (the owned re-queue of rule T4), or by its spawner, which
     * created it RUNNING (the owned spawn of rule T1). The queue entry carries the ownership: the
     * worker that takes it runs it without the SCHEDULED -&gt; RUNNING transition, and a closer
     * that drains it owns it (rule T7). The queue's own hand-off orders this write (or the
     * constructor's) before the taker's read.
     */
    private boolean queuedRunning;
    /** Registry links, guarded by the registry shard's lock. */
    Task<?> previous;
    Task<?> next;
    /**
     * The registry shard the task entered (it returned pending once), or -1 before. RUNNING
     * holders only: set by the first one whose poll returned pending, read by the completer (rule
     * T4). A byte in the room a boolean took: the task stays 56 bytes.
     */
    byte shard = OwnedTasks.UNBOUND;

    /**
     * A task for {@code future}, born SCHEDULED (rule T1): the caller must push it to a run queue
     * exactly once right after creating it (it enters the registry only when it first waits, T4).
     */
    public Task(long id, PollFuture<T> future, Scheduler scheduler, boolean joinInterest) {
        this(id, future, scheduler, joinInterest, spawnTime(scheduler));
    }

    /**
     * A task for {@code future} spawned at {@code spawnTime} (from {@link #spawnTime()}), born
     * SCHEDULED as above.
     */
    public Task(long id, PollFuture<T> future, Scheduler scheduler, boolean joinInterest, long spawnTime) {
        this(id, future, scheduler, joinInterest, spawnTime, false, UNTIMED);
    }

    private Task(long id, PollFuture<T> future, Scheduler scheduler, boolean joinInterest, long spawnTime,
            boolean bornOwned, long firstTurnUnits) {
        super(joinInterest, spawnTime, bornOwned, firstTurnUnits);
        this.id = id;
        this.slot = future;
        this.scheduler = scheduler;
        this.queuedRunning = bornOwned;
    }

    /**
     * A task for {@code future} born RUNNING, its queue entry carrying the ownership (rule T1's
     * owned spawn): the caller must push it to a queue of {@code scheduler} exactly once right
     * after creating it, and {@code scheduler} must {@linkplain Scheduler#requeuesOwned() take
     * owned entries}. The worker that takes it runs it with no SCHEDULED -&gt; RUNNING CAS. Its
     * first turn's start is recorded as its spawn time if the scheduler records turns at all.
     */
    public static <T> Task<T> bornOwned(long id, PollFuture<T> future, Scheduler scheduler, boolean joinInterest) {
        long spawnTime = spawnTime(scheduler);
        boolean stampsTurns = scheduler.timesEachPoll() || scheduler.coarseClockUnits() != UNTIMED; // as takeTurn reads
        return new Task<>(id, future, scheduler, joinInterest, spawnTime, true, stampsTurns ? spawnTime : UNTIMED);
    }

    /**
     * The spawn time of a task spawned now on {@code scheduler}, for the task dump's age (a
     * {@link TaskClock} timestamp), without a clock read where it can (a spawn is a hot path, and
     * {@code System.nanoTime()} costs 20 ns or more, a tenth of a spawn). Inside a task's turn on
     * a runtime thread it is that turn's recorded start, if the turn recorded one (the age is then
     * overstated by at most how long that poll had run); else the scheduler's coarse clock
     * ({@link Scheduler#coarseClockUnits()}), if it keeps one; else the clock.
     */
    public static long spawnTime(Scheduler scheduler) {
        Thread thread = Thread.currentThread();
        if (thread instanceof BudgetedThread) {
            Task<?> spawner = ((BudgetedThread) thread).currentTask;
            if (spawner != null) {
                long turnStart = lastPollUnits(spawner.loadState());
                if (turnStart != UNTIMED) {
                    return turnStart;
                }
            }
        }
        long coarse = scheduler.coarseClockUnits();
        return coarse != UNTIMED ? coarse : TaskClock.units(System.nanoTime());
    }

    /** The task's id, unique within its runtime. */
    public long id() {
        return id;
    }

    /**
     * A name for reports: {@code task-<n> (<future class>)} for a task spawned from outside the
     * workers, {@code task-<worker>.<n> (...)} for one spawned on worker {@code <worker>}.
     */
    public String name() {
        Object current = slot; // racy when called off the RUNNING thread: a name is best effort
        if (!(current instanceof PollFuture)) {
            current = null; // closed: the slot is empty or holds the output
        }
        long sequence = id >>> 16;
        int spawner = (int) id & 0xFFFF;
        String number = spawner == 0xFFFF ? Long.toString(sequence) : spawner + "." + sequence;
        return "task-" + number + (current == null ? "" : " (" + current.getClass().getName() + ")");
    }

    /**
     * The task whose poll is running on the current thread, or null outside any task poll (for
     * task-local data and diagnostics). On a worker it is read from a field, elsewhere (the
     * current-thread runtime's driver) from a thread-local.
     */
    public static Task<?> current() {
        Thread thread = Thread.currentThread();
        return thread instanceof BudgetedThread ? ((BudgetedThread) thread).currentTask
                : ForeignThreadState.current().currentTask;
    }

    /**
     * Rule T11: registers a cancelled {@code Async} body that is still unwinding; this task will
     * not complete before it ended. Only code inside this task's poll or close calls it.
     */
    @Override
    public Unwind register(String body) {
        UnwindSet set = unwinds();
        if (set == null) {
            // slot is null only while closeFuture() runs (rule T5): the task is completing, so the
            // cleanup failures are kept for the output the joiner will see instead of reported.
            set = new UnwindSet(scheduler, slot == null);
            Thread home = home();
            ASIDE.setRelease(this, home == null ? set : new HomeAndUnwinds(home, set));
        }
        return set.register(body);
    }

    @Override
    public void reportUncaught(Throwable failure, String source) {
        scheduler.reportUncaught(failure, source + " (in " + name() + ")");
    }

    @Override
    public Task<?> ownerTask() {
        return this;
    }

    /**
     * Runs {@code action} once every body this task registered so far has ended (rule T11): at
     * once if none is unwinding. Only code inside this task's poll or close calls it.
     */
    public void afterUnwinds(Runnable action) {
        UnwindSet set = unwinds();
        if (set == null) {
            action.run();
        } else {
            set.afterAllEnded(action);
        }
    }

    /** The bodies this task waits for, by name (racy: for reports only). */
    public List<String> unwindingBodies() {
        UnwindSet set = unwinds(); // a racy read of a plain field: for reports only
        return set == null ? List.of() : set.unwinding();
    }

    /**
     * Rule T12: from now on this task runs only on {@code worker}, the thread a continuation of
     * it is frozen on (compiled code may keep {@code Thread.currentThread()} across a yield, so a
     * continuation must resume on the thread it yielded on). RUNNING holder only; the latest call
     * wins (a body whose home thread ended resumes, and is then at home, where it was run).
     */
    public void homeOn(Thread worker) {
        Object current = aside;
        if (current == null || current instanceof Thread) {
            if (current != worker) {
                ASIDE.setRelease(this, worker);
            }
        } else if (current instanceof UnwindSet) {
            ASIDE.setRelease(this, new HomeAndUnwinds(worker, (UnwindSet) current));
        } else if (((HomeAndUnwinds) current).home != worker) {
            ASIDE.setRelease(this, new HomeAndUnwinds(worker, ((HomeAndUnwinds) current).unwinds));
        }
    }

    /** The worker this task must run on (rule T12), or null. Any thread. */
    public Thread home() {
        Object current = ASIDE.getAcquire(this);
        if (current instanceof Thread) {
            return (Thread) current;
        }
        return current instanceof HomeAndUnwinds ? ((HomeAndUnwinds) current).home : null;
    }

    /** The unwind set (rule T11), or null. RUNNING holder only (or racy, for reports). */
    private UnwindSet unwinds() {
        Object current = aside;
        if (current instanceof UnwindSet) {
            return (UnwindSet) current;
        }
        return current instanceof HomeAndUnwinds ? ((HomeAndUnwinds) current).unwinds : null;
    }

    /** True once {@code abort()} or a shutdown asked to cancel this task (it may still complete). */
    public boolean isCancelRequested() {
        return isCancelled(loadState());
    }

    private Task<?> enter(Thread thread) {
        if (thread instanceof BudgetedThread) {
            BudgetedThread runtimeThread = (BudgetedThread) thread;
            Task<?> outer = runtimeThread.currentTask;
            runtimeThread.setCurrentTask(this);
            return outer;
        }
        ForeignThreadState here = ForeignThreadState.current();
        Task<?> outer = here.currentTask;
        here.currentTask = this;
        return outer;
    }

    private static void exit(Thread thread, Task<?> outer) {
        if (thread instanceof BudgetedThread) {
            ((BudgetedThread) thread).setCurrentTask(outer);
        } else {
            ForeignThreadState.current().currentTask = outer;
        }
    }

    /** Wakes the task (rule T3): never polls inline, never blocks, coalesces with other wakes. */
    @Override
    public void wake() {
        Thread thread = Thread.currentThread();
        if (thread instanceof BudgetedThread && ((BudgetedThread) thread).currentTask == this) {
            // Self-wake (a yield, a budget hand-back): this thread is polling or closing this task,
            // so it holds RUNNING and owns selfWoken (rule T2). Noting the wake here instead of
            // setting NOTIFIED saves a CAS; the runner folds it into its after-poll CAS (rule T4).
            // During a close the note is dropped, as NOTIFIED would be by completion (rule T5).
            wakeFromOwnPoll();
            return;
        }
        if (transitionToNotified() == ToNotified.SUBMIT) {
            scheduler.schedule(this);
        }
    }

    /**
     * The self-wake fast path of rule T3: the caller is this task's RUNNING holder, inside its poll
     * or close on this thread. Package-private so that stress tests can drive it from threads that
     * are not runtime threads.
     */
    void wakeFromOwnPoll() {
        selfWoken = true;
    }

    /** Requests cancellation (rule T6); the future is closed by a runner, never by this caller. */
    public void abort() {
        if (transitionToCancelled() == ToNotified.SUBMIT) {
            scheduler.schedule(this);
        }
    }

    /** True once the task completed (its output is stored and its future closed). */
    public boolean isFinished() {
        return isComplete(loadState());
    }

    /**
     * Runs one turn of a task taken from a run queue: poll once, then go idle, re-queue, complete or
     * cancel. Called by exactly one thread per SCHEDULED -> RUNNING transition; never throws.
     *
     * @return how long the poll took in nanoseconds (for the poll-time histogram), or -1 if this
     *     turn made no poll or the poll was not timed ({@link Scheduler#timesEachPoll()})
     */
    public long run() {
        // The poll is timed from the start of this turn, not from the end of the worker's previous
        // one: queue work, the previous task's completion and a descheduled worker between turns
        // are not this task's poll (slow-poll reports name the task, so they must measure only its
        // turn). The start is read before the CAS that takes the task, which records it for the dump.
        // An untimed turn reads no clock: the CAS records the scheduler's coarse clock, if any.
        long threshold = scheduler.slowPollThresholdNanos();
        boolean timed = scheduler.timesEachPoll();
        long start = timed ? System.nanoTime() : 0L;
        if (!takeTurn(timed ? TaskClock.units(start) : scheduler.coarseClockUnits())) {
            return -1L;
        }
        return pollOnce(threshold, timed, start, false);
    }

    /**
     * A turn, as {@link #run()}, for a worker that does not time polls ({@link Scheduler#timesEachPoll()}
     * false) and queues its own tasks' owned re-queues ({@link Scheduler#requeuesOwned()} true):
     * a turn that ends in an owned self-yield (rule T4) does not call {@link Scheduler#yieldTask};
     * it returns true, and the caller must queue the task at once (it stays RUNNING, and the queue
     * entry carries the ownership). Never throws.
     *
     * @param clockUnits the scheduler's coarse clock ({@link Scheduler#coarseClockUnits()}), read by
     *     the caller for this turn: the turn's start for the task dump
     * @return true if the caller now holds the task, owned, to queue
     */
    public boolean runYieldingToCaller(long clockUnits) {
        return takeTurn(clockUnits) && pollOnce(0L, false, 0L, true) == YIELDED_TO_CALLER;
    }

    /**
     * Takes this turn: true if the caller now owns the task and polls it. A task its previous runner
     * re-queued still RUNNING (rule T4), or that its spawner created RUNNING (rule T1), came with
     * its queue entry: this thread took the entry and with it the ownership, so no transition is
     * needed. An abort that came meanwhile found the task RUNNING and left CANCELLED for this
     * runner (rule T6). The turn's start ({@code units}, unless {@link TaskState#UNTIMED}) is
     * recorded for the dump only when the clock moved to another unit since the last one (a CAS
     * about once per {@link TaskClock} unit, not once per turn; an owned spawn came with its
     * spawn's unit). Any other task is taken by the SCHEDULED -> RUNNING CAS, which records it.
     */
    private boolean takeTurn(long units) {
        if (queuedRunning) {
            queuedRunning = false;
            long s = loadState();
            if (isCancelled(s)) {
                cancel();
                return false;
            }
            if (units != UNTIMED && lastPollUnits(s) != units) {
                recordTurnStart(units);
            }
            return true;
        }
        switch (transitionToRunning(units)) {
            case SUCCESS:
                return true;
            case CANCELLED:
                cancel();
                return false;
            case NOT_SCHEDULED:
                return false;
            default:
                throw new AssertionError();
        }
    }

    /** {@link #pollOnce}'s result when the turn ended in an owned self-yield its caller queues (never a duration). */
    private static final long YIELDED_TO_CALLER = Long.MIN_VALUE;

    /**
     * The poll of a turn this thread took, and what follows it. With {@code callerQueuesYield}, an
     * owned self-yield returns {@link #YIELDED_TO_CALLER} instead of calling
     * {@link Scheduler#yieldTask} (see {@link #runYieldingToCaller}).
     */
    private long pollOnce(long threshold, boolean timed, long start, boolean callerQueuesYield) {
        Poll<T> result;
        Thread thread = Thread.currentThread();
        Task<?> outer = enter(thread);
        try {
            // A fresh context per poll (this task as waker and attachment) instead of one kept in a
            // field: a young-generation allocation that dies at once is cheaper than 24 bytes
            // (and a reference) held by every pending task.
            result = future().poll(Context.of(this, this));
            if (result == null) {
                result = Poll.failed(new NullPointerException("poll() of " + name() + " returned null"));
            } else if (result.isDone()) {
                result = Poll.failed(new IllegalStateException("poll() of future " + name() + " returned done"));
            }
        } catch (Throwable failure) {
            result = Poll.failed(failure);
        } finally {
            exit(thread, outer);
        }
        long elapsed = -1L;
        if (timed) {
            elapsed = System.nanoTime() - start;
            if (elapsed > threshold && markSlowPollReported()) {
                scheduler.reportSlowPoll(this, elapsed); // contained by the scheduler (rule T10)
            }
        }
        if (!result.isPending()) {
            complete(result);
            return elapsed;
        }
        boolean woken = selfWoken;
        selfWoken = false;
        if (shard == OwnedTasks.UNBOUND && !scheduler.enterRegistry(this)) {
            cancel(); // the runtime closed during this poll: nobody would find the idle task (rule T7)
            return elapsed;
        }
        if (woken && (callerQueuesYield || scheduler.requeuesOwned()) && !isCancelled(loadState())) {
            // Rule T4, owned re-queue: the task woke itself, so it goes back to a queue anyway; it
            // keeps RUNNING there instead of paying RUNNING -> SCHEDULED now and back at its next
            // turn. A wake from elsewhere meanwhile finds it RUNNING and sets NOTIFIED (one more
            // poll at worst); an abort sets CANCELLED, which the next runner checks first.
            queuedRunning = true;
            if (callerQueuesYield) {
                return YIELDED_TO_CALLER;
            }
            scheduler.yieldTask(this);
            return elapsed;
        }
        switch (transitionToIdle(woken)) {
            case OK:
                break;
            case NOTIFIED:
                scheduler.yieldTask(this);
                break;
            case CANCELLED:
                cancel();
                break;
            default:
                throw new AssertionError();
        }
        return elapsed;
    }

    /**
     * Claims this task's one slow-poll report for a poll its runner timed from outside
     * {@link #run()} (the work-stealing engine's watchdog, see {@code Worker}): true if no slow
     * poll of it was reported yet, and the caller now reports this one. Called by the thread that
     * has just run the task, which may no longer own it: the flag is set by a CAS that keeps every
     * other bit of the state word.
     */
    public boolean claimSlowPollReport() {
        return markSlowPollReported();
    }

    /** Cancels a task this thread owns (RUNNING): close the future, complete with cancellation. */
    void cancel() {
        complete(Poll.failed(new CancellationException(name() + " was aborted")));
    }

    /**
     * Shutdown (rule T7): cancels the task now if no thread owns it. Called by the closing thread
     * after the run queues were emptied; a task running elsewhere is cancelled by its runner.
     * Also called by a spawn that the closed runtime refused (rule T1): the new task is cancelled
     * on the spawning thread, so its handle reports the cancellation.
     */
    public void shutdown() {
        if (transitionToShutdown() == ToShutdown.CANCEL_NOW) {
            cancel();
        }
    }

    /**
     * Shutdown (rule T7) of a task the closer took out of a run queue, after the workers stopped:
     * an entry that carried RUNNING (the owned re-queue of rule T4, the owned spawn of T1) makes
     * the closer its owner, which cancels it at once; any other entry goes through
     * {@link #shutdown()}. Also called by a spawn that the closed runtime refused, before the push:
     * the spawner holds the entry (T1).
     */
    public void shutdownQueued() {
        if (queuedRunning) {
            queuedRunning = false;
            cancel();
            return;
        }
        shutdown();
    }

    /**
     * Completion by the RUNNING holder (rule T5): close, store the output, then finish now, or,
     * if bodies it cancelled are still unwinding, hand the rest over to the last of them (rule
     * T11): the task stays RUNNING, so nobody else polls, cancels or completes it meanwhile.
     */
    private void complete(Poll<T> result) {
        UnwindSet earlier = unwinds();
        if (earlier != null) {
            earlier.keepFailures(); // from now on a cleanup failure is for the output, not reported at once
        }
        closeFuture();
        slot = result;
        UnwindSet set = unwinds();
        if (set != null && set.handOver(this::finishCompletion)) {
            return;
        }
        finishCompletion();
    }

    /**
     * The rest of rule T5, by the RUNNING holder: attach the unwound bodies' cleanup failures to
     * a cancellation the joiner will see (else report them), publish, release, notify.
     */
    private void finishCompletion() {
        @SuppressWarnings("unchecked")
        Poll<T> result = (Poll<T>) slot;
        UnwindSet set = unwinds();
        if (set != null) {
            ASIDE.setRelease(this, home()); // the set is drained below; a completing task keeps its home
            List<Throwable> cleanup = set.takeKept();
            if (!cleanup.isEmpty()) {
                boolean seen = result.isFailed() && result.error() instanceof CancellationException
                        && isJoinInterested(loadState()); // a detach after this read: discardOutput reports them
                for (Throwable failure : cleanup) {
                    if (seen) {
                        result.error().addSuppressed(failure);
                    } else {
                        scheduler.reportUncaught(failure, "the cleanup of an Async body cancelled by " + name());
                    }
                }
            }
        }
        ToComplete outcome = transitionToComplete();
        scheduler.release(this);
        if (outcome == ToComplete.JOIN_INTERESTED) {
            // Rule T9: COMPLETE is set (CAS); a volatile read of the waker after it pairs with the
            // joiner's store-then-re-check. Swap only if there is a waker, saving an atomic op when
            // nobody waits yet.
            if (JOIN_WAKER.getVolatile(this) != null) {
                Waker joiner = (Waker) JOIN_WAKER.getAndSet(this, null);
                if (joiner != null) {
                    wakeJoiner(joiner);
                }
            }
        } else {
            slot = null;
            discardOutput(result); // rule T8: detached before completion
        }
    }

    /** The joiner's waker is user code (rule T10): a throwing one is reported, and the output stays. */
    private void wakeJoiner(Waker joiner) {
        try {
            scheduler.wakeJoiner(joiner); // where the woken tasks are queued is the scheduler's choice
        } catch (Throwable broken) {
            scheduler.reportUncaught(broken, "the join waker of " + name());
        }
    }

    /** Closes the future with this task as {@link #current()}, so cleanup code sees its task-locals. */
    private void closeFuture() {
        PollFuture<T> owned = future();
        slot = null;
        Thread thread = Thread.currentThread();
        Task<?> outer = enter(thread);
        try {
            owned.close();
        } catch (Throwable failure) {
            scheduler.reportUncaught(failure, "the close() of " + name());
        } finally {
            exit(thread, outer);
        }
    }

    /**
     * Drops an output nobody will take (rule T8): a failure goes to the uncaught-failure handler
     * (a cancellation is expected and is not reported); a value that owns a resource
     * ({@link AutoCloseable}) is closed, and a throwing close is reported.
     */
    void discardOutput(Poll<?> result) {
        if (result.isReady()) {
            if (result.value() instanceof AutoCloseable) { // else no name to build
                Dropped.close(result.value(), "the discarded value of " + name(),
                        (source, failure) -> scheduler.reportUncaught(failure, source));
            }
        } else if (result.isFailed() && !(result.error() instanceof CancellationException)) {
            scheduler.reportUncaught(result.error(), name());
        } else if (result.isFailed()) {
            // A cancellation is expected, but what a cancelled body's cleanup threw (rule T11) is not.
            for (Throwable cleanup : result.error().getSuppressed()) {
                scheduler.reportUncaught(cleanup, "the cleanup of an Async body cancelled by " + name());
            }
        }
    }

    /** True if this task is queued and run by {@code engine}. */
    public boolean runsOn(Scheduler engine) {
        return scheduler == engine;
    }

    /**
     * The engine that runs this task: what a future polled with this task as its context's
     * attachment reaches the runtime through (its timers, for {@code Time.timeout}). Any thread.
     */
    public Scheduler scheduler() {
        return scheduler;
    }

    /** RUNNING holder only (rule T2): the future, not yet closed. */
    @SuppressWarnings("unchecked")
    private PollFuture<T> future() {
        return (PollFuture<T>) slot;
    }

    /**
     * Join side, after COMPLETE (rule T5): takes the output (null if taken already). Only the join
     * handle calls it, and only after it saw COMPLETE, whose CAS published the output.
     */
    @SuppressWarnings("unchecked")
    Poll<T> takeOutput() {
        Poll<T> result = (Poll<T>) slot;
        slot = null;
        return result;
    }

    /** Join side (rule T9): store the latest joiner's waker; the caller re-checks COMPLETE after. */
    void setJoinWaker(Waker waker) {
        JOIN_WAKER.setVolatile(this, waker);
    }

    /** Join side: forget the joiner's waker (the handle is detached). */
    void clearJoinWaker() {
        JOIN_WAKER.setVolatile(this, null);
    }

    Detach detach() {
        return unsetJoinInterest();
    }

    // ---- diagnostics (the task dump); any thread, racy snapshots ----

    /**
     * A snapshot of the state word for the dump, to pass to the static readers below with a clock
     * reading taken <em>after</em> it (so that no timestamp in it is later than that reading).
     */
    public long diagnosticState() {
        return loadState();
    }

    /** Time from the spawn in {@code state} to {@code nowNanos}, to about 17 ms (see {@link TaskClock}). */
    public static long ageNanos(long state, long nowNanos) {
        return TaskClock.elapsedNanos(TaskClock.units(nowNanos), spawnedUnits(state));
    }

    /**
     * Time from the latest turn's start in {@code state} to {@code nowNanos}, to about 17 ms; -1 if
     * the task was never polled, or its turns record no time (untimed, and no coarse clock).
     */
    public static long sinceLastPollNanos(long state, long nowNanos) {
        long last = lastPollUnits(state);
        return last == UNTIMED ? -1L : TaskClock.elapsedNanos(TaskClock.units(nowNanos), last);
    }

    /**
     * The future, if it is not closed yet, else null. A racy read from any thread: the caller may
     * only describe it (the dump calls its {@code toString}), never poll or close it (rule T2).
     */
    public Object futureForDiagnostics() {
        Object current = slot;
        return current instanceof PollFuture ? current : null;
    }

    /**
     * The completer's description of the output it just stored: {@code value}, {@code cancelled} or
     * {@code failed: <exception class>}; {@code unknown} if the output was taken already.
     */
    public String outcomeForDiagnostics() {
        Object current = slot;
        if (!(current instanceof Poll)) {
            return "unknown";
        }
        Poll<?> output = (Poll<?>) current;
        if (output.isReady()) {
            return "value";
        }
        return output.error() instanceof CancellationException ? "cancelled"
                : "failed: " + output.error().getClass().getName();
    }

    /**
     * The phase of this task in {@code s}, one of its {@link #diagnosticState()}s, for the task
     * dump: a task re-queued still RUNNING (rule T4) counts as SCHEDULED (a racy read of its flag).
     */
    public TaskDump.State phaseIn(long s) {
        TaskDump.State phase = phase(s);
        return phase == TaskDump.State.RUNNING && queuedRunning ? TaskDump.State.SCHEDULED : phase;
    }

    /** The phase in a {@link #diagnosticState()}, for the task dump. */
    public static TaskDump.State phase(long s) {
        if (isComplete(s)) {
            return TaskDump.State.COMPLETE;
        }
        if (isRunning(s)) {
            return TaskDump.State.RUNNING;
        }
        return isScheduled(s) ? TaskDump.State.SCHEDULED : TaskDump.State.IDLE;
    }

    /** True if {@code state} (a {@link #diagnosticState()}) records an abort or shutdown request. */
    public static boolean isCancelRequested(long state) {
        return isCancelled(state);
    }

    /** A snapshot of the state word, for tests and diagnostics. */
    public String stateDescription() {
        return describe(loadState());
    }

    @Override
    public String toString() {
        return name() + "[" + stateDescription() + "]";
    }
}
