package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Unwind;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.LockSupport;

/**
 * The owner side of the thread engine: the polls that serve the body's suspensions on the
 * owner's thread, with the owner's context, and the close. The state and the rules (1 to 7) are
 * in {@link ThreadFiber}; the body thread's side is {@link ThreadBody}.
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class ThreadOwner<T> extends ThreadFiber<T> {

    ThreadOwner(BodyLauncher launcher, String kind) {
        super(launcher, kind);
    }

    /**
     * The part of every owner poll that comes before looking for a result: checks misuse,
     * captures the owner's task-locals and scope, stores the latest waker, and starts the body on
     * the first poll. Any phase change after this point wakes the stored waker (rule 2).
     */
    final void beginPoll(Context cx) {
        Objects.requireNonNull(cx, "cx");
        if (delivered) {
            throw SingleUse.polledAfter(kind(), "it returned its final result");
        }
        int s = state;
        if ((s & CANCELLED) != 0) {
            throw SingleUse.polledAfter(kind(), "close()");
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
        // After the state read: an item offered before the body suspended or ended is seen first.
        // Once the body has ended, the take closes the slot for good, so no offer lands behind the end.
        Object offered = takeOffered(s == FINISHED);
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
     * before that suspension is served or the end returned. {@code ended}: the body has
     * finished, so the take also refuses every later offer ({@code OfferSlot.takeLast}).
     */
    Object takeOffered(boolean ended) {
        return null;
    }

    /** Stream hook, owner only: the poll returns the item of an emit, so the consumer's demand is met. */
    void demandMet() {}

    /** Stream hook, owner only, at close: drops what the consumer will never read (rule A8). */
    void dropUnread() {}

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
}
