package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.async.BodyLauncher;
import dev.pollbridge.runtime.internal.async.LocalBindings;
import dev.pollbridge.runtime.internal.async.Failures;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;

/**
 * The machinery shared by {@link AsyncFuture} and {@link AsyncStream}: one body running on a
 * thread of its own, and the owner that polls it.
 *
 * <h2>Two sides</h2>
 * The <em>owner</em> is whoever polls the {@code Async} future or stream (a runtime worker, a
 * {@code MockTask}, a combinator): one thread at a time. The <em>body thread</em> runs the user's
 * body from start to end; it is the only thread that polls the futures the body awaits, and it
 * parks (never spins) between their polls.
 *
 * <h2>State</h2>
 * <pre>
 *   NEW --first poll--> LAUNCHED --body thread starts--> RUNNING --body returns or throws--> FINISHED
 * </pre>
 * {@link #NEW} to {@link #LAUNCHED} is written by the owner only; the rest by the body thread
 * only. {@link #FINISHED} is terminal. Cancellation is a separate flag, {@link #cancelled}, set
 * once by {@link #cancel()} and never cleared; a body that sees it (at start, or at any await
 * or emit) throws {@link CancellationException} from that point.
 *
 * <h2>Rules this class keeps</h2>
 * <ol>
 *   <li><b>No lost owner wake</b> (pull-model rule 6): the owner stores its waker, then reads
 *       {@link #state}; the body thread writes {@link #state}, then swaps the waker out and
 *       wakes it. Both are volatile accesses, so they are totally ordered: either the owner sees
 *       {@code FINISHED}, or the body thread sees the owner's waker.
 *   <li><b>No lost body wake</b>: a child waker sets {@link #notified} and then unparks
 *       {@link #bodyThread}; the body thread clears {@code notified} before each child poll and
 *       parks only while it is still clear. A wake that lands during the poll leaves the flag set
 *       and the loop polls again; an unpark that lands before the park leaves a permit.
 *   <li><b>Cancellation reaches a parked body</b>: {@link #cancel()} sets {@link #cancelled},
 *       then reads {@link #bodyThread} and unparks it; the body thread writes {@code bodyThread}
 *       before its first park and checks {@code cancelled} before every park. Either the
 *       canceller sees the thread, or the body sees the flag.
 *   <li><b>Every park is in a loop</b> that rechecks its condition: spurious returns, stale
 *       unparks from an earlier body on a pooled thread, and interrupts cost one extra check.
 *   <li><b>Interrupts are kept, not lost</b>: an interrupt while parked is recorded, cleared
 *       so that the park does not spin, and restored when the await or emit returns. The body
 *       thread's interrupt status is cleared when the body ends (pooled threads are reused).
 *   <li><b>Task-locals follow the owner</b>: each owner poll publishes its bindings (an
 *       immutable list) in {@link #ownerLocals}; the body thread installs the latest at start,
 *       before each child poll and when an await, next or emit returns. Bindings the body pushed
 *       itself are left alone, and the body thread's own bindings are put back when it ends.
 * </ol>
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class AsyncFiber<T> {

    /** Not polled yet: no thread. */
    static final int NEW = 0;
    /** Handed to the launcher; the body has not started. */
    static final int LAUNCHED = 1;
    /** The body runs (or is parked) on its thread. */
    static final int RUNNING = 2;
    /** The outcome is published. Terminal. */
    static final int FINISHED = 3;

    private static final VarHandle STATE;
    private static final VarHandle OWNER_WAKER;
    private static final VarHandle CANCELLED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(AsyncFiber.class, "state", int.class);
            OWNER_WAKER = lookup.findVarHandle(AsyncFiber.class, "ownerWaker", Waker.class);
            CANCELLED = lookup.findVarHandle(AsyncFiber.class, "cancelled", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The fiber whose body runs on this thread; set for the body's whole life. */
    private static final ThreadLocal<AsyncFiber<?>> CURRENT = new ThreadLocal<>();

    private final BodyLauncher launcher;
    private final String kind;

    /** One of the constants above. Owner writes NEW to LAUNCHED; body thread writes the rest. */
    private volatile int state;
    /** Written by the body thread before {@code state = FINISHED}; read by the owner after it. */
    private Poll<T> outcome;
    /** The owner's latest waker (rule 7). Owner writes at each poll; the body thread swaps it out. */
    private volatile Waker ownerWaker;
    /** Set once by {@link #cancel()}; never cleared. */
    private volatile boolean cancelled;
    /** Task-locals of the owner's latest poll. Owner writes; body thread installs at each resume. */
    private volatile LocalBindings.Frame ownerLocals;
    /** The body's thread while it runs, else null. Body thread writes; wakers and cancel read. */
    private volatile Thread bodyThread;
    /** Set by a child waker, cleared by the body thread before each child poll. */
    private volatile boolean notified;
    /** The runnable handed to the launcher (kept to withdraw it). Owner only. */
    private Runnable launched;
    /** The final result went out to the owner. Owner only. */
    private boolean delivered;
    /** A child poll is in progress on the body thread (await inside a poll is refused). Body thread only. */
    private boolean polling;
    /** An interrupt arrived while parked in the current await or emit. Body thread only. */
    private boolean interrupted;
    /** The owner's bindings this fiber last installed on the body thread. Body thread only (rule 6). */
    private LocalBindings.Frame installedLocals;
    /** The context the body polls its children with. Body thread only; made at first use. */
    private Context childContext;

    AsyncFiber(BodyLauncher launcher, String kind) {
        this.launcher = Objects.requireNonNull(launcher, "launcher");
        this.kind = kind;
    }

    /** Runs the user's body on the body thread and returns the final outcome. */
    abstract Poll<T> execute() throws Exception;

    // ---------------------------------------------------------------- owner side

    /**
     * The part of every owner poll that comes before looking for a result: checks misuse,
     * captures the owner's task-locals, stores the latest waker, and starts the body on the first
     * poll. After this, subclasses read their results; any result published after this point
     * wakes the stored waker (rule 1).
     */
    final void beginPoll(Context cx) {
        Objects.requireNonNull(cx, "cx");
        if (delivered) {
            throw new IllegalStateException(kind + " polled after it returned its final result");
        }
        if (cancelled) {
            throw new IllegalStateException(kind + " polled after close()");
        }
        ownerLocals = LocalBindings.current();
        ownerWaker = cx.waker();
        if (state == NEW) {
            launch();
        }
    }

    /** The final outcome if the body has finished (marking it delivered), else {@code null}. */
    final Poll<T> takeOutcome() {
        if (state != FINISHED) {
            return null;
        }
        ownerWaker = null;
        delivered = true;
        return outcome;
    }

    private void launch() {
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
     * Cancels the body: idempotent, non-blocking, never throws. A body that has not started never
     * runs; a running body sees {@link CancellationException} at its current or next await or
     * emit, on its own thread, shortly after this returns.
     */
    final void cancel() {
        if (!CANCELLED.compareAndSet(this, false, true)) {
            return;
        }
        ownerWaker = null;
        Runnable body = launched;
        if (body != null && state == LAUNCHED) {
            launcher.withdraw(body);
        }
        unparkBody(); // rule 3: after the flag is set
    }

    /** Wakes the owner, if it stored a waker that is not yet used. Any thread. */
    final void wakeOwner() {
        Waker waker = (Waker) OWNER_WAKER.getAndSet(this, null);
        if (waker != null) {
            waker.wake();
        }
    }

    final void unparkBody() {
        Thread thread = bodyThread;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    final boolean isCancelled() {
        return cancelled;
    }

    // ---------------------------------------------------------------- body side

    /** The fiber whose body runs on this thread, or an {@link IllegalStateException} for {@code operation}. */
    static AsyncFiber<?> current(String operation) {
        AsyncFiber<?> fiber = CURRENT.get();
        if (fiber == null) {
            throw new IllegalStateException(operation + " was called outside an Async body. It only works "
                    + "inside Async.run(...) or Async.stream(...). To wait for a future from plain blocking "
                    + "code use Runtime.blockOn(future); inside a poll, compose futures instead (map, flatMap).");
        }
        return fiber;
    }

    static boolean inBody() {
        return CURRENT.get() != null;
    }

    private void runBody() {
        if (!STATE.compareAndSet(this, LAUNCHED, RUNNING)) {
            return;
        }
        bodyThread = Thread.currentThread(); // rule 3: before any park and any cancellation check
        AsyncFiber<?> enclosing = CURRENT.get();
        CURRENT.set(this);
        installedLocals = ownerLocals;
        LocalBindings.Frame threadLocals = LocalBindings.install(installedLocals);
        Poll<T> result;
        try {
            if (cancelled) {
                throw cancellation();
            }
            result = execute();
        } catch (Throwable failure) {
            result = Poll.failed(Failures.unwrapped(failure)); // an await's wrapper is not the failure
        } finally {
            LocalBindings.install(threadLocals);
            if (enclosing == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(enclosing);
            }
            bodyThread = null;
            Thread.interrupted(); // rule 5: a pooled thread starts its next body clean
        }
        outcome = result;
        state = FINISHED; // rule 1: publishes outcome, then the waker swap below
        if (!cancelled) {
            wakeOwner();
        }
    }

    /** Throws unless called on this fiber's body thread outside a child poll. */
    final void checkSuspendable(String operation) {
        if (Thread.currentThread() != bodyThread) {
            throw new IllegalStateException(operation + " was called on " + Thread.currentThread()
                    + ", not on the thread of its Async body");
        }
        if (polling) {
            throw new IllegalStateException(operation + " was called from inside a poll on an Async body "
                    + "thread; a poll must never block (pull-model rule 4)");
        }
    }

    /**
     * See {@link Async#await(PollFuture, Class)}; {@code declared} is {@code RuntimeException}
     * for the plain {@code await}. Body thread only.
     */
    final <R, X extends Throwable> R await(PollFuture<R> child, Class<X> declared) throws X {
        try {
            checkSuspendable("Async.await");
        } catch (IllegalStateException misuse) {
            child.close(); // the await took ownership of the child even though it refuses to wait
            throw misuse;
        }
        try {
            Context cx = childContext();
            while (true) {
                if (cancelled) {
                    throw cancellation();
                }
                Poll<R> poll = pollChild(child, cx);
                if (poll.isReady()) {
                    return poll.value();
                }
                if (poll.isFailed()) {
                    throw Failures.declaring(poll.error(), declared);
                }
                if (!poll.isPending()) {
                    throw new IllegalStateException("a future returned " + poll + ", which only streams may");
                }
                parkUntilNotified();
            }
        } finally {
            child.close(); // the await owns the child: closed exactly once, finished or not
            resume();
        }
    }

    /** See {@link Async#next(PollStream)}. Body thread only. */
    final <R> R next(PollStream<R> stream) {
        checkSuspendable("Async.next");
        try {
            Context cx = childContext();
            while (true) {
                if (cancelled) {
                    throw cancellation();
                }
                notified = false; // rule 2
                refreshLocals();
                Poll<R> poll;
                polling = true;
                try {
                    poll = stream.pollNext(cx);
                } finally {
                    polling = false;
                }
                if (poll.isReady()) {
                    return Objects.requireNonNull(poll.value(), "a stream yielded a null item");
                }
                if (poll.isDone()) {
                    return null;
                }
                if (poll.isFailed()) {
                    throw Failures.unchecked(poll.error());
                }
                parkUntilNotified();
            }
        } finally {
            resume();
        }
    }

    private <R> Poll<R> pollChild(PollFuture<R> child, Context cx) {
        notified = false; // rule 2: cleared before the poll, so a wake during it is kept
        refreshLocals();
        polling = true;
        try {
            return child.poll(cx);
        } finally {
            polling = false;
        }
    }

    private void parkUntilNotified() {
        while (!notified && !cancelled) {
            parkOnce();
        }
    }

    /** One park of the body thread (rule 4: callers loop). Records and clears an interrupt (rule 5). */
    final void parkOnce() {
        LockSupport.park(this);
        if (Thread.interrupted()) {
            interrupted = true;
        }
    }

    /** Back to user code after a suspension: the owner's latest task-locals, the interrupt kept (rule 5). */
    final void resume() {
        refreshLocals();
        if (interrupted) {
            interrupted = false;
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Installs the owner's latest task-locals on the body thread (rule 6), unless the body has
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

    private Context childContext() {
        Context cx = childContext;
        if (cx == null) {
            cx = Context.of(new BodyWaker());
            childContext = cx;
        }
        return cx;
    }

    final CancellationException cancellation() {
        return new CancellationException(kind + " was closed: its body is cancelled");
    }

    /** The waker of the futures a body awaits: marks it notified and unparks its thread (rule 2). */
    private final class BodyWaker implements Waker {
        @Override
        public void wake() {
            notified = true;
            unparkBody();
        }
    }
}
