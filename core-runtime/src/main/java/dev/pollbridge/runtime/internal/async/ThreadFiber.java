package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.Unwind;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import dev.pollbridge.runtime.internal.task.UnwindSet;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;

/**
 * The thread engine, shared by {@link ThreadFuture} and {@link ThreadStream}: one body running
 * on a thread of its own, and the owner that polls it. The rules all engines keep are in
 * {@code package-info} (A1 to A8); those below are how this engine keeps them across two threads.
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
    private static final int PHASE = 0b111;
    /** Set once by {@link #cancel()}, never cleared. */
    static final int CANCELLED = 0b1000;

    /** Suspension kinds: what the body waits for in AWAITING. */
    static final int AWAIT = 1;
    static final int NEXT = 2;
    static final int EMIT = 3;

    /** What a served emit resumes the body with. */
    private static final Poll<Object> TAKEN = Poll.ready(null);

    /** What {@link #serve} tells the poll to return. */
    static final int PENDING = 0;
    static final int ENDED = 1;
    static final int EMITTED = 2;

    private static final VarHandle STATE;
    private static final VarHandle OWNER_WAKER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(ThreadFiber.class, "state", int.class);
            OWNER_WAKER = lookup.findVarHandle(ThreadFiber.class, "ownerWaker", Waker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BodyLauncher launcher;

    /** Phase and CANCELLED bit; see the class comment for who writes what (rule 1). */
    private volatile int state;
    /** Written by the body thread before FINISHED; read by the owner after it. */
    private Poll<T> outcome;
    /** The owner's latest waker (rule 7 of the pull model). Owner writes at each poll; the body swaps it out. */
    private volatile Waker ownerWaker;
    /** Task-locals of the owner's latest poll. Owner writes; body thread installs at each resume. */
    private volatile LocalBindings.Frame ownerLocals;
    /** Where the owner's latest poll ran (its task, its blockOn), for reports. Owner writes; the body reads at its end. */
    private volatile UnwindScope ownerScope;
    /** The body's thread while it runs, else null. Written before the first AWAITING; the owner unparks it. */
    private volatile Thread bodyThread;

    /** Suspension fields: body writes before AWAITING, owner reads in AWAITING and clears (rule 1). */
    private int suspendKind;
    private Object suspendTarget;
    /** Bindings the body pushed itself around the suspension, or null to use the owner's. */
    private LocalBindings.Frame suspendLocals;
    /** The result the owner hands over: written before AWAITING -> RUNNING, taken by the body. */
    private Poll<?> resumeWith;
    /** What closing the awaited future threw on cancellation: owner writes before CANCELLED; body adds it to its exception. */
    private Throwable closeFailure;
    /** The registration of this body's unwind (rule 4): owner writes before CANCELLED; body reads after seeing it. */
    private Unwind unwind;

    /** The item {@link #serve} took from an emit, until {@link #takeEmitted()}. Owner only. */
    private Object emitted;
    /** The runnable handed to the launcher (kept to withdraw it). Owner only. */
    private Runnable launched;
    /** The final result went out to the owner. Owner only. */
    private boolean delivered;
    /** An interrupt arrived while parked in the current suspension. Body thread only. */
    private boolean interrupted;
    /** The owner's bindings this fiber last installed on the body thread. Body thread only (rule 7). */
    private LocalBindings.Frame installedLocals;
    /** Carried thread-locals of the owner's latest poll (rule A4), or null without a carrier. Owner writes. */
    private volatile Object ownerCarried;
    /** The scope that put the owner's carried thread-locals on the body thread. Body thread only. */
    private AutoCloseable carriedScope;
    /** The owner's poll budget left when it handed the last result over (rule A3). Owner writes before RUNNING. */
    private int ownerBudget = CoopBudget.unlimited();
    /** The closer's sink for failures after cancellation ({@code UnwindScopes.closeReporting}): owner writes before CANCELLED. */
    private BiConsumer<String, Throwable> cancelSink;

    ThreadFiber(BodyLauncher launcher, String kind) {
        super(kind);
        this.launcher = Objects.requireNonNull(launcher, "launcher");
    }

    /** Runs the user's body on the body thread and returns the final outcome. */
    abstract Poll<T> execute() throws Exception;

    // ---------------------------------------------------------------- owner side

    /**
     * The part of every owner poll that comes before looking for a result: checks misuse,
     * captures the owner's task-locals and scope, stores the latest waker, and starts the body on
     * the first poll. Any phase change after this point wakes the stored waker (rule 2).
     */
    final void beginPoll(Context cx) {
        Objects.requireNonNull(cx, "cx");
        if (delivered) {
            throw new IllegalStateException(kind() + " polled after it returned its final result");
        }
        int s = state;
        if ((s & CANCELLED) != 0) {
            throw new IllegalStateException(kind() + " polled after close()");
        }
        ownerLocals = LocalBindings.current();
        ThreadCarrier carrier = ThreadCarrier.loaded();
        if (carrier != null) {
            ownerCarried = carrier.capture();
        }
        UnwindScope scope = UnwindScopes.current();
        if (ownerScope != scope) {
            ownerScope = scope;
        }
        ownerWaker = cx.waker();
        if (s == NEW) {
            launch();
        }
    }

    /**
     * Owner, after {@link #beginPoll}: serves the body's suspension, if it is suspended (rule 3
     * of the class comment), and says what the poll should return: {@link #ENDED} (the body
     * finished: {@link #takeOutcome()}), {@link #EMITTED} (the body emitted an item:
     * {@link #takeEmitted()}) or {@link #PENDING}.
     */
    final int serve(Context cx) {
        int s = state;
        Object offered = takeOffered(); // after the state read: an item offered before the body suspended or ended is seen first
        if (offered != null) {
            emitted = offered;
            return EMITTED;
        }
        if (s == FINISHED) {
            return ENDED;
        }
        if (s != AWAITING) {
            return PENDING; // not started, or running: the body wakes the stored waker when it suspends or ends
        }
        if (suspendKind == EMIT) {
            emitted = suspendTarget;
            demandMet();
            resumeBody(TAKEN);
            return EMITTED;
        }
        serveChild(cx);
        return PENDING; // handed over or still pending: either way the body (or the child) wakes us
    }

    /**
     * Stream hook, owner only: takes an item offered without a suspension
     * ({@link AsyncEmitter#tryEmit}), or returns null. {@link #serve} calls it after reading the
     * state, so an item offered before the body's next suspension or its end is handed out
     * before that suspension is served or the end returned.
     */
    Object takeOffered() {
        return null;
    }

    /** Stream hook, owner only: the poll returns the item of an emit, so the consumer's demand is met. */
    void demandMet() {}

    /** Stream hook, owner only, at close: drops what the consumer will never read (rule A8). */
    void dropUnread() {}

    /** True until the owner closed this or the body finished. Any thread. */
    final boolean isOpen() {
        int s = state;
        return (s & CANCELLED) == 0 && s != FINISHED;
    }

    /** Owner, after {@link #serve} returned {@link #EMITTED}: the item. */
    final Object takeEmitted() {
        Object item = emitted;
        emitted = null;
        return item;
    }

    /** Owner, after {@link #serve} returned {@link #ENDED}: the final outcome (delivered once). */
    final Poll<T> takeOutcome() {
        ownerWaker = null;
        delivered = true;
        return outcome;
    }

    /** Polls what the body awaits, on this (the owner's) thread; hands a result over. */
    private void serveChild(Context cx) {
        if (ownerCancelling()) {
            return; // the task is being aborted: it closes this future next, and the value stays at its source
        }
        LocalBindings.Frame bodyBindings = suspendLocals;
        LocalBindings.Frame previous = bodyBindings == null ? null : LocalBindings.install(bodyBindings);
        Poll<?> result;
        try {
            if (suspendKind == AWAIT) {
                PollFuture<?> future = (PollFuture<?>) suspendTarget;
                result = ChildPolls.pollAwaited(future, cx);
                if (result != null) {
                    result = ChildPolls.closeFinished(future, result); // the await owns the future: closed once, here
                }
            } else {
                result = ChildPolls.pollNextOf((PollStream<?>) suspendTarget, cx);
            }
        } finally {
            if (bodyBindings != null) {
                LocalBindings.install(previous);
            }
        }
        if (result == null) {
            return;
        }
        if (ownerCancelling()) {
            // Rule A6: the task was aborted while this poll ran (abort() returned before the child
            // completed): the result stays out of the body, which the task's close unwinds next.
            if (suspendKind == AWAIT) {
                suspendTarget = null; // closed by closeFinished already
            }
            Endings.drop(result, "a result awaited by " + describe() + " after its task was aborted", ownerScope);
            return;
        }
        resumeBody(result);
    }





    /** Owner, in AWAITING: hands {@code result} to the body and unparks it (rule 1). */
    private void resumeBody(Poll<?> result) {
        ownerBudget = CoopBudget.remaining(); // rule A3: the body sees what is left of its owner's budget
        resumeWith = result;
        suspendTarget = null;
        suspendLocals = null;
        STATE.setVolatile(this, RUNNING); // only the owner leaves AWAITING, and only the owner sets CANCELLED
        LockSupport.unpark(bodyThread);
    }

    private void launch() {
        ownerBudget = CoopBudget.remaining();
        state = LAUNCHED;
        Runnable body = this::runBody;
        launched = body;
        try {
            launcher.launch(body);
        } catch (RuntimeException | Error noThread) {
            // No thread could be had: the body never runs and the future fails with the reason.
            outcome = Poll.failed(noThread);
            state = FINISHED;
        }
    }

    /**
     * Cancels the body (owner only): idempotent, never throws, and never waits. A body that has
     * not started never runs. A body suspended in await has its future closed here, on this
     * thread, before the body is unparked (rule 3); the suspension throws
     * {@link CancellationException} on the body thread, shortly after. A running body's unwind is
     * registered with the current scope (rule 4), which waits for it without blocking.
     */
    final void cancel() {
        int s = state;
        if ((s & CANCELLED) != 0) {
            return;
        }
        ownerWaker = null;
        cancelSink = UnwindScopes.cancelSink(); // published by the CAS below; the body reads it at its end
        dropUnread();
        if (s == AWAITING) {
            closeSuspended(); // the body stays parked: only the owner leaves AWAITING
        }
        Unwind registered = null;
        for (;;) {
            int phase = s & PHASE;
            boolean live = phase == RUNNING || phase == AWAITING;
            if (live && registered == null) {
                registered = registerUnwind();
                unwind = registered; // published by the CAS below (rule 4)
            }
            if (STATE.compareAndSet(this, s, s | CANCELLED)) {
                if (!live && registered != null) {
                    registered.ended(List.of()); // the body finished before the CAS and did not see the bit
                }
                if (phase == FINISHED && !delivered) {
                    delivered = true; // rule A5: an end nobody will read is dropped, its failure reported
                    Endings.reportCancelled(Endings.cleanupFailures(outcome, List.of()), describe());
                } else if (phase == LAUNCHED) {
                    launcher.withdraw(launched); // best effort: a body that starts anyway runs nothing
                } else if (phase == AWAITING) {
                    LockSupport.unpark(bodyThread);
                }
                return;
            }
            s = state; // the body moved (started, suspended or finished): decide again
        }
    }

    /** Owner, in AWAITING, on close: closes the awaited future or drops the emitted item. */
    private void closeSuspended() {
        Object target = suspendTarget;
        suspendTarget = null;
        if (suspendKind != AWAIT || target == null) {
            return; // an emitted item nobody took is dropped; a stream read by next belongs to the body
        }
        LocalBindings.Frame bodyBindings = suspendLocals;
        LocalBindings.Frame previous = bodyBindings == null ? null : LocalBindings.install(bodyBindings);
        try {
            ((PollFuture<?>) target).close();
        } catch (Throwable failure) {
            closeFailure = failure; // the body adds it to the CancellationException it throws
        } finally {
            if (bodyBindings != null) {
                LocalBindings.install(previous);
            }
        }
    }

    private Unwind registerUnwind() {
        if (Thread.currentThread() == bodyThread) {
            return null; // the body closes its own future (not its owner): its end cannot wait for itself
        }
        UnwindScope scope = UnwindScopes.current();
        return scope == null ? null : scope.register(describe());
    }

    /** Wakes the owner, if it stored a waker that is not yet used. Any thread. */
    final void wakeOwner() {
        Waker waker = (Waker) OWNER_WAKER.getAndSet(this, null);
        if (waker != null) {
            waker.wake();
        }
    }

    /** A name for reports: the kind, the body's class and its thread. */
    @Override
    final String describe() {
        Thread thread = bodyThread;
        return super.describe() + (thread == null ? "" : ", on " + thread.getName());
    }

    // ---------------------------------------------------------------- body side

    private void runBody() {
        if (!STATE.compareAndSet(this, LAUNCHED, RUNNING)) {
            state = FINISHED | CANCELLED; // closed before it started: no user code runs, nobody waits
            return;
        }
        bodyThread = Thread.currentThread();
        Fiber enclosing = CURRENT.get();
        CURRENT.set(this);
        installedLocals = ownerLocals;
        LocalBindings.Frame threadLocals = LocalBindings.install(installedLocals);
        BodyScope scope = new BodyScope();
        UnwindScope outerScope = UnwindScopes.install(scope);
        Poll<T> result;
        List<Throwable> innerFailures;
        try {
            enterOwnerContext();
            try {
                result = execute();
            } catch (Throwable failure) {
                result = Poll.failed(Failures.unwrapped(failure)); // an await's wrapper is not the failure
            }
            innerFailures = scope.awaitUnwinds(); // rule 4: bodies this one cancelled have ended
        } finally {
            leaveOwnerContext();
            UnwindScopes.restore(outerScope);
            LocalBindings.install(threadLocals);
            if (enclosing == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(enclosing);
            }
            Thread.interrupted(); // rule 6: a pooled thread starts its next body clean
        }
        finish(result, innerFailures);
    }

    /** Publishes the end (rule 1); wakes the owner, or ends the unwind registration (rule 4). */
    private void finish(Poll<T> result, List<Throwable> innerFailures) {
        List<Throwable> unattached = innerFailures;
        if (!innerFailures.isEmpty() && result.isFailed()) {
            for (Throwable failure : innerFailures) {
                if (failure != result.error()) {
                    result.error().addSuppressed(failure); // whoever sees the failure sees these
                }
            }
            unattached = List.of();
        }
        outcome = result;
        int s;
        do {
            s = state;
        } while (!STATE.compareAndSet(this, s, FINISHED | (s & CANCELLED)));
        if ((s & CANCELLED) == 0) {
            wakeOwner();
            for (Throwable failure : unattached) {
                reportToOwner(failure, "the cleanup of an Async body that " + describe() + " cancelled");
            }
        } else {
            List<Throwable> cleanup = Endings.cleanupFailures(result, unattached);
            BiConsumer<String, Throwable> sink = cancelSink;
            if (sink != null && !cleanup.isEmpty()) {
                Endings.toSink(sink, cleanup, describe()); // an adapter's hook: errors after cancellation (rule A5)
                cleanup = List.of();
            }
            Unwind registered = unwind;
            if (registered != null) {
                registered.ended(cleanup);
            } else {
                for (Throwable failure : cleanup) {
                    reportToOwner(failure, "the cleanup of " + describe() + ", cancelled");
                }
            }
        }
        bodyThread = null;
    }


    /** The uncaught-failure path of the owner's runtime, or the log when the owner ran in none. Never throws. */
    private void reportToOwner(Throwable failure, String source) {
        Endings.report(failure, source, ownerScope);
    }

    /** Throws unless called on this fiber's body thread, outside any task poll. */
    final void checkSuspendable(String operation) {
        if (Thread.currentThread() != bodyThread) {
            throw new IllegalStateException(operation + " was called on " + Thread.currentThread()
                    + ", not on the thread of its Async body");
        }
        Task<?> task = Task.current();
        if (task != null) {
            throw new IllegalStateException(operation + " was called from inside a poll of " + task.name()
                    + " on an Async body thread; a poll must never block (pull-model rule 4)");
        }
    }

    /**
     * See {@link Async#await(PollFuture, Class)}; {@code declared} is {@code RuntimeException}
     * for the plain {@code await}. Body thread only.
     */
    @Override
    public final <R, X extends Throwable> R await(PollFuture<R> child, Class<X> declared) throws X {
        try {
            checkSuspendable("Async.await");
        } catch (IllegalStateException misuse) {
            child.close(); // the await took ownership of the child even though it refuses to wait
            throw misuse;
        }
        @SuppressWarnings("unchecked")
        Poll<R> result = (Poll<R>) suspend(AWAIT, child);
        if (result.isReady()) {
            return result.value();
        }
        throw Failures.declaring(result.error(), declared);
    }

    /** See {@link Async#next(PollStream)}. Body thread only. */
    @Override
    public final <R> R next(PollStream<R> stream) {
        checkSuspendable("Async.next");
        @SuppressWarnings("unchecked")
        Poll<R> result = (Poll<R>) suspend(NEXT, stream);
        if (result.isReady()) {
            return result.value();
        }
        if (result.isDone()) {
            return null;
        }
        throw Failures.unchecked(result.error());
    }

    /**
     * Body thread: publishes a suspension, wakes the owner and parks until the owner hands over a
     * result (returned) or closes (throws {@link CancellationException}). If the body was
     * cancelled already, the body still owns {@code target}: an awaited future is closed here.
     */
    final Poll<?> suspend(int suspension, Object target) {
        try {
            suspendKind = suspension;
            suspendTarget = target;
            LocalBindings.Frame bound = LocalBindings.current();
            suspendLocals = bound == installedLocals ? null : bound;
            if (!STATE.compareAndSet(this, RUNNING, AWAITING)) {
                suspendTarget = null;
                suspendLocals = null;
                throw cancelledBeforeSuspending(suspension, target);
            }
            leaveOwnerContext();
            wakeOwner(); // rule 2: after the state write
            launcher.suspended();
            try {
                while (state == AWAITING) {
                    parkOnce();
                }
            } finally {
                launcher.resumed();
            }
            if ((state & PHASE) == RUNNING) {
                Poll<?> result = resumeWith; // handed over before any close: it is the body's now
                resumeWith = null;
                return result;
            }
            CancellationException cancelled = cancellation();
            Throwable failure = closeFailure;
            if (failure != null) {
                closeFailure = null;
                cancelled.addSuppressed(failure);
            }
            throw cancelled;
        } finally {
            resume();
        }
    }

    private CancellationException cancelledBeforeSuspending(int suspension, Object target) {
        CancellationException cancelled = cancellation();
        if (suspension == AWAIT) {
            try {
                ((PollFuture<?>) target).close(); // every later await still closes the future it was given
            } catch (Throwable failure) {
                cancelled.addSuppressed(failure);
            }
        }
        return cancelled;
    }

    /** One park of the body thread (rule 5: callers loop). Records and clears an interrupt (rule 6). */
    private void parkOnce() {
        LockSupport.park(this);
        if (Thread.interrupted()) {
            interrupted = true;
        }
    }

    /** Back to user code after a suspension: the owner's latest task-locals, the interrupt kept (rule 6). */
    private void resume() {
        refreshLocals();
        if (carriedScope == null) {
            enterOwnerContext(); // not after a suspension refused before it parked: that one kept its context
        }
        if (interrupted) {
            interrupted = false;
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Body thread, when it (re)starts running user code: the owner's carried thread-locals and
     * what is left of the owner's poll budget, as of the owner's latest poll (rules A3, A4).
     */
    private void enterOwnerContext() {
        ThreadCarrier carrier = ThreadCarrier.loaded();
        Object carried = ownerCarried;
        if (carrier != null && carried != null) {
            try {
                carriedScope = carrier.install(carried);
            } catch (Throwable broken) {
                reportToOwner(broken, "installing the thread-locals of " + describe());
            }
        }
        CoopBudget.set(ownerBudget);
    }

    /** Body thread, when it stops running user code: its thread gets its own thread-locals back. */
    private void leaveOwnerContext() {
        AutoCloseable scope = carriedScope;
        carriedScope = null;
        if (scope != null) {
            try {
                scope.close();
            } catch (Throwable broken) {
                reportToOwner(broken, "restoring the thread-locals of the thread of " + describe());
            }
        }
        CoopBudget.set(CoopBudget.unlimited());
    }

    /**
     * Installs the owner's latest task-locals on the body thread (rule 7), unless the body has
     * bound values of its own on top of the last ones installed (a {@code syncScope} around an
     * await): those stay in force until the body's scope ends.
     */
    private void refreshLocals() {
        if (LocalBindings.current() == installedLocals) {
            LocalBindings.Frame latest = ownerLocals;
            LocalBindings.install(latest);
            installedLocals = latest;
        }
    }

    /**
     * The scope of the body thread (rule 4): an {@code Async} future or stream that the body
     * closes while its own body runs (a stream read with {@code next}, closed by a
     * try-with-resources) is waited for before this body's end is published. Body thread only.
     */
    private final class BodyScope implements UnwindScope, UnwindSet.Owner {
        private UnwindSet unwinds;

        @Override
        public Unwind register(String body) {
            if (unwinds == null) {
                unwinds = new UnwindSet(this, true);
            }
            return unwinds.register(body);
        }

        @Override
        public void reportUncaught(Throwable failure, String source) {
            reportToOwner(failure, source);
        }

        @Override
        public Task<?> ownerTask() {
            UnwindScope owner = ownerScope;
            return owner == null ? null : owner.ownerTask();
        }

        /** Parks until every body this one cancelled has ended; their cleanup failures. */
        List<Throwable> awaitUnwinds() {
            if (unwinds == null) {
                return List.of();
            }
            unwinds.awaitAll(false, 0L);
            return new ArrayList<>(unwinds.takeKept());
        }
    }
}
