package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.exceptions.Exceptions;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CancellationException;

/**
 * The engine of the three RxJava-to-future directions ({@link FutureFromSingle},
 * {@link FutureFromMaybe}, {@link FutureFromCompletable}): an RxJava observer of at most one
 * terminal signal, seen as a {@link PollFuture}. Subclasses only translate their observer
 * interface into {@link #onUpstream}, {@link #onValue} and {@link #onFailure}.
 *
 * <h2>Protocol</h2>
 * The first {@link #poll} subscribes (rule 2: the wrapper is lazy) on the polling thread and
 * returns {@code pending} unless the source signalled inside {@code subscribe}. The outcome is
 * stored once and the latest waker is woken. No lost wake-up without a lock (rule 6): a poll
 * writes {@link #waker} and then reads {@link #outcome}; the signalling thread publishes
 * {@code outcome} and then reads {@code waker}. Both are volatile, so one side sees the other's
 * write.
 *
 * <h2>Two slots</h2>
 * <ul>
 *   <li>{@link #upstream}: {@code null} &rarr; the source's {@code Disposable} &rarr; {@link #CANCELLED}
 *       (closed first) or {@link #TERMINATED} (the source signalled first; a later close swaps it
 *       for {@code CANCELLED} without disposing). A slot holding a marker never holds a
 *       {@code Disposable} again, so the source is disposed at most once and never after it
 *       terminated, and a {@code Disposable} that arrives after {@code close()} is disposed on
 *       arrival.
 *   <li>{@link #outcome}: {@code null} &rarr; the outcome, or {@link #CLOSED}. The signalling thread
 *       sets it by compare-and-set and {@code close()} by swap, so exactly one of them owns an
 *       outcome the owner never read: its value is {@linkplain Undeliverable#discard released}.
 * </ul>
 *
 * <h2>Cancellation</h2>
 * {@link #close()} before the source terminated disposes it exactly once; before the first poll
 * it subscribes nothing; after the end it disposes nothing. A {@code dispose()} that throws is
 * reported to {@code RxJavaPlugins.onError}; {@code close()} never throws (rule 11). Not
 * cancel-safe: a value the source produced but the owner did not read is released with the
 * future.
 *
 * <h2>A misbehaving source</h2>
 * Errors the future cannot take any more (after {@code close()}, after the outcome) go to
 * {@code RxJavaPlugins.onError}, as in RxJava's own operators; so do a second terminal signal and a
 * second {@code onSubscribe} (as {@link ProtocolViolationException}s; a second, different
 * {@code Disposable} is disposed, the same one twice is left alone so the live subscription goes
 * on). A {@code null} {@code Disposable}, value or error fails the future with a
 * {@link NullPointerException} and disposes the source. A source that signals without
 * {@code onSubscribe} is still heard (it cannot be disposed, though).
 *
 * <h2>Threads</h2>
 * The owner polls and closes, one thread at a time ({@link #source}, {@link #delivered},
 * {@link #closed} are owner-only); the source signals on any thread, including inside
 * {@code subscribe} on the polling thread.
 *
 * @param <T> the value type
 * @param <S> the source type
 */
abstract class ObserverFuture<T, S> extends SingleUse implements PollFuture<T> {

    /** Slot value: the future was closed first. */
    private static final Disposable CANCELLED = new Marker();
    /** Slot value: the source terminated first. */
    private static final Disposable TERMINATED = new Marker();
    /** Outcome value: the future was closed; a later outcome is released by its producer. */
    private static final Poll<Object> CLOSED = Poll.failed(new CancellationException("closed"));

    private static final VarHandle UPSTREAM;
    private static final VarHandle OUTCOME;
    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            UPSTREAM = lookup.findVarHandle(ObserverFuture.class, "upstream", Disposable.class);
            OUTCOME = lookup.findVarHandle(ObserverFuture.class, "outcome", Poll.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** "Single", "Maybe", "Completable": for messages. */
    private final String sourceType;
    /**
     * True if RxJava's {@code subscribe} of this type reports what {@code subscribeActual} threw
     * to {@code RxJavaPlugins.onError} itself before it throws ({@code Completable} does;
     * {@code Single} and {@code Maybe} only throw), so this class must not report it again.
     */
    private final boolean subscribeReports;
    /** Owner only: the source to subscribe; null once subscribed or closed. */
    private S source;
    /** Owner only. */
    private boolean delivered;
    /** Owner only. */
    private boolean closed;

    /** null, the source's Disposable, {@link #CANCELLED} or {@link #TERMINATED}. Only via {@link #UPSTREAM}. */
    @SuppressWarnings("unused")
    private volatile Disposable upstream;
    /** null while pending, then the outcome or {@link #CLOSED}. Only via {@link #OUTCOME}, or read. */
    private volatile Poll<T> outcome;
    /** The latest poller's waker (rule 7); written by the owner, read by the signalling thread. */
    private volatile Waker waker;

    ObserverFuture(String sourceType, boolean subscribeReports, S source) {
        this.sourceType = sourceType;
        this.subscribeReports = subscribeReports;
        this.source = source;
    }

    /** Subscribes {@code source} with this future as its observer; called once, by the first poll. */
    abstract void subscribe(S source);

    @Override
    public final Poll<T> poll(Context cx) {
        if (closed) {
            throw SingleUse.polledAfter("a future of a " + sourceType, "close()");
        }
        if (delivered) {
            throw SingleUse.polledAfter("a future of a " + sourceType, "it returned " + outcome);
        }
        waker = cx.waker();
        S toSubscribe = source;
        if (toSubscribe != null) {
            source = null;
            try {
                subscribe(toSubscribe);
            } catch (Throwable subscribeFailure) {
                // RxJava's subscribe() wraps what subscribeActual threw in a NullPointerException
                // whose cause is the original (and a Completable's also reports the original).
                Exceptions.throwIfFatal(subscribeFailure);
                Disposable half = terminate();
                if (half != TERMINATED) {
                    disposeQuietly(half); // it may have called onSubscribe before throwing
                    finish(Poll.failed(subscribeFailure));
                } else if (!subscribeReports) {
                    Undeliverable.report(subscribeFailure); // it signalled, then threw
                }
            }
        }
        Poll<T> result = outcome;
        if (result == null) {
            return Poll.pending();
        }
        delivered = true;
        waker = null;
        return result;
    }

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        source = null;
        waker = null;
        Disposable previous = (Disposable) UPSTREAM.getAndSet(this, CANCELLED);
        if (previous != TERMINATED) {
            disposeQuietly(previous);
        }
        @SuppressWarnings("unchecked")
        Poll<T> unread = (Poll<T>) OUTCOME.getAndSet(this, CLOSED);
        if (unread != null && !delivered && unread.isReady()) {
            Undeliverable.discard(unread.value()); // an unread failure is dropped with the future
        }
    }

    // ---- the observer side (the source's threads, serially) ----

    /** {@code onSubscribe}. */
    final void onUpstream(Disposable disposable) {
        if (disposable == null) {
            failFromSource(new NullPointerException("onSubscribe(null): the " + sourceType
                    + " broke the observer protocol (a Disposable is never null)"));
            return;
        }
        if (UPSTREAM.compareAndSet(this, null, disposable)) {
            return;
        }
        Disposable current = upstream;
        if (current == CANCELLED) {
            disposeQuietly(disposable); // arrived after close()
        } else if (current == disposable) {
            // The same Disposable again: disposing it would end the live subscription and leave
            // the future hanging, so it is only reported.
            Undeliverable.report(new ProtocolViolationException(
                    "onSubscribe was called twice with the same Disposable by a " + sourceType));
        } else {
            disposeQuietly(disposable);
            Undeliverable.report(new ProtocolViolationException("onSubscribe was called twice by a " + sourceType
                    + " (Disposable already set): the second Disposable was disposed"));
        }
    }

    /** {@code onSuccess} ({@code value} non-null) or {@code onComplete} ({@code null}). */
    final void onValue(T value, String signal) {
        if (terminate() != TERMINATED) {
            finish(Poll.ready(value));
        } else {
            if (upstream != CANCELLED) {
                Undeliverable.report(new ProtocolViolationException(
                        signal + " after the " + sourceType + " already terminated"));
            }
            Undeliverable.discard(value);
        }
    }

    /** {@code onError}. */
    final void onFailure(Throwable error) {
        if (error == null) {
            failFromSource(new NullPointerException("onError(null): the " + sourceType
                    + " broke the observer protocol (an error is never null)"));
            return;
        }
        if (terminate() != TERMINATED) {
            finish(Poll.failed(error));
        } else if (upstream == CANCELLED) {
            Undeliverable.reportAfterCancel(error); // after close(): the cancellation itself is silent
        } else {
            Undeliverable.report(error); // after the outcome: a second terminal signal
        }
    }

    /** {@code onSuccess(null)}: the source broke its protocol; fail and dispose it. */
    final void onNullValue() {
        failFromSource(new NullPointerException("onSuccess(null): the " + sourceType
                + " broke the observer protocol (RxJava never signals null values)"));
    }

    /** Fails the future with this side's own error and disposes the source. */
    private void failFromSource(NullPointerException error) {
        Disposable previous = terminate();
        if (previous == TERMINATED) {
            Undeliverable.report(error);
            return;
        }
        disposeQuietly(previous);
        finish(Poll.failed(error));
    }

    /**
     * Marks the source terminated so a later close does not dispose it. Returns what the slot
     * held (the live Disposable or null), or {@link #TERMINATED} if the future was already closed
     * or terminated: the signal is then not the future's to take.
     */
    private Disposable terminate() {
        for (;;) {
            Disposable previous = upstream;
            if (previous == CANCELLED || previous == TERMINATED) {
                return TERMINATED;
            }
            if (UPSTREAM.compareAndSet(this, previous, TERMINATED)) {
                return previous;
            }
        }
    }

    /** Publishes the outcome, then wakes the latest poller (see the class note on rule 6). */
    private void finish(Poll<T> result) {
        if (!OUTCOME.compareAndSet(this, null, result)) {
            if (result.isReady()) {
                Undeliverable.discard(result.value()); // closed in between: nobody will read it
            }
            return;
        }
        Waker toWake = waker;
        if (toWake != null) {
            try {
                toWake.wake();
            } catch (Throwable wakeFailure) {
                Exceptions.throwIfFatal(wakeFailure);
                Undeliverable.report(wakeFailure);
            }
        }
    }

    private static void disposeQuietly(Disposable disposable) {
        if (disposable == null) {
            return;
        }
        try {
            disposable.dispose();
        } catch (Throwable disposeFailure) {
            Exceptions.throwIfFatal(disposeFailure);
            Undeliverable.report(disposeFailure);
        }
    }

    /** A slot marker; never handed to anybody. */
    private static final class Marker implements Disposable {
        @Override
        public void dispose() {}

        @Override
        public boolean isDisposed() {
            return true;
        }
    }
}
