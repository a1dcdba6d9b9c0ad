package dev.pollbridge.completablefuture;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.bridge.engine.FailureSink;
import dev.pollbridge.runtime.bridge.engine.Fatal;
import dev.pollbridge.runtime.bridge.engine.UncaughtFailures;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@link CompletionStage} awaited as a {@link PollFuture} (push to pull).
 *
 * <h2>Design</h2>
 * The first poll registers one {@code whenComplete} callback on the stage (rule 2: nothing is
 * registered before that). All shared state is one atomic reference, {@link #state}, which holds
 * exactly one of:
 * <ul>
 *   <li>{@link #UNREGISTERED}: never polled; nothing registered on the stage. Not terminal.
 *   <li>a {@link Waker}: registered; the stage has not completed; this is the waker of the latest
 *       poll (rule 7). Not terminal.
 *   <li>a {@link Poll}: the stage's outcome, recorded by the callback. Terminal until closed.
 *   <li>{@link #CLOSED}: closed. Terminal; an outcome that arrives later is dropped.
 * </ul>
 * The poller swaps in its waker and the callback swaps in the outcome with compare-and-set on
 * that one word, so "check for a result, then store the waker" cannot miss a completion in
 * between (rule 6): whichever CAS comes second sees the other's write, and the callback wakes the
 * waker it replaced. Wakes happen after the CAS, never under a lock, never inside {@code poll}
 * except when the stage was already complete at registration (a harmless extra hint).
 *
 * <h2>Errors</h2>
 * A failure is delivered as its real cause: every {@code CompletionException} and
 * {@code ExecutionException} wrapper is removed, nested ones too; a wrapper without a cause is
 * delivered as it is. A cancelled stage fails with its {@code CancellationException}.
 *
 * <h2>Cancellation</h2>
 * {@link #close()} before the outcome was recorded (polled or not) applies the
 * {@link CancelPolicy}: {@link CancelPolicy#CANCEL_SOURCE} calls
 * {@code stage.toCompletableFuture().cancel(false)}, which completes the stage and runs its other
 * dependents on the closing thread. Two kinds of stage cannot be cancelled and are detached
 * instead: one whose {@code toCompletableFuture()} throws {@code UnsupportedOperationException},
 * and a minimal stage ({@code minimalCompletionStage()}, or any {@code CompletableFuture} whose
 * {@code toCompletableFuture()} returns another object): that returns a copy that depends on the
 * stage, cancelling a dependent never reaches its source, and the minimal stage holds no
 * reference to the future it came from, so the source is unreachable (the copy is not even
 * cancelled). A {@code toCompletableFuture()} or {@code cancel} that throws anything else
 * detaches the stage too, and the exception is reported to the current runtime's
 * uncaught-failure handler: close never throws. A {@code whenComplete} that throws fails the future with that exception; a callback
 * the stage calls twice counts once. {@link CancelPolicy#DETACH} leaves the stage running; its
 * outcome is dropped when it arrives (the callback stays registered on the stage until then: a
 * stage offers no way to remove it). A failure that arrives after the close (under
 * {@code DETACH}, or from a stage that could not be cancelled or completed before the cancel) is
 * an error after cancellation: it goes to the uncaught-failure handler of the runtime that polled
 * first, unless it is the cancellation itself ({@code FailureSink.reportAfterCancel}); a value is
 * left to the stage's other consumers. Closing after the outcome was recorded only releases it.
 * <b>Cancel safety:</b> closing discards an outcome nobody has read; under {@code DETACH} the
 * stage itself is untouched, so other consumers of a shared stage still get its value.
 *
 * <p>Threads: the callback runs on whatever thread completes the stage (or the first poller if
 * it is already complete); it only records the outcome and wakes the poller.
 *
 * @param <T> the value type
 */
final class FutureFromStage<T> extends SingleUse implements PollFuture<T> {

    private static final Object UNREGISTERED = new Sentinel("UNREGISTERED");
    private static final Object CLOSED = new Sentinel("CLOSED");
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(FutureFromStage.class, "state", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CompletionStage<T> stage;
    private final CancelPolicy policy;
    /**
     * Where a failure that arrives after the close goes: the runtime of the thread that polled
     * first (else the log). Written by the first poll before it registers the callback, which
     * happens-before the callback runs.
     */
    private FailureSink failures = UncaughtFailures.LOG;
    /** See the class comment for its four kinds of value. Written by CAS only (poller, callback, closer). */
    private volatile Object state = UNREGISTERED;
    /** True once ready or failed was returned. Owner (poller) only: polls never overlap. */
    private boolean delivered;

    FutureFromStage(CompletionStage<T> stage, CancelPolicy policy) {
        this.stage = Objects.requireNonNull(stage, "stage");
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    @Override
    public Poll<T> poll(Context cx) {
        Objects.requireNonNull(cx, "cx");
        if (delivered) {
            throw SingleUse.polledAfter("a future of a CompletionStage", "it completed");
        }
        Waker waker = cx.waker();
        while (true) {
            Object current = stateAcquire();
            if (current == CLOSED) {
                throw SingleUse.polledAfter("a future of a CompletionStage", "close()");
            }
            if (current instanceof Poll) {
                return deliver(current);
            }
            if (casState(current, waker)) {
                if (current == UNREGISTERED) {
                    return register();
                }
                return Poll.pending();
            }
            // The callback recorded the outcome (or a closer ran) between our read and CAS: re-read.
        }
    }

    /** First poll: our waker is stored, so a completion from now on wakes it (rule 5). */
    private Poll<T> register() {
        failures = UncaughtFailures.ofCurrentThread();
        try {
            stage.whenComplete(this::onComplete);
        } catch (Throwable brokenStage) {
            Fatal.rethrowIfFatal(brokenStage); // on the poller's own stack a JVM-fatal error propagates
            onComplete(null, brokenStage); // the future fails with it
        }
        // An already-complete stage ran the callback inline: deliver now instead of waiting for
        // the poll its wake asked for.
        Object current = stateAcquire();
        return current instanceof Poll ? deliver(current) : Poll.pending();
    }

    @SuppressWarnings("unchecked")
    private Poll<T> deliver(Object outcome) {
        delivered = true;
        return (Poll<T>) outcome;
    }

    /** The stage's callback; any thread, at most once. */
    private void onComplete(T value, Throwable error) {
        Poll<T> outcome = error == null ? Poll.ready(value) : Poll.failed(Unwrap.cause(error));
        while (true) {
            Object current = stateAcquire();
            if (current == CLOSED) {
                // Closed (detached, or cancelled and the stage completed anyway): nobody will read
                // it. A value stays the stage's (other consumers may share it); a failure is an
                // error after cancellation, reported unless it is the cancellation itself.
                if (outcome.isFailed()) {
                    failures.reportAfterCancel("a CompletionStage failed after the future awaiting it was"
                            + " closed", outcome.error());
                }
                return;
            }
            if (current instanceof Poll) {
                return; // a second call of the callback: the first outcome counts
            }
            // Release: everything the completing thread wrote before completing the stage (and
            // the outcome itself) is visible to the poller that reads this state (rule 10).
            if (casState(current, outcome)) {
                if (current instanceof Waker) {
                    ((Waker) current).wake();
                }
                return;
            }
        }
    }

    @Override
    public void close() {
        Object previous = STATE.getAndSet(this, CLOSED);
        if (previous == UNREGISTERED || previous instanceof Waker) {
            if (policy == CancelPolicy.CANCEL_SOURCE) {
                cancelSource();
            }
        }
    }

    private void cancelSource() {
        CompletableFuture<T> source;
        try {
            source = stage.toCompletableFuture();
        } catch (UnsupportedOperationException minimalStage) {
            return; // a stage that cannot be cancelled is detached instead, as CancelPolicy documents
        } catch (Throwable refused) {
            dropped("toCompletableFuture() of a closed stage threw; the stage was detached", refused);
            return;
        }
        if (source != stage && stage instanceof CompletableFuture) {
            // A CompletableFuture whose toCompletableFuture() is not itself is a minimal stage
            // (minimalCompletionStage()): the copy is one of its dependents, and cancelling a
            // dependent never reaches the source. The minimal stage keeps no reference to the
            // future it was made from, so nothing here can cancel that: the stage is detached.
            return;
        }
        try {
            source.cancel(false);
        } catch (Throwable refused) {
            // A broken CompletableFuture subclass: close() never throws, so the stage is detached.
            dropped("cancel(false) of a closed stage's CompletableFuture threw; the stage was detached", refused);
        }
    }

    /** What close() cannot throw goes to the current runtime's uncaught-failure handler, else the log. */
    private static void dropped(String what, Throwable failure) {
        UncaughtFailures.ofCurrentThread().report(what, failure);
    }

    /**
     * Acquire pairs with the release half of the CAS that stored an outcome: a poller that sees
     * the outcome also sees everything written before it was stored (rule 10).
     */
    private Object stateAcquire() {
        return STATE.getAcquire(this);
    }

    private boolean casState(Object expected, Object next) {
        return STATE.compareAndSet(this, expected, next);
    }

    @Override
    public String toString() {
        return "FutureFromStage[" + stateAcquire() + ", " + policy + "]";
    }

    /** A named marker state; not a {@link Waker} and not a {@link Poll}. */
    private static final class Sentinel {
        private final String name;

        Sentinel(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
