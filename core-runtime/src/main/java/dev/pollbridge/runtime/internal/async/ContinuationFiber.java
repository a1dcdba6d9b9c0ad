package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.util.List;
import java.util.Objects;

/**
 * The continuation engine, shared by {@link ContinuationFuture} and {@link ContinuationStream}:
 * the body is a {@code jdk.internal.vm.Continuation} that its owner runs inside its own poll, on
 * its own thread (a Rust {@code async} block). The rules are in {@code package-info} (A1 to A8);
 * this class is where A2, A3, A5, A6 and A7 live.
 *
 * <h2>Phases (owner only)</h2>
 * <pre>
 *   NEW --first poll: create and run--&gt; RUNNING
 *   RUNNING --the body suspends (a pending await, an emit)--&gt; SUSPENDED --next poll--&gt; RUNNING
 *   RUNNING --the body returns or throws--&gt; FINISHED                       (terminal)
 *   NEW --close--&gt; FINISHED (never ran);  SUSPENDED --close: resumed once to unwind--&gt; FINISHED
 * </pre>
 * Every field but {@link #shut} is touched only by the owner's thread, one thread at a time:
 * a poll and a close never overlap (rule 11 of the pull model), and moving a task between
 * workers orders its polls (task rule T2). The body itself runs on the owner's thread, inside
 * {@link #resume}, so it reads and writes these fields as the owner.
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class ContinuationFiber<T> extends Fiber implements Runnable {

    private static final int NEW = 0;
    private static final int SUSPENDED = 1;
    private static final int RUNNING = 2;
    private static final int FINISHED = 3;
    /** The context a closed body unwinds with: its awaits fail before they could use it. */
    private static final Context UNWINDING = Context.of(() -> {});

    /** The continuation from the first run until the end. */
    private Object continuation;
    private int phase;
    /** close() was called (rule A5). */
    private boolean cancelled;
    /** Closed or finished; read by {@code tryEmit} and {@code isClosed} on any thread. */
    private volatile boolean shut;
    /** True while the body polls a child (rule A3): a suspension from inside that poll is refused. */
    private boolean pollingChild;
    /** The future a suspended await waits for; {@link #cancel()} closes it before it resumes the body (rule A5). */
    private AutoCloseable awaited;
    /** What closing {@link #awaited} threw at the cancel; the await adds it to its cancellation. */
    private Throwable closeFailure;
    /** The context of the poll the body runs in, null between runs. */
    private Context cx;
    /**
     * The task whose poll or close runs the body now, read by the resumer, never by the body
     * after a yield: compiled body code may keep {@code Thread.currentThread()} across a yield.
     */
    private Task<?> ownerTask;
    /** The body's result, written by {@link #run()} at its end. */
    private Poll<T> outcome;
    /** The outcome went out to the owner (or was dropped at close). */
    private boolean delivered;
    /** Task-local bindings the body pushed itself and holds across a suspension, else null (rule A4). */
    private LocalBindings.Frame bodyLocals;
    /** The owner's bindings under {@link #bodyLocals}. */
    private LocalBindings.Frame bodyLocalsBase;

    ContinuationFiber(String kind) {
        super(kind);
    }

    /** Runs the user's body and returns its final outcome; runs inside the continuation. */
    abstract Poll<T> execute() throws Exception;

    /** The continuation's target: never throws, so the body's end is always an outcome. */
    @Override
    public final void run() {
        Poll<T> result;
        try {
            result = execute();
        } catch (Throwable failure) {
            result = Poll.failed(Failures.unwrapped(failure)); // an await's wrapper is not the failure
        }
        outcome = result;
    }

    // ---------------------------------------------------------------- owner side

    /** Refuses a poll after the final result, after close, or from inside the body itself. */
    final void checkPoll(Context context) {
        Objects.requireNonNull(context, "cx");
        if (delivered) {
            throw new IllegalStateException(kind() + " polled after it returned its final result");
        }
        if (cancelled) {
            throw new IllegalStateException(kind() + " polled after close()");
        }
        if (phase == RUNNING) {
            throw new IllegalStateException(kind() + " polled from inside its own body");
        }
    }

    final boolean finished() {
        return phase == FINISHED;
    }

    /** The final outcome, once (after {@link #finished()}). */
    final Poll<T> deliver() {
        delivered = true;
        return outcome;
    }

    /** True until the owner closed this or the body finished. Any thread. */
    final boolean isOpen() {
        return !shut;
    }

    /**
     * Runs the body on this thread until it suspends or ends (rule A2): the body sees this
     * poll's context, budget, task and thread-locals; what it bound itself is taken off the
     * thread again when it suspends (rule A4).
     */
    final void resume(Context context) {
        if (phase == FINISHED) {
            return;
        }
        if (phase == NEW) {
            continuation = Continuations.create(this);
        }
        Fiber outer = CURRENT.get();
        CURRENT.set(this);
        LocalBindings.Frame ownerLocals = bodyLocals == null ? LocalBindings.current() : LocalBindings.install(bodyLocals);
        AutoCloseable carried = carryThreadLocals();
        cx = context;
        Task<?> task = Task.current();
        ownerTask = task;
        phase = RUNNING;
        boolean done;
        try {
            Continuations.run(continuation);
            done = Continuations.isDone(continuation);
        } catch (Throwable broken) {
            outcome = Poll.failed(broken); // the engine failed, not the body (whose throws are outcomes)
            done = true;
        } finally {
            cx = null;
            ownerTask = null;
            if (carried != null) {
                restore(carried);
            }
            keepBodyLocals(LocalBindings.install(ownerLocals), ownerLocals);
            CURRENT.set(outer);
        }
        if (done) {
            phase = FINISHED;
            continuation = null; // its stack is garbage now
            shut = true;
        } else {
            phase = SUSPENDED;
            if (task != null) {
                task.homeOn(Thread.currentThread()); // task rule T12: the continuation resumes on this thread only
            }
        }
    }

    /** Rule A4: bindings the body pushed on top of the owner's stay with the body, not the thread. */
    private void keepBodyLocals(LocalBindings.Frame atSuspension, LocalBindings.Frame ownerLocals) {
        if (atSuspension == ownerLocals || (bodyLocals != null && atSuspension == bodyLocalsBase)) {
            bodyLocals = null; // nothing of its own (any more): the next resume sees the owner's latest
        } else if (bodyLocals == null) {
            bodyLocals = atSuspension;
            bodyLocalsBase = ownerLocals;
        } else {
            bodyLocals = atSuspension;
        }
    }

    /**
     * Rule A4: a scope over the carried thread-locals as they are now (the poll's), whose close
     * puts them back so, whatever the body set; null without a carrier.
     */
    private AutoCloseable carryThreadLocals() {
        ThreadCarrier carrier = ThreadCarrier.loaded();
        if (carrier == null) {
            return null;
        }
        try {
            return carrier.install(carrier.capture());
        } catch (Throwable broken) {
            Endings.report(broken, "capturing thread-locals for " + describe(), UnwindScopes.current());
            return null;
        }
    }

    /** Puts the carried thread-locals back as they were when the body resumed (rule A4). */
    private void restore(AutoCloseable carried) {
        try {
            carried.close();
        } catch (Throwable broken) {
            Endings.report(broken, "restoring thread-locals after " + describe(), UnwindScopes.current());
        }
    }

    /**
     * Cancels the body (owner only; rule A5): idempotent, never throws. A body that never ran
     * never will; a suspended body is resumed once, here, so that its pending suspension throws
     * {@link java.util.concurrent.CancellationException}, its {@code finally} blocks run on this
     * thread, and it ends before this returns; what its cleanup threw is reported
     * ({@link Endings#reportCancelled}). A body that closes its own future finds the flag at its
     * next suspension.
     */
    final void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        shut = true;
        dropUnread();
        switch (phase) {
            case NEW:
                phase = FINISHED;
                delivered = true;
                return;
            case SUSPENDED:
                AutoCloseable pending = awaited;
                awaited = null;
                if (pending != null) {
                    closeFailure = ChildPolls.closeQuietly(pending); // on the closing thread, before the body moves (as thread mode)
                }
                // The cleanup runs on the closer's thread but is the body's: an interrupt of the
                // closer (a blockOn caller) is not the body's, as in thread mode; it is kept.
                boolean interrupted = Thread.interrupted();
                try {
                    resume(UNWINDING);
                } finally {
                    if (interrupted) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (phase != FINISHED) {
                    // Cannot happen (every suspension throws once cancelled); never leave a body half-run.
                    continuation = null;
                    phase = FINISHED;
                    outcome = Poll.failed(new IllegalStateException(describe() + " suspended again while it unwound"));
                }
                delivered = true;
                Endings.reportCancelled(Endings.cleanupFailures(outcome, List.of()), describe());
                return;
            case FINISHED:
                if (!delivered) {
                    delivered = true;
                    Endings.drop(outcome, describe() + ", closed before its end was read", UnwindScopes.current());
                }
                return;
            default:
                // RUNNING: closed from inside its own body; its next suspension throws.
        }
    }

    /** Stream hook at close: drops what the consumer will never read (rule A8). */
    void dropUnread() {}

    // ---------------------------------------------------------------- body side

    /**
     * Throws unless the caller is this body, mounted, and not inside a child's poll. {@code await}
     * and {@code next} found this fiber through {@link Fiber#current} ({@code mounted} true), so
     * they skip the second thread-local read.
     */
    final void checkSuspendable(String operation, boolean mounted) {
        if (phase != RUNNING || (!mounted && CURRENT.get() != this)) {
            throw new IllegalStateException(operation + " was called on " + Thread.currentThread()
                    + ", outside the run of its Async body");
        }
        if (pollingChild) {
            throw new IllegalStateException(operation + " was called from inside a poll that its Async body makes; "
                    + "a poll must never wait (pull-model rule 4)");
        }
    }

    @Override
    public final <R, X extends Throwable> R await(PollFuture<R> child, Class<X> declared) throws X {
        try {
            checkSuspendable("Async.await", true);
        } catch (IllegalStateException misuse) {
            ChildPolls.closeQuietly(child); // the await took ownership of the child even though it refuses to wait
            throw misuse;
        }
        PollFuture<R> pending = child;
        for (;;) {
            if (cancelled) {
                throw cancelledClosing(pending);
            }
            if (pending != null && !ownerTaskCancelling()) {
                Poll<?> result = pollChild(pending, null);
                if (result != null) {
                    result = ChildPolls.closeFinished(pending, result);
                    if (!ownerTaskCancelling()) {
                        @SuppressWarnings("unchecked")
                        Poll<R> ready = (Poll<R>) result;
                        if (ready.isReady()) {
                            return ready.value();
                        }
                        throw Failures.declaring(ready.error(), declared);
                    }
                    // Rule A6: the task was aborted while this poll ran; the value stays out of the body.
                    Endings.drop(result, "a result awaited by " + describe() + " after its task was aborted", ownerTask);
                    pending = null;
                }
            }
            awaited = pending;
            try {
                suspend("Async.await", pending); // its task is being aborted, or the child is pending with our waker
            } finally {
                awaited = null;
            }
            if (cancelled) {
                throw closedByCancel(); // the cancel closed the future already
            }
            if (pending == null) {
                throw cancellation(); // resumed by a poll although its task was aborted: unwind anyway
            }
        }
    }

    @Override
    public final <R> R next(PollStream<R> stream) {
        checkSuspendable("Async.next", true);
        for (;;) {
            if (cancelled) {
                throw cancellation();
            }
            if (!ownerTaskCancelling()) {
                Poll<?> result = pollChild(null, stream);
                if (result != null && !(ownerTaskCancelling() && result.isReady())) {
                    @SuppressWarnings("unchecked")
                    Poll<R> next = (Poll<R>) result;
                    if (next.isReady()) {
                        return next.value();
                    }
                    if (next.isDone()) {
                        return null;
                    }
                    throw Failures.unchecked(next.error());
                }
                if (result != null) {
                    Endings.drop(result, "an item read by " + describe() + " after its task was aborted", ownerTask);
                }
            }
            suspend("Async.next", null);
        }
    }

    /** Rule A6, from the field the resumer set (not {@code Task.current()}: see {@link #ownerTask}). */
    private boolean ownerTaskCancelling() {
        Task<?> task = ownerTask;
        return task != null && task.isCancelRequested();
    }

    private Poll<?> pollChild(PollFuture<?> future, PollStream<?> stream) {
        pollingChild = true;
        try {
            return future != null ? ChildPolls.pollAwaited(future, cx) : ChildPolls.pollNextOf(stream, cx);
        } finally {
            pollingChild = false;
        }
    }

    /**
     * Yields to the owner (rule A2). Returns when a later poll or the close resumes the body; a
     * refused yield (rule A7) closes {@code owned} and throws.
     */
    final void suspend(String operation, AutoCloseable owned) {
        String pinned = Continuations.yieldBody();
        if (pinned != null) {
            IllegalStateException refused = new IllegalStateException(pinnedMessage(operation, pinned, owned != null));
            Throwable closeFailure = owned == null ? null : ChildPolls.closeQuietly(owned);
            if (closeFailure != null) {
                refused.addSuppressed(closeFailure);
            }
            throw refused;
        }
    }

    /** Rule A5: the cancellation of an await whose future {@link #cancel()} closed, with what that close threw. */
    private RuntimeException closedByCancel() {
        RuntimeException cancelled = cancellation();
        Throwable failure = closeFailure;
        if (failure != null) {
            closeFailure = null;
            cancelled.addSuppressed(failure);
        }
        return cancelled;
    }

    @Override
    final boolean pollingChild() {
        return pollingChild;
    }

    /** Rule A5: the cancellation a suspension throws once the body is closed; closes what it owns. */
    private RuntimeException cancelledClosing(AutoCloseable owned) {
        RuntimeException cancelled = cancellation();
        Throwable closeFailure = owned == null ? null : ChildPolls.closeQuietly(owned);
        if (closeFailure != null) {
            cancelled.addSuppressed(closeFailure);
        }
        return cancelled;
    }

    final boolean isCancelled() {
        return cancelled;
    }

    /** Rule A7: what a refused suspension says. */
    static String pinnedMessage(String operation, String reason, boolean closedChild) {
        String cause;
        switch (reason) {
            case "NATIVE":
                cause = "a native frame is on the body's stack: a class initializer (static { } or a static field's"
                        + " initializer) runs the await, or a native or reflective call leads to it";
                break;
            case "MONITOR":
                cause = "the body holds a monitor (synchronized); Java 21 to 23 cannot suspend there, Java 24+ can";
                break;
            default:
                cause = "the JVM reports " + reason;
        }
        return operation + " could not suspend its Async body: the JVM refused to yield (pinned: " + reason + ", " + cause
                + ")." + (closedChild ? " The awaited future was closed." : "") + " Move the wait out of that frame,"
                + " or run Async bodies on threads (-D" + AsyncEngine.MODE_PROPERTY + "=threads).";
    }
}
