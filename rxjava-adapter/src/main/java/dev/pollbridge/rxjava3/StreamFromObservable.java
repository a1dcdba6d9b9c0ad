package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.bridge.adapters.WakerSlot;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
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
 * without backpressure. The Observable pushes as fast as it likes; {@code onNext} never waits for
 * the poller.
 *
 * <h2>Demand: a waiting poll asks for one item</h2>
 * A poll that finds nothing and returns {@code pending} (and the first poll, which subscribes)
 * waits for one item: RxJava's {@code request(1)}. The next item that arrives is <em>handed</em>
 * to it ({@link #handed}), outside the buffer, whatever the strategy. Items that arrive while
 * nobody waits go to an {@link OverflowRing} of the {@link ObservableOverflow}'s capacity, and
 * one that finds it full is handled by the strategy (fail, drop it, drop the oldest). So every
 * strategy does what its RxJava or Reactor namesake does for a subscriber that requests one item
 * at a time: {@code latest()} of a synchronous {@code 1..5} gives {@code [1, 5]}, as
 * {@code toFlowable(LATEST)} does ({@code ObservableOverflowVersusRxJavaTest} checks them side by
 * side). At most {@code capacity + 1} items wait.
 *
 * <p>The producer hands an item only if the poller waits, nothing was handed and the ring is
 * empty; only the producer fills either, so a handed item is older than every item in the ring,
 * and the poller takes the handed item first. An item that arrives just as the poller takes
 * another may still be handed (the poller's "waiting" is cleared after it took the item): it is
 * the next one the poller gets, never out of order.
 *
 * <h2>Protocol</h2>
 * The first {@link #pollNext} subscribes on the polling thread. Items are returned in order;
 * {@code onComplete} ends the stream and {@code onError} fails it with the same instance, after
 * the items received before them (the terminal is published after the last item was handed or
 * offered, so a poller that sees it and then finds no item has seen every item). A
 * {@code MissingBackpressureException} of the {@code error} strategies also comes after the
 * waiting items. Wake-ups go through a {@link WakerSlot}: set "waiting", register, then re-check.
 *
 * <h2>The batch path</h2>
 * {@link #takeReady()} ({@link BatchStream}) hands over the handed item or the ring's oldest, as
 * {@code pollNext} would, without a {@code Poll} per item; a consumer of the bridge's own
 * (a {@code toObservable}, {@code toFlowable} or {@code toFlux} of this stream) drains what waits
 * that way and polls only when it runs dry. The producer's wake takes the waker out of the slot,
 * so a burst costs one wake of the poller, however many items it brings. No queue fusion: a
 * {@code QueueDisposable} source would be pulled at the poller's pace, so the overflow strategy
 * would never see an item arrive while nobody waits ({@code latest()} of a synchronous
 * {@code 1..5} would give every item, not {@code [1, 5]}), and an {@code ASYNC}-fused source
 * queues without a bound; the strategy is this stream's contract, so the source is never fused.
 *
 * <h2>Cancellation</h2>
 * {@link #close()} before the end disposes the Observable exactly once (never after it
 * terminated; a {@code Disposable} that arrives after the close is disposed on arrival; a
 * {@code dispose()} that throws goes to {@code RxJavaPlugins.onError}) and releases the waiting
 * items. Closing before the first poll subscribes nothing. {@code pollNext} is cancel-safe: an
 * item leaves the stream only when it is returned. Errors that arrive after the close go to
 * {@code RxJavaPlugins.onError}.
 *
 * <h2>Nothing stays reachable after the close</h2>
 * An Observable may keep its observer for good (a hot source's list of emitters, an
 * {@code Observable.create} emitter someone holds), so the close lets go of everything the stream
 * held: the upstream slot holds a marker instead of the {@code Disposable} (as RxJava's
 * {@code LambdaObserver} swaps its upstream to {@code DISPOSED}), the waker is forgotten, and the
 * handed item, the waiting items and every slot of the ring are cleared. The ring is emptied by
 * one thread alone ({@link #gate}): the close if no signal is running, else the signalling thread
 * as it leaves, so no item offered during the close escapes the release and no slot is refilled
 * after it was cleared.
 *
 * <h2>A misbehaving source</h2>
 * {@code onNext(null)}/{@code onError(null)}/{@code onSubscribe(null)} fail the stream with a
 * {@link NullPointerException} and dispose the Observable. Signals after its terminal signal and a
 * second {@code onSubscribe} are reported as {@link ProtocolViolationException}s (a second
 * {@code Disposable} is disposed unless it is the live one). Signals from two threads at once
 * (the observer contract requires them serial) are caught by the {@link #gate}, one
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
 * the signalling thread only (inside the gate).
 *
 * @param <T> the item type
 */
final class StreamFromObservable<T> extends SingleUse implements BatchStream<T>, Observer<T> {

    private static final Disposable CANCELLED = new Marker();
    private static final Disposable TERMINATED = new Marker();

    /** {@link #gate}: no signal is running. */
    private static final int IDLE = 0;
    /** {@link #gate}: a signal is running (the ownership check on the producer side). */
    private static final int SIGNALLING = 1;
    /** {@link #gate}: closed and emptied; terminal. Later signals release what they bring. */
    private static final int CLOSED = 2;
    /** {@link #gate}: closed while a signal ran; that signal's thread empties the stream as it leaves. */
    private static final int CLOSED_WHILE_SIGNALLING = 3;

    private static final VarHandle UPSTREAM;
    private static final VarHandle HANDED;
    private static final VarHandle POLLER_WAITING;
    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            UPSTREAM = lookup.findVarHandle(StreamFromObservable.class, "upstream", Disposable.class);
            HANDED = lookup.findVarHandle(StreamFromObservable.class, "handed", Object.class);
            POLLER_WAITING = lookup.findVarHandle(StreamFromObservable.class, "pollerWaiting", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ObservableOverflow overflow;
    private final OverflowRing<T> ring;
    private final WakerSlot waker = new WakerSlot(Undeliverable::reportCaught); // a throwing waker is reported
    /** Done or failed; set once, first writer wins (the Observable's end or this side's failure). */
    private final AtomicReference<Poll<T>> terminal = new AtomicReference<>();
    /**
     * {@link #IDLE}, {@link #SIGNALLING}, {@link #CLOSED} or {@link #CLOSED_WHILE_SIGNALLING}: the
     * producer's ownership check, and the hand-over of the final emptying between the close and a
     * signal that runs during it.
     */
    private final AtomicInteger gate = new AtomicInteger();

    /** Owner only: the Observable to subscribe; null once subscribed or closed. */
    private Observable<? extends T> source;
    /** Owner only: done or failed was returned. */
    private boolean finished;
    /** Set once by close(), by the owner. */
    private volatile boolean closed;
    /** null, the Observable's Disposable, {@link #CANCELLED} or {@link #TERMINATED}. Only via {@link #UPSTREAM}. */
    @SuppressWarnings("unused")
    private volatile Disposable upstream;
    /**
     * The item handed to a waiting poller, or null. Set by the producer (only when the poller
     * waits and it is null), taken by the poller, or by whoever empties the closed stream.
     */
    @SuppressWarnings("unused")
    private volatile T handed;
    /**
     * True while the poller waits for one item (it found nothing): set by the poller, cleared by
     * the producer that hands it an item (compare-and-set) or by the poller when it gets one.
     */
    private volatile boolean pollerWaiting;
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
            pollerWaiting = true; // the subscribing poll waits for one item: a synchronous first item is handed to it
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
        T item = take();
        if (item != null) {
            return deliver(item);
        }
        Poll<T> end = terminal.get();
        if (end == null) {
            pollerWaiting = true; // request(1); the producer reads it after its own checks (see handOff)
            waker.register(cx.waker()); // then re-check (rule 6)
            item = take();
            if (item != null) {
                return deliver(item);
            }
            end = terminal.get();
            if (end == null) {
                return Poll.pending();
            }
        }
        item = take(); // the terminal was published after the last item
        if (item != null) {
            return deliver(item);
        }
        finished = true;
        pollerWaiting = false;
        return end;
    }

    /**
     * The batch path: the next waiting item, or {@code null} (then {@code pollNext} says whether
     * the stream waits, ended or failed). Never subscribes (the first {@code pollNext} does) and
     * never registers a waker.
     */
    @Override
    public T takeReady() {
        if (finished) {
            throw SingleUse.polledAfter("a stream of an Observable", "it returned " + terminal.get());
        }
        if (closed) {
            throw SingleUse.polledAfter("a stream of an Observable", "close()");
        }
        if (source != null) {
            return null; // not subscribed yet (rule 2)
        }
        T item = take();
        if (item != null) {
            demandMet();
        }
        return item;
    }

    /**
     * Owner: the handed item first (it is older than every item in the ring), then the ring's
     * oldest among the items offered before this call read the handed slot. An item handed after
     * that read is older than any item offered after it, so items offered after the read are
     * left for the next call (a poller that finds none registers and calls again).
     */
    @SuppressWarnings("unchecked")
    private T take() {
        long offeredBefore = ring.tail();
        if (handed != null) {
            T item = (T) HANDED.getAndSet(this, (Object) null);
            if (item != null) {
                return item;
            }
        }
        // An item below offeredBefore that is still in the ring was there when anything was handed
        // after the read above; the producer hands only into an empty ring, so nothing was.
        return ring.poll(offeredBefore);
    }

    private Poll<T> deliver(T item) {
        demandMet();
        return Poll.ready(item);
    }

    /** Owner, after taking an item: a waiting poller's request(1) is met. */
    private void demandMet() {
        if (pollerWaiting) {
            pollerWaiting = false;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        source = null;
        pollerWaiting = false;
        disposeUpstream();
        waker.clear();
        for (;;) {
            int state = gate.get();
            if (state == IDLE && gate.compareAndSet(IDLE, CLOSED)) {
                releaseAll(); // no signal runs, and none will enter: this thread empties the stream
                return;
            }
            if (state == SIGNALLING && gate.compareAndSet(SIGNALLING, CLOSED_WHILE_SIGNALLING)) {
                return; // the running signal empties the stream as it leaves (exit)
            }
        }
    }

    /**
     * Releases the handed item and every waiting item and clears the ring's slots. Called once,
     * by the one thread that took the gate to {@link #CLOSED}: nobody else touches the items then.
     */
    @SuppressWarnings("unchecked")
    private void releaseAll() {
        T item = (T) HANDED.getAndSet(this, (Object) null);
        if (item != null) {
            Undeliverable.discard(item);
        }
        ring.drainAndClear(Undeliverable::discard);
    }

    // ---- push side (the Observable) ----

    @Override
    public void onSubscribe(Disposable disposable) {
        if (!enter()) {
            if (upstream == CANCELLED) {
                disposeQuietly(disposable); // closed or failed: it will never be used
            }
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
            Undeliverable.discard(item); // after the close, or a second thread at once
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
            if (handOff(item) || offer(item)) {
                waker.wake();
            }
        } finally {
            exit();
        }
    }

    /**
     * Hands {@code item} to a waiting poller: only if it waits, nothing was handed and the ring is
     * empty (only this thread fills either, so both stay so until it does), so the handed item is
     * older than every item in the ring. The compare-and-set takes the poller's demand once.
     */
    private boolean handOff(T item) {
        if (pollerWaiting && handed == null && ring.isEmpty() && POLLER_WAITING.compareAndSet(this, true, false)) {
            HANDED.setVolatile(this, (Object) item); // before the wake, and before a later terminal
            return true;
        }
        return false;
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
                        + (overflow.capacity() == 0 ? "an item arrived while the poller was not waiting for one"
                                : overflow.capacity() + " item(s) were waiting when another arrived")
                        + " (" + overflow + "); the Observable was disposed"));
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
            if (error != null && closed) {
                Undeliverable.reportAfterCancel(error); // after close(): the cancellation itself is silent
            } else if (error != null) {
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
     * The ownership check: true if this thread may handle the signal. False after the close
     * (the caller releases what the signal brings), and false after failing the stream if another
     * thread is inside a signal right now, which the observer contract forbids.
     */
    private boolean enter() {
        if (gate.compareAndSet(IDLE, SIGNALLING)) {
            return true;
        }
        if (gate.get() >= CLOSED) {
            return false;
        }
        if (terminal.get() == null) { // the first overlap is reported; the rest of a flood is not
            fail(new ProtocolViolationException("the Observable signalled from two threads at once; "
                    + "the observer contract requires serial calls"));
        }
        return false;
    }

    /** Leaves the gate; if the stream was closed meanwhile, this thread empties it (see close). */
    private void exit() {
        if (!gate.compareAndSet(SIGNALLING, IDLE)) {
            gate.set(CLOSED); // it was CLOSED_WHILE_SIGNALLING: nobody else touches the items now
            releaseAll();
        }
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
            Undeliverable.report(disposeFailure); // a fatal one too: close never throws
        }
    }

    /** Items waiting right now, the handed one included; for tests. */
    int waiting() {
        return ring.size() + (handed != null ? 1 : 0);
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
