package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Unwind;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.function.BiConsumer;

/**
 * The thread engine, shared by {@link ThreadFuture} and {@link ThreadStream}: one body running
 * on a thread of its own, and the owner that polls it. This class is the state and the rules;
 * {@link ThreadOwner} is the owner's side, {@link ThreadBody} the body thread's. The rules all engines keep are in
 * {@code package-info} (A1 to A9); those below are how this engine keeps them across two threads.
 *
 * <h2>Two sides, and who moves values</h2>
 * The <em>owner</em> is whoever polls the {@code Async} future or stream (a runtime worker, a
 * {@code MockTask}, {@code blockOn}, a combinator): one thread at a time, and it is also the one
 * that closes it. The <em>body thread</em> runs the user's body. The body never polls anything
 * itself: {@code await}, {@code next} and {@code emit} <em>suspend</em> it, publishing what it
 * waits for (the future, the stream, the item) and parking. The owner's next poll serves that
 * suspension on the owner's thread, with the owner's context (waker, budget, slow-poll timing,
 * task-locals): it polls the awaited future or stream, or takes the emitted item, and when there
 * is a result it hands it to the body and unparks it. So a value moves from a child into the body
 * only during a poll of the owner (the property of a Rust {@code async} block), and closing the
 * owner between two polls closes the pending child on the closing thread: a cancel-safe child
 * keeps its value at the source. A value already handed over belongs to the body.
 *
 * <h2>State (one {@code int}: a phase and the {@link #CANCELLED} bit)</h2>
 * <pre>
 *   NEW --first poll (owner)--&gt; LAUNCHED --body starts (body)--&gt; RUNNING
 *   RUNNING --await/next/emit (body)--&gt; AWAITING --result handed over (owner)--&gt; RUNNING
 *   RUNNING --body returns or throws (body)--&gt; FINISHED          (terminal)
 *   any phase --close (owner)--&gt; same phase | CANCELLED          (the bit is never cleared)
 * </pre>
 *
 * <h2>Rules this class keeps</h2>
 * <ol>
 *   <li><b>One side moves at a time.</b> The body leaves RUNNING (CAS), the owner leaves
 *       AWAITING (a volatile write: the body is parked and nobody else writes in AWAITING), and
 *       only the owner sets CANCELLED (CAS, since the body may leave RUNNING at the same time).
 *       The suspension fields are written by the body before its RUNNING -&gt; AWAITING CAS and
 *       read by the owner after it saw AWAITING; {@link #resumeWith} is written by the owner
 *       before AWAITING -&gt; RUNNING and read by the body after it saw RUNNING; {@link #outcome}
 *       is written before FINISHED. Each volatile access publishes the plain fields before it.
 *   <li><b>No lost owner wake</b> (pull-model rule 6): the owner stores its waker, then reads
 *       {@link #state}; the body writes {@link #state} (AWAITING or FINISHED), then swaps the
 *       waker out and wakes it. Both sides use volatile accesses, so either the owner sees the
 *       new phase, or the body sees the owner's waker. A wake of the child reaches the owner
 *       directly: the child was polled with the owner's waker.
 *   <li><b>Close between polls.</b> In AWAITING the owner owns what the body waits for: close
 *       closes an awaited future there (before the CANCELLED bit, so the body's cleanup runs
 *       after it) and drops an emitted item, then sets CANCELLED and unparks the body, whose
 *       suspension throws {@link CancellationException}. A result handed over before the close
 *       stays handed over: the body, seeing RUNNING, returns it normally, and its next
 *       suspension throws. A close that finds the body RUNNING only sets the bit. The body leaves
 *       a suspension only on a state change, so it never resumes normally from a suspension that
 *       was pending when the owner closed.
 *   <li><b>A closed running body is waited for</b> (task rule T11): a close that finds the body
 *       RUNNING or AWAITING registers its unwind with {@link UnwindScopes#current()} before the
 *       CANCELLED CAS; the body, at its end, sees the bit in its FINISHED CAS and ends that
 *       registration with its cleanup failures. If the body finished between the registration
 *       and the CAS, it did not see the bit and the owner ends the registration itself: exactly
 *       one of them does. The body thread is itself a scope: bodies it closed while they ran are
 *       waited for before its own end is published.
 *   <li><b>Every park is in a loop</b> that rechecks the state: spurious returns, stale unparks
 *       from an earlier body on a pooled thread, and interrupts cost one extra check.
 *   <li><b>Interrupts are kept, not lost</b>: an interrupt while parked is recorded, cleared
 *       so that the park does not spin, and restored when the suspension returns or throws. The
 *       body thread's interrupt status is cleared when the body ends (pooled threads are reused).
 *   <li><b>Task-locals follow the owner</b>: each owner poll publishes its bindings (an
 *       immutable list) in {@link #ownerLocals}; the body thread installs the latest at start and
 *       whenever a suspension returns. A suspension made inside bindings the body pushed itself
 *       (a {@code syncScope} around an await) carries them to the owner, which installs them
 *       around the child's poll and close.
 * </ol>
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class ThreadFiber<T> extends Fiber {

    /** Not polled yet: no thread. */
    static final int NEW = 0;
    /** Handed to the launcher; the body has not started. */
    static final int LAUNCHED = 1;
    /** The body runs on its thread. */
    static final int RUNNING = 2;
    /** The body is parked in a suspension that the owner serves. */
    static final int AWAITING = 3;
    /** The outcome is published. Terminal. */
    static final int FINISHED = 4;
    static final int PHASE = 0b111;
    /** Set once by {@link ThreadOwner#cancel()}, never cleared. */
    static final int CANCELLED = 0b1000;

    /** Suspension kinds: what the body waits for in AWAITING. */
    static final int AWAIT = 1;
    static final int NEXT = 2;
    static final int EMIT = 3;

    /** What a served emit resumes the body with. */
    static final Poll<Object> TAKEN = Poll.ready(null);

    /** What {@link ThreadOwner#serve} tells the poll to return. */
    static final int PENDING = 0;
    static final int ENDED = 1;
    static final int EMITTED = 2;

    static final VarHandle STATE;
    static final VarHandle OWNER_WAKER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(ThreadFiber.class, "state", int.class);
            OWNER_WAKER = lookup.findVarHandle(ThreadFiber.class, "ownerWaker", Waker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final BodyLauncher launcher;
    final String kind;

    /** Phase and CANCELLED bit; see the class comment for who writes what (rule 1). */
    volatile int state;
    /** Written by the body thread before FINISHED; read by the owner after it. */
    Poll<T> outcome;
    /** The owner's latest waker (rule 7 of the pull model). Owner writes at each poll; the body swaps it out. */
    volatile Waker ownerWaker;
    /** Task-locals of the owner's latest poll. Owner writes; body thread installs at each resume. */
    volatile LocalBindings.Frame ownerLocals;
    /** Where the owner's latest poll ran (its task, its blockOn), for reports. Owner writes; the body reads at its end. */
    volatile UnwindScope ownerScope;
    /** The body's thread while it runs, else null. Written before the first AWAITING; the owner unparks it. */
    volatile Thread bodyThread;

    /** Suspension fields: body writes before AWAITING, owner reads in AWAITING and clears (rule 1). */
    int suspendKind;
    Object suspendTarget;
    /** Bindings the body pushed itself around the suspension, or null to use the owner's. */
    LocalBindings.Frame suspendLocals;
    /** The result the owner hands over: written before AWAITING -> RUNNING, taken by the body. */
    Poll<?> resumeWith;
    /** What closing the awaited future threw on cancellation: owner writes before CANCELLED; body adds it to its exception. */
    Throwable closeFailure;
    /** The registration of this body's unwind (rule 4): owner writes before CANCELLED; body reads after seeing it. */
    Unwind unwind;

    /** The item {@link ThreadOwner#serve} took from an emit, until {@link ThreadOwner#takeEmitted()}. Owner only. */
    Object emitted;
    /** The runnable handed to the launcher (kept to withdraw it). Owner only. */
    Runnable launched;
    /** The final result went out to the owner. Owner only. */
    boolean delivered;
    /** An interrupt arrived while parked in the current suspension. Body thread only. */
    boolean interrupted;
    /** The owner's bindings this fiber last installed on the body thread. Body thread only (rule 7). */
    LocalBindings.Frame installedLocals;
    /** Carried thread-locals of the owner's latest poll (rule A4), or null without a carrier. Owner writes. */
    volatile Object ownerCarried;
    /** The scope that put the owner's carried thread-locals on the body thread. Body thread only. */
    AutoCloseable carriedScope;
    /** The owner's poll budget left when it handed the last result over (rule A3). Owner writes before RUNNING. */
    int ownerBudget = CoopBudget.unlimited();
    /** The closer's sink for failures after cancellation ({@code UnwindScopes.closeReporting}): owner writes before CANCELLED. */
    BiConsumer<String, Throwable> cancelSink;

    ThreadFiber(BodyLauncher launcher, String kind) {
        this.kind = kind;
        this.launcher = Objects.requireNonNull(launcher, "launcher");
    }

    /** Runs the user's body on the body thread and returns the final outcome. */
    abstract Poll<T> execute() throws Exception;

    /** Body thread: runs the body, publishes its end (the launcher runs this). */
    abstract void runBody();

    /** True until the owner closed this or the body finished. Any thread. */
    final boolean isOpen() {
        int s = state;
        return (s & CANCELLED) == 0 && s != FINISHED;
    }

    /** Wakes the owner, if it stored a waker that is not yet used. Any thread. */
    final void wakeOwner() {
        Waker waker = (Waker) OWNER_WAKER.getAndSet(this, null);
        if (waker != null) {
            waker.wake();
        }
    }

    @Override
    final String kind() {
        return kind;
    }

    /** A name for reports: the kind, the body's class and its thread. */
    @Override
    final String describe() {
        Thread thread = bodyThread;
        return super.describe() + (thread == null ? "" : ", on " + thread.getName());
    }

    /** The uncaught-failure path of the owner's runtime, or the log when the owner ran in none. Never throws. */
    final void reportToOwner(Throwable failure, String source) {
        Endings.report(failure, source, ownerScope);
    }
}
