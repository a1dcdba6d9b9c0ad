package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;

/**
 * The continuation engine, shared by {@link ContinuationFuture} and {@link ContinuationStream}:
 * the body is a {@code jdk.internal.vm.Continuation} that its owner runs inside its own poll, on
 * its own thread (a Rust {@code async} block). The rules are in {@code package-info} (A1 to A9);
 * this class is the state and the owner side (rules A2, A4, A5 and A9),
 * {@link ContinuationBody} the body side.
 *
 * <h2>Phases</h2>
 * <pre>
 *   NEW --first poll: create and run--&gt; RUNNING
 *   RUNNING --the body suspends (a pending await, an emit)--&gt; SUSPENDED --next poll--&gt; RUNNING
 *   RUNNING --the body returns or throws--&gt; FINISHED                       (terminal)
 *   NEW --close--&gt; FINISHED (never ran);  SUSPENDED --close: resumed once to unwind--&gt; FINISHED
 * </pre>
 * One {@code int} holds the phase and the flags {@link #CANCELLED}, {@link #DELIVERED},
 * {@link #POLLING_CHILD} and {@link #SHUT}. Every field is the owner's: a poll and a close never
 * overlap (rule 11 of the pull model), and moving a task between workers orders its polls (task
 * rule T2); the body runs on the owner's thread, inside {@link #resume}, so it reads and writes
 * them as the owner. Only {@link #SHUT} is read on other threads ({@code tryEmit},
 * {@code isClosed}): the owner sets it with a volatile store (sequentially consistent with the
 * {@link OfferSlot}'s CASes, rule A8) and writes the word otherwise with opaque stores, which
 * keep the bit and cost no fence.
 *
 * <p>Everything a suspended body needs is a field here or a frame of its continuation: a
 * suspended body costs its task, this object (eight references and the state word), the JDK's
 * {@code Continuation} and the {@code StackChunk} of its frames.
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class ContinuationFiber<T> extends Fiber implements Runnable {

    private static final int NEW = 0;
    static final int SUSPENDED = 1;
    static final int RUNNING = 2;
    private static final int FINISHED = 3;
    static final int PHASE = 0b11;
    /** close() was called (rule A5). */
    static final int CANCELLED = 1 << 2;
    /** The outcome went out to the owner (or was dropped at close). */
    private static final int DELIVERED = 1 << 3;
    /** The body polls a child (rule A3): a suspension from inside that poll is refused. */
    static final int POLLING_CHILD = 1 << 4;
    /** Closed or finished; read by {@code tryEmit} and {@code isClosed} on any thread. */
    private static final int SHUT = 1 << 5;
    /** The context a closed body unwinds with: its awaits fail before they could use it. */
    private static final Context UNWINDING = Context.of(() -> {});
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ContinuationFiber.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Phase and flags (see the class comment). */
    int state;
    /** The continuation from the first run until the end. */
    private Object continuation;
    /** The thread the body last suspended on, while it is suspended (rule A9). */
    private Thread home;
    /** The context of the poll the body runs in, null between runs. */
    Context cx;
    /**
     * The task whose poll or close runs the body now, read by the resumer, never by the body
     * after a yield: compiled body code may keep {@code Thread.currentThread()} across a yield.
     */
    Task<?> ownerTask;
    /**
     * While an await is suspended: the future it waits for, which {@link #cancel()} closes before
     * it resumes the body (rule A5); after that close: what it threw, or null.
     */
    Object awaited;
    /** The body's result, written at its end. */
    private Poll<T> outcome;
    /** Task-local bindings the body pushed itself and holds across a suspension, else null (rule A4). */
    private HeldBindings held;

    ContinuationFiber() {}

    /** The continuation's target: runs the user's body and ends with {@link #end}; never throws. */
    @Override
    public abstract void run();

    /** The body's end: its value, or what it threw (an await's wrapper is not the failure). Body only. */
    final void end(Poll<T> result) {
        outcome = result;
    }

    final void endFailed(Throwable failure) {
        outcome = Poll.failed(Failures.unwrapped(failure));
    }

    // ---------------------------------------------------------------- owner side

    /** Refuses a poll after the final result, after close, from inside the body, or away from home (rule A9). */
    final void checkPoll(Context context) {
        Objects.requireNonNull(context, "cx");
        int s = state;
        if ((s & DELIVERED) != 0) {
            throw SingleUse.polledAfter(kind(), "it returned its final result");
        }
        if ((s & CANCELLED) != 0) {
            throw SingleUse.polledAfter(kind(), "close()");
        }
        if ((s & PHASE) == RUNNING) {
            throw new IllegalStateException(kind() + " polled from inside its own body");
        }
        Thread self = Thread.currentThread();
        if ((s & PHASE) == SUSPENDED && awayFromHome(self)) { // rule A9
            throw new IllegalStateException(describe() + " was polled on thread '" + self.getName() + "', but it is"
                    + " suspended on thread '" + home.getName() + "', which is still running. " + HomeThreads.RULE
                    + " Poll it from '" + home.getName() + "' (a runtime task does this by itself).");
        }
    }

    final boolean finished() {
        return (state & PHASE) == FINISHED;
    }

    /** The final outcome, once (after {@link #finished()}). */
    final Poll<T> deliver() {
        setState(state | DELIVERED);
        return outcome;
    }

    /** True until the owner closed this or the body finished. Any thread. */
    final boolean isOpen() {
        return ((int) STATE.getVolatile(this) & SHUT) == 0;
    }

    final boolean isCancelled() {
        return (state & CANCELLED) != 0;
    }

    final void setState(int s) {
        STATE.setOpaque(this, s);
    }

    /** Rule A9: the body is suspended on another thread, which is still alive. */
    private boolean awayFromHome(Thread self) {
        Thread thread = home;
        return thread != null && thread != self && thread.isAlive();
    }

    /**
     * Runs the body on this thread until it suspends or ends (rule A2): the body sees this
     * poll's context, budget, task and thread-locals; what it bound itself is taken off the
     * thread again when it suspends (rule A4).
     */
    final void resume(Context context) {
        int s = state;
        if ((s & PHASE) == FINISHED) {
            return;
        }
        if ((s & PHASE) == NEW) {
            continuation = Continuations.create(this);
        }
        Fiber outer = mount(this);
        HeldBindings bodyHeld = held;
        LocalBindings.Frame ownerLocals = bodyHeld == null ? LocalBindings.current() : LocalBindings.install(bodyHeld.top);
        AutoCloseable carried = BodyThreadLocals.enter(this);
        Task<?> task = Task.current();
        cx = context;
        ownerTask = task;
        setState((s & ~PHASE) | RUNNING);
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
            BodyThreadLocals.exit(carried, this);
            held = HeldBindings.after(bodyHeld, LocalBindings.install(ownerLocals), ownerLocals);
            mount(outer);
        }
        s = state & ~PHASE;
        if (done) {
            continuation = null; // its stack is garbage now
            home = null;
            STATE.setVolatile(this, s | FINISHED | SHUT);
        } else {
            Thread self = Thread.currentThread();
            home = self;
            setState(s | SUSPENDED);
            if (task != null) {
                task.homeOn(self); // task rule T12: the continuation resumes on this thread only
            }
        }
    }

    /**
     * Cancels the body (owner only; rule A5): idempotent, never throws. A body that never ran
     * never will; a suspended body is resumed once, here, so that its pending suspension throws
     * {@link java.util.concurrent.CancellationException}, its {@code finally} blocks run on this
     * thread, and it ends before this returns; what its cleanup threw is reported
     * ({@link Endings#reportCancelled}), also when the body is suspended on another thread that
     * is still running (rule A9 says what that costs). A body that closes its own future finds
     * the flag at its next suspension.
     */
    final void cancel() {
        int s = state;
        if ((s & CANCELLED) != 0) {
            return;
        }
        STATE.setVolatile(this, s | CANCELLED | SHUT); // before the slot is emptied (rule A8)
        dropUnread();
        switch (s & PHASE) {
            case NEW:
                setState(FINISHED | CANCELLED | DELIVERED | SHUT);
                return;
            case SUSPENDED:
                Object pending = awaited;
                // On the closing thread, before the body moves (as in thread mode); the await adds a failure to its cancellation.
                awaited = pending == null ? null : ChildPolls.closeQuietly((AutoCloseable) pending);
                if (awayFromHome(Thread.currentThread())) {
                    HomeThreads.awayFromHome(this::unwind); // rule A9: the one resume away from home
                } else {
                    unwind();
                }
                return;
            case FINISHED:
                if ((s & DELIVERED) == 0) {
                    setState(state | DELIVERED);
                    Endings.drop(outcome, describe() + ", closed before its end was read", UnwindScopes.current());
                }
                return;
            default:
                // RUNNING: closed from inside its own body; its next suspension throws.
        }
    }

    /** Rule A5: resumes the cancelled body once, so that it unwinds inside the close. */
    private void unwind() {
        // The cleanup runs on the closer's thread but is the body's: an interrupt of the closer
        // (a blockOn caller) is not the body's, as in thread mode; it is kept.
        boolean interrupted = Thread.interrupted();
        try {
            resume(UNWINDING);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if ((state & PHASE) != FINISHED) {
            // Cannot happen (every suspension throws once cancelled); never leave a body half-run.
            continuation = null;
            home = null;
            outcome = Poll.failed(new IllegalStateException(describe() + " suspended again while it unwound"));
        }
        setState(FINISHED | CANCELLED | DELIVERED | SHUT);
        Endings.reportCancelled(Endings.cleanupFailures(outcome, List.of()), describe());
    }

    /** Stream hook at close: drops what the consumer will never read (rule A8). */
    void dropUnread() {}
}
