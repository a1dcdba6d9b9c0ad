package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.internal.task.Unwind;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import dev.pollbridge.runtime.internal.task.UnwindSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;

/**
 * The body thread's side of the thread engine: it runs the body, suspends it in {@code await},
 * {@code next} and {@code emit} (publish, wake the owner, park), and publishes its end. The state
 * and the rules (1 to 7) are in {@link ThreadFiber}; the owner's side is {@link ThreadOwner}.
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class ThreadBody<T> extends ThreadOwner<T> {

    ThreadBody(BodyLauncher launcher, String kind) {
        super(launcher, kind);
    }

    @Override
    final void runBody() {
        if (!STATE.compareAndSet(this, LAUNCHED, RUNNING)) {
            state = FINISHED | CANCELLED; // closed before it started: no user code runs, nobody waits
            return;
        }
        bodyThread = Thread.currentThread();
        Fiber enclosing = mount(this);
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
            mount(enclosing);
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