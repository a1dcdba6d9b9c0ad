package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CancellationException;

/**
 * One spawned future: its state word, its run harness, and its own {@link Waker} (a wake costs no
 * allocation). The protocol it follows is in {@code package-info.java}; field comments name the
 * rule that guards each field.
 *
 * @param <T> the future's value type
 */
public final class Task<T> extends TaskState implements Waker {

    private static final VarHandle JOIN_WAKER;
    /** {@link #current()} on threads that are not runtime threads. */
    private static final ThreadLocal<Task<?>> CURRENT = new ThreadLocal<>();

    static {
        try {
            JOIN_WAKER = MethodHandles.lookup().findVarHandle(Task.class, "joinWaker", Waker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Unique within its runtime. Immutable. */
    final long id;
    /** The registry shard holding this task, chosen by the spawner. Immutable after binding. */
    int shard;
    /** The engine that queues this task. Immutable. */
    private final Scheduler scheduler;
    /** The context every poll uses: this task as waker and as attachment. Immutable. */
    private final Context context;
    /** Owned by the RUNNING holder (rule T2); null once closed, which happens exactly once (rule T5). */
    private PollFuture<T> future;
    /** Written by the RUNNING holder before COMPLETE; owned by the join handle after (rule T5). */
    Poll<T> output;
    /** The latest joiner's waker (rule T9); written by the handle, read and cleared by the completer. */
    @SuppressWarnings("unused")
    private volatile Waker joinWaker;
    /** RUNNING holder only: a slow poll was reported already (once per task). */
    private boolean slowPollReported;
    /** Per-task data of the task-local support; RUNNING holder only (code inside this task's polls). */
    private Object locals;
    /** Registry links, guarded by the registry shard's lock. */
    Task<?> previous;
    Task<?> next;

    /**
     * A task for {@code future}, born SCHEDULED (rule T1): the caller must push it to a run queue
     * exactly once right after registering it.
     */
    public Task(long id, PollFuture<T> future, Scheduler scheduler, boolean joinInterest) {
        super(joinInterest);
        this.id = id;
        this.future = future;
        this.scheduler = scheduler;
        this.context = Context.of(this, this);
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
        PollFuture<T> current = future;
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
        return thread instanceof BudgetedThread ? ((BudgetedThread) thread).currentTask : CURRENT.get();
    }

    /** Task-local data of this task; only code running inside this task's poll may call it. */
    public Object locals() {
        return locals;
    }

    /** Replaces this task's task-local data; only code running inside this task's poll may call it. */
    public void setLocals(Object value) {
        locals = value;
    }

    private Task<?> enter(Thread thread) {
        if (thread instanceof BudgetedThread) {
            BudgetedThread runtimeThread = (BudgetedThread) thread;
            Task<?> outer = runtimeThread.currentTask;
            runtimeThread.currentTask = this;
            return outer;
        }
        Task<?> outer = CURRENT.get();
        CURRENT.set(this);
        return outer;
    }

    private static void exit(Thread thread, Task<?> outer) {
        if (thread instanceof BudgetedThread) {
            ((BudgetedThread) thread).currentTask = outer;
        } else {
            CURRENT.set(outer);
        }
    }

    /** Wakes the task (rule T3): never polls inline, never blocks, coalesces with other wakes. */
    @Override
    public void wake() {
        if (transitionToNotified() == ToNotified.SUBMIT) {
            scheduler.schedule(this);
        }
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
     * @param startNanos {@link System#nanoTime()} at (or just before) the start of this turn; a
     *     worker passes the end of its previous turn, so each poll costs one clock read
     * @return {@link System#nanoTime()} at the end of the turn
     */
    public long run(long startNanos) {
        switch (transitionToRunning()) {
            case SUCCESS:
                return pollOnce(startNanos);
            case CANCELLED:
                cancel();
                return System.nanoTime();
            case NOT_SCHEDULED:
                return startNanos;
            default:
                throw new AssertionError();
        }
    }

    /** {@link #run(long)} for callers that do not track time themselves. */
    public void run() {
        run(System.nanoTime());
    }

    private long pollOnce(long start) {
        Poll<T> result;
        Thread thread = Thread.currentThread();
        Task<?> outer = enter(thread);
        try {
            result = future.poll(context);
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
        long threshold = scheduler.slowPollThresholdNanos();
        long end = start;
        if (threshold != Long.MAX_VALUE) { // MAX_VALUE: reports are off, and so is the clock read
            end = System.nanoTime();
            long elapsed = end - start;
            if (elapsed > threshold && !slowPollReported) {
                slowPollReported = true;
                scheduler.reportSlowPoll(this, elapsed);
            }
        }
        if (!result.isPending()) {
            complete(result);
            return end;
        }
        switch (transitionToIdle()) {
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
        return end;
    }

    /** Cancels a task this thread owns (RUNNING): close the future, complete with cancellation. */
    void cancel() {
        complete(Poll.failed(new CancellationException(name() + " was aborted")));
    }

    /**
     * Shutdown (rule T7): cancels the task now if no thread owns it. Called by the closing thread
     * after the run queues were emptied; a task running elsewhere is cancelled by its runner.
     */
    public void shutdown() {
        if (transitionToShutdown() == ToShutdown.CANCEL_NOW) {
            cancel();
        }
    }

    /** Completion by the RUNNING holder (rule T5): close, publish, release, notify. */
    private void complete(Poll<T> result) {
        closeFuture();
        output = result;
        ToComplete outcome = transitionToComplete();
        scheduler.release(this);
        if (outcome == ToComplete.JOIN_INTERESTED) {
            // Rule T9: COMPLETE is set (CAS); a volatile read of the waker after it pairs with the
            // joiner's store-then-re-check. Swap only if there is a waker, saving an atomic op when
            // nobody waits yet.
            if (JOIN_WAKER.getVolatile(this) != null) {
                Waker joiner = (Waker) JOIN_WAKER.getAndSet(this, null);
                if (joiner != null) {
                    joiner.wake();
                }
            }
        } else {
            output = null;
            reportIfUncaught(result);
        }
    }

    /** Closes the future with this task as {@link #current()}, so cleanup code sees its task-locals. */
    private void closeFuture() {
        PollFuture<T> owned = future;
        future = null;
        Thread thread = Thread.currentThread();
        Task<?> outer = enter(thread);
        try {
            owned.close();
        } catch (Throwable failure) {
            scheduler.reportUncaught(this, failure);
        } finally {
            exit(thread, outer);
            locals = null;
        }
    }

    void reportIfUncaught(Poll<?> result) {
        if (result.isFailed() && !(result.error() instanceof CancellationException)) {
            scheduler.reportUncaught(this, result.error());
        }
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

    /** A snapshot of the state word, for tests and diagnostics. */
    public String stateDescription() {
        return describe(loadState());
    }

    @Override
    public String toString() {
        return name() + "[" + stateDescription() + "]";
    }
}
