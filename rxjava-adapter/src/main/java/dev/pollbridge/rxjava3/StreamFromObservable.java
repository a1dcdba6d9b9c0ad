package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.adapter.WakerSlot;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.exceptions.Exceptions;
import io.reactivex.rxjava3.exceptions.MissingBackpressureException;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An {@link Observable} seen as a {@link PollStream}: the push-to-pull direction for a source
 * without backpressure. The Observable pushes as fast as it likes; items wait in an
 * {@link OverflowRing} of the {@link ObservableOverflow}'s capacity, and an item that finds it
 * full is handled by the strategy (fail, drop newest, drop oldest). {@code onNext} never waits
 * for the poller.
 *
 * <h2>Protocol</h2>
 * The first {@link #pollNext} subscribes on the polling thread. Items are returned in order;
 * {@code onComplete} ends the stream and {@code onError} fails it with the same instance, after
 * the items received before them (the terminal is published after the last offer, so a poller
 * that sees it and then an empty ring has seen every item). A {@code MissingBackpressureException}
 * of the {@code error} strategies also comes after the buffered items. Wake-ups go through a
 * {@link WakerSlot}: register, then re-check.
 *
 * <h2>Cancellation</h2>
 * {@link #close()} before the end disposes the Observable exactly once (never after it
 * terminated; a {@code Disposable} that arrives after the close is disposed on arrival; a
 * {@code dispose()} that throws goes to {@code RxJavaPlugins.onError}) and releases the waiting
 * items. Closing before the first poll subscribes nothing. {@code pollNext} is cancel-safe: an
 * item leaves the buffer only when it is returned. Errors that arrive after the close go to
 * {@code RxJavaPlugins.onError}.
 *
 * <h2>A misbehaving source</h2>
 * {@code onNext(null)}/{@code onError(null)}/{@code onSubscribe(null)} fail the stream with a
 * {@link NullPointerException} and dispose the Observable. Signals after its terminal signal and a
 * second {@code onSubscribe} are reported as {@link ProtocolViolationException}s (a second
 * {@code Disposable} is disposed unless it is the live one). Signals from two threads at once
 * (the observer contract requires them serial) are caught by a cheap ownership check, one
 * compare-and-set per signal: the stream fails with a {@code ProtocolViolationException} and the
 * Observable is disposed, instead of corrupting the single-producer buffer.
 *
 * <h2>Released items</h2>
 * Items dropped by the strategy, and items still waiting when the stream is closed, are released
 * with {@link Undeliverable#discard} (closed if they are {@link AutoCloseable}).
 *
 * <h2>Threads</h2>
 * The owner polls and closes, one thread at a time ({@link #source}, {@link #finished} are
 * owner-only). The Observable signals on any thread, serially; {@link #sourceDone} is written by
 * the signalling thread only (under the ownership check).
 *
 * @param <T> the item type
 */
final class StreamFromObservable<T> extends SingleUse implements PollStream<T>, Observer<T> {

    private static final Disposable CANCELLED = new Marker();
    private static final Disposable TERMINATED = new Marker();

    private static final VarHandle UPSTREAM;
    static {
        try {
            UPSTREAM = MethodHandles.lookup().findVarHandle(StreamFromObservable.class, "upstream", Disposable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ObservableOverflow overflow;
    private final OverflowRing<T> ring;
    private final WakerSlot waker = new WakerSlot(Undeliverable::reportCaught); // a throwing waker is reported
    /** Done or failed; set once, first writer wins (the Observable's end or this side's failure). */
    private final AtomicReference<Poll<T>> terminal = new AtomicReference<>();
    /** 1 while a signal is being handled: the ownership check on the producer side. */
    private final AtomicInteger signalling = new AtomicInteger();

    /** Owner only: the Observable to subscribe; null once subscribed or closed. */
    private Observable<? extends T> source;
    /** Owner only: done or failed was returned. */
    private boolean finished;
    /** Set once by close(); read by the producer to release items that arrive after it. */
    private volatile boolean closed;
    /** null, the Observable's Disposable, {@link #CANCELLED} or {@link #TERMINATED}. Only via {@link #UPSTREAM}. */
    @SuppressWarnings("unused")
    private volatile Disposable upstream;
    /** Signalling thread only: the Observable signalled onComplete or onError. */
    private boolean sourceDone;

    StreamFromObservable(Observable<? extends T> observable, ObservableOverflow overflow) {
        this.source = Objects.requireNonNull(observable, "observable");
        this.overflow = Objects.requireNonNull(overflow, "overflow");
        this.ring = new OverflowRing<>(overflow.capacity());
    }

    // ---- pull side (the owner) ----

    @Override
    public Poll<T> pollNext(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("a stream of an Observable", "it returned " + terminal.get());
        }
        if (closed) {
            throw SingleUse.polledAfter("a stream of an Observable", "close()");
        }
        Observable<? extends T> toSubscribe = source;
        if (toSubscribe != null) {
            source = null;
            try {
                toSubscribe.subscribe(this);
            } catch (Throwable subscribeFailure) {
                // Observable.subscribe has reported what subscribeActual threw to
                // RxJavaPlugins.onError already, and throws a NullPointerException caused by it:
                // the stream fails with that, unless the Observable signalled its end first.
                Exceptions.throwIfFatal(subscribeFailure);
                if (terminal.compareAndSet(null, Poll.failed(subscribeFailure))) {
                    disposeUpstream();
                }
            }
        }
        T item = ring.poll();
        if (item != null) {
            return Poll.ready(item);
        }
        Poll<T> end = terminal.get();
        if (end == null) {
            waker.register(cx.waker()); // then re-check (rule 6)
            item = ring.poll();
            if (item != null) {
                return Poll.ready(item);
            }
            end = terminal.get();
            if (end == null) {
                return Poll.pending();
            }
        }
        item = ring.poll(); // the terminal was published after the last offer
        if (item != null) {
            return Poll.ready(item);
        }
        finished = true;
        return end;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        source = null;
        // Pairs with the fence in onNext: either this drain sees an item offered concurrently,
        // or that onNext sees closed and releases the item itself.
        VarHandle.fullFence();
        disposeUpstream();
        waker.clear();
        releaseWaiting();
    }

    /** Releases every waiting item; any thread (the ring takes any number of consumers). */
    private void releaseWaiting() {
        for (T item = ring.poll(); item != null; item = ring.poll()) {
            Undeliverable.discard(item);
        }
    }

    // ---- push side (the Observable) ----

    @Override
    public void onSubscribe(Disposable disposable) {
        if (!enter()) {
            return;
        }
        try {
            if (disposable == null) {
                fail(new NullPointerException("onSubscribe(null): the Observable broke the observer protocol"));
                return;
            }
            if (UPSTREAM.compareAndSet(this, null, disposable)) {
                return;
            }
            Disposable current = upstream;
            if (current == CANCELLED) {
                disposeQuietly(disposable); // arrived after close() or after this side failed
            } else if (current == disposable) {
                Undeliverable.report(new ProtocolViolationException(
                        "onSubscribe was called twice with the same Disposable by an Observable"));
            } else {
                disposeQuietly(disposable);
                Undeliverable.report(new ProtocolViolationException("onSubscribe was called twice by an Observable"
                        + " (Disposable already set): the second Disposable was disposed"));
            }
        } finally {
            exit();
        }
    }

    @Override
    public void onNext(T item) {
        if (!enter()) {
            Undeliverable.discard(item);
            return;
        }
        try {
            if (item == null) {
                fail(new NullPointerException("onNext(null): the Observable broke the observer protocol"));
                return;
            }
            if (sourceDone) {
                Undeliverable.report(new ProtocolViolationException("onNext after the Observable terminated"));
                Undeliverable.discard(item);
                return;
            }
            if (closed || terminal.get() != null) {
                Undeliverable.discard(item); // after close() or this side's failure
                return;
            }
            if (!offer(item)) {
                return;
            }
            VarHandle.fullFence(); // pairs with close(): see there
            if (closed) {
                releaseWaiting(); // close() ran after the first check and may have missed this item
                return;
            }
            waker.wake();
        } finally {
            exit();
        }
    }

    /** Applies the strategy; returns true if an item was queued and the poller must be woken. */
    private boolean offer(T item) {
        if (ring.offer(item)) {
            return true;
        }
        switch (overflow.policy()) {
            case FAIL:
                Undeliverable.discard(item);
                fail(new MissingBackpressureException("the stream of an Observable was not polled fast enough: "
                        + overflow.capacity() + " item(s) were waiting when another arrived (" + overflow
                        + "); the Observable was disposed"));
                return false;
            case DROP_NEWEST:
                Undeliverable.discard(item);
                return false;
            case DROP_OLDEST:
                do {
                    T oldest = ring.poll(); // null if the poller emptied the ring meanwhile
                    if (oldest != null) {
                        Undeliverable.discard(oldest);
                    }
                } while (!ring.offer(item)); // succeeds at once: room was made or the ring is empty
                return true;
            default:
                throw new AssertionError(overflow.policy());
        }
    }

    @Override
    public void onError(Throwable error) {
        if (!enter()) {
            if (error != null) {
                Undeliverable.report(error);
            }
            return;
        }
        try {
            if (error == null) {
                fail(new NullPointerException("onError(null): the Observable broke the observer protocol"));
                return;
            }
            if (sourceDone) {
                Undeliverable.report(error);
                return;
            }
            sourceDone = true;
            if (!terminate(Poll.failed(error))) {
                if (closed) {
                    Undeliverable.reportAfterCancel(error); // after close(): the cancellation itself is silent
                } else {
                    Undeliverable.report(error); // after this side failed: undeliverable
                }
            }
        } finally {
            exit();
        }
    }

    @Override
    public void onComplete() {
        if (!enter()) {
            return;
        }
        try {
            if (sourceDone) {
                Undeliverable.report(new ProtocolViolationException("onComplete after the Observable terminated"));
                return;
            }
            sourceDone = true;
            terminate(Poll.done());
        } finally {
            exit();
        }
    }

    /**
     * The ownership check: true if this thread may handle the signal. False (after failing the
     * stream) if another thread is inside a signal right now, which the observer contract forbids.
     */
    private boolean enter() {
        if (signalling.compareAndSet(0, 1)) {
            return true;
        }
        if (terminal.get() == null) { // the first overlap is reported; the rest of a flood is not
            fail(new ProtocolViolationException("the Observable signalled from two threads at once; "
                    + "the observer contract requires serial calls"));
        }
        return false;
    }

    private void exit() {
        signalling.set(0);
    }

    /** The Observable's own end: marks the upstream terminated (no dispose after it) and publishes. */
    private boolean terminate(Poll<T> end) {
        for (;;) {
            Disposable current = upstream;
            if (current == CANCELLED || current == TERMINATED) {
                break;
            }
            if (UPSTREAM.compareAndSet(this, current, TERMINATED)) {
                break;
            }
        }
        if (closed || !terminal.compareAndSet(null, end)) {
            return false;
        }
        waker.wake();
        return true;
    }

    /** This side's failure: the stream fails (after the waiting items) and the Observable is disposed. */
    private void fail(Throwable error) {
        if (closed || !terminal.compareAndSet(null, Poll.failed(error))) {
            Undeliverable.report(error);
            return;
        }
        disposeUpstream();
        waker.wake();
    }

    /** Disposes the Observable once, unless it terminated; later Disposables are disposed on arrival. */
    private void disposeUpstream() {
        Disposable previous = (Disposable) UPSTREAM.getAndSet(this, CANCELLED);
        if (previous != TERMINATED) {
            disposeQuietly(previous);
        }
    }

    private static void disposeQuietly(Disposable disposable) {
        if (disposable == null || disposable == CANCELLED) {
            return;
        }
        try {
            disposable.dispose();
        } catch (Throwable disposeFailure) {
            Exceptions.throwIfFatal(disposeFailure);
            Undeliverable.report(disposeFailure);
        }
    }

    /** Items waiting right now; for tests. */
    int waiting() {
        return ring.size();
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
