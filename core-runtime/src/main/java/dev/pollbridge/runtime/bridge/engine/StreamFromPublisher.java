package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.bridge.adapters.WakerSlot;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A publisher seen as a {@link PollStream}: the subscriber half of the Reactive Streams and
 * {@code Flow} bridges, written once against {@link Source}/{@link Downstream}.
 *
 * <h2>Design</h2>
 * The push side (the publisher's {@code onNext}) puts items into a bounded single-producer
 * single-consumer ring and wakes the poller through a {@link WakerSlot}; the pull side
 * ({@link #pollNext}) takes them out. Demand keeps the ring bounded: the subscriber requests
 * {@code prefetch} items in {@code onSubscribe} and, each time the poller has consumed
 * {@code replenishBatch = prefetch - prefetch / 4} items, requests that many again at its next
 * poll (Reactor's {@code limitRate} policy: few, large requests). Items in the ring plus demand still
 * outstanding never exceed {@code prefetch}, so the ring (capacity {@code prefetch}) never
 * overflows unless the publisher sends more than was requested, which this class detects by
 * counting ({@code received} against {@link #requested}) and turns into a failed stream and a
 * cancelled subscription.
 *
 * <h2>The batch path</h2>
 * {@link #takeReady()} hands over the next item in the ring (or the fused queue) without a
 * {@link Poll} ({@link BatchStream}); a consumer of ours drains the ring with it and polls only
 * when it runs dry. On the push side a burst costs one wake, not one per item: the first item
 * after the poller registered takes its waker ({@link WakerSlot#wakeIfRegistered()}), the others
 * find the slot empty with a plain read. An item signalled from inside the owner's own call (a
 * synchronous publisher emitting inside the {@code request} the poller issues, or inside
 * {@code subscribe}) costs neither the fence nor the wake (invariant 6).
 *
 * <h2>A limit</h2>
 * A stream made with a {@code limit} (the one-item awaits: 1 for {@code first}, 2 for
 * {@code single}) ends after that many items, as {@code take(n)} does: the {@code onNext} that
 * brings the last of them cancels the subscription and ends the stream ({@code done} after the
 * items) before it returns. A publisher that ignores backpressure ({@code Flowable.interval})
 * so gets no chance to signal a second item, or the overflow error it sends instead, before the
 * poller takes the first; RxJava's {@code firstElement()} and Reactor's {@code next()} cancel
 * there too. A failure the publisher still signals after that is reported as one after a
 * cancel. A fused source hands over only what the poller takes, so the limit is not needed there.
 *
 * <h2>Queue fusion</h2>
 * If the subscription is a {@link FusedUpstream} (the Reactor and RxJava adapters wrap their
 * libraries' queue subscriptions, for the generic bridge too through {@link LibrarySources}; a
 * plain Reactive Streams or {@code Flow} subscription never fuses), {@code onSubscribe} asks it for
 * fusion across a thread boundary, as Reactor's {@code publishOn} and RxJava's {@code observeOn}
 * do. In {@code SYNC} mode the stream requests nothing and takes each item straight from the
 * source with {@code poll()} when it is polled: no ring, no signal, no request, no wake, and
 * nothing is produced ahead of the poller. In {@code ASYNC} mode it requests {@code prefetch}
 * and replenishes exactly as without fusion, and takes the items from the source's queue instead
 * of its ring; {@code onNext} is only a wake-up. Who drops what an {@code ASYNC} queue still
 * holds at the close follows the library:
 * <ul>
 *   <li>A source that {@linkplain FusedUpstream#discardsOnCancel() discards on cancel} (Reactor)
 *       owns its queue: {@code close()} cancels, then calls its {@code clear()}, as Reactor's
 *       {@code publishOn} does, and never polls it again. Reactor hands what is queued, and what
 *       a racing emission still queues, to its discard hooks ({@code doOnDiscard}), which it
 *       requires to be idempotent because it may hand one item over twice. The stream closes none
 *       of those items itself: its close would be one more that the hook cannot tell apart, and
 *       Reactor's unicast sink discards an item whose emission finds it cancelled even if the
 *       item was already taken from its queue.
 *   <li>Any other (RxJava, which discards nothing): the items were sent to this stream, so
 *       {@code close()} first polls them out and drops each through
 *       {@link dev.pollbridge.api.Dropped} (closed once), as it does with its own ring, then
 *       cancels; an item queued before the cancel is dropped by its {@code onNext}, one queued
 *       after it is the source's (its own drain empties its queue once cancelled).
 *       {@code close()} does not poll after the cancel, when the source may drain the queue too,
 *       and does not call {@code clear()}, which would discard an item queued before the cancel
 *       unclosed.
 * </ul>
 * A {@code SYNC} source has produced nothing the poller did not take, so it is {@code clear()}ed,
 * which only releases the generator.
 *
 * <h2>Threads</h2>
 * <ul>
 *   <li>Poller (the stream's owner, one thread at a time): {@link #pollNext}, {@link #takeReady},
 *       {@link #close}. Owns {@link #subscribed}, {@link #finished}, {@link #consumedSinceRequest},
 *       {@link #queueEnded}, {@link #ownerCall} and the consumer end of the ring or of the fused
 *       queue.
 *   <li>Publisher (any threads, signals serialized with happens-before by rule 1.3):
 *       {@code onSubscribe}, {@code onNext}, {@code onError}, {@code onComplete}. Owns
 *       the {@link SignalGate} (with the received count) and the producer end of the ring.
 *   <li>Calls on the subscription come from both and are serialized by {@link SerialUpstream}
 *       (rule 2.7).
 * </ul>
 *
 * <h2>A publisher that breaks rule 1.3</h2>
 * The ring has one producer. Two {@code onNext} running at once would both write it and lose
 * items without a trace, so {@code onNext}, {@code onError} and {@code onComplete} pass a gate
 * ({@link SignalGate}: a compare-and-set from 0 on entry, a release store of 0 on exit). A
 * signal that finds the gate taken fails the stream with an {@link IllegalStateException}
 * naming rule 1.3 and cancels the subscription; its item is dropped. The gate costs one
 * uncontended compare-and-set per item ({@code docs/reliability.md} has the measurement) and
 * turns "items silently lost" into "the stream fails": every item is delivered, or the stream
 * fails. It cannot tell a rule-1.3 race from a signal the publisher makes from inside one of
 * ours (a {@code cancel()} that calls {@code onError} synchronously); then the stream has
 * already failed and nothing changes.
 *
 * <h2>Faults contained</h2>
 * A {@code request(n)} that throws fails the stream with that exception (after the queued
 * items) and cancels; a {@code cancel()} that throws is reported ({@link UncaughtFailures}); a
 * second {@code onSubscribe} is cancelled (rule 2.5) or, when it brings the active subscription
 * again, fails the stream (cancelling it leaves nothing to continue with, and waiting would
 * hang); a signal after the publisher's terminal one is dropped and reported (rule 1.7); an
 * {@code onError} after {@code close()} is reported unless it is the cancellation itself
 * ({@link FailureSink#reportAfterCancel}). Failures go to the sink an adapter named, else to the
 * handler of the runtime that polled first ({@link #failures}).
 *
 * <h2>Invariants</h2>
 * <ol>
 *   <li>{@code received <= requested}, checked on every {@code onNext} (rule 1.1 from the
 *       subscriber's side).
 *   <li>{@code requested} grows before the matching {@code request(n)} is issued, so an
 *       {@code onNext} caused by that request always sees it.
 *   <li>The terminal poll is written after the last item was offered (signals are serial), so a
 *       poller that reads the terminal and then finds the ring empty has seen every item.
 *   <li>{@code cancel()} reaches the subscription at most once, and never after the publisher
 *       terminated.
 *   <li>Once closed, the ring is empty as soon as an {@code onNext} racing the close returns
 *       (the racing producer empties it itself; {@link #dropQueued()}), and so is an
 *       {@code ASYNC} fused queue once an {@code onNext} racing the close returns (polled out, or
 *       cancelled and cleared if its source discards on cancel). Every item dropped unread
 *       (closed, or after cancel) from the ring or from an {@code ASYNC} fused queue the stream
 *       polls out is closed exactly once if it is {@link AutoCloseable}
 *       ({@link dev.pollbridge.api.Dropped}); one a source discards on cancel is its to discard.
 *   <li>{@link #ownerCall} is the owner's thread only while the owner is inside its own
 *       {@code subscribe} or replenishing {@code request} call, and only the owner writes it, so
 *       an {@code onNext} that reads its own thread there runs inside that call: the owner is not
 *       in {@code close()} (its own method) and reads the ring when the call returns, so that
 *       item needs no fence against {@code close()} and no wake. A thread that is not inside
 *       such a call cannot read itself there (its own last write there was {@code null}).
 *   <li>{@link #fused} is written once, in {@code onSubscribe}, after {@link #fusionMode} and
 *       before any request; no item ever enters the ring of a fused stream. A poller that
 *       registered its waker before the fusion is woken by {@code onSubscribe} and re-reads it.
 * </ol>
 *
 * @param <T> the item type
 */
public final class StreamFromPublisher<T> extends SingleUse implements BatchStream<T>, Downstream<T> {

    /** The largest prefetch: the ring is allocated up front, one slot per prefetched item. */
    public static final int MAX_PREFETCH = 1 << 24;

    private final Source<? extends T> source;
    private final int prefetch;
    private final int replenishBatch;
    /** Items after which the stream cancels and ends ({@code Long.MAX_VALUE}: none); see "A limit". */
    private final long limit;
    private final SpscRing<T> ring;
    private final SerialUpstream upstream = new SerialUpstream(new SubscriptionFailures());
    private final WakerSlot waker = new WakerSlot();

    /** Total items requested so far (invariant 2). Grown by onSubscribe and by the poller. */
    private final AtomicLong requested = new AtomicLong();
    /** Done or failed; set once, first writer wins (the publisher's end or this class's own failure). */
    private final AtomicReference<Poll<T>> terminal = new AtomicReference<>();
    /** Set once by close(); read by onNext to drop items that arrive after cancel (rule 2.8). */
    private volatile boolean closed;
    /**
     * The publisher's {@code onError} while the stream was open, until the owner polls it or
     * {@link #close()} reports it (a {@code first()} closes the stream behind its item, and the
     * failure queued after that item would otherwise be lost). Taken by {@code getAndSet}, so
     * exactly one of the owner's poll, {@code close()} and a late {@link #signalEnd} check has it.
     */
    private final AtomicReference<Throwable> undeliveredError = new AtomicReference<>();
    /** Work-in-progress count of {@link #dropQueued()}: the caller that moves it from 0 clears. */
    private final AtomicInteger dropping = new AtomicInteger();
    /** The rule 1.3 gate and the publisher side's counters, on cache lines of their own. */
    private final SignalGate gate = new SignalGate();
    /** The sink an adapter named, or null: {@link #failures} is then chosen at subscription. */
    private final FailureSink namedSink;
    /**
     * Where failures nobody else sees go: the named sink, else the runtime of the thread that
     * subscribed (the first poll). Written by the poller before {@code subscribe}, which
     * happens-before every signal.
     */
    private FailureSink failures = UncaughtFailures.LOG;

    /** Poller only: the publisher was subscribed (on the first poll). */
    private boolean subscribed;
    /** Poller only: done or failed was returned. */
    private boolean finished;
    /** Poller only: items consumed since the last replenishing request. */
    private int consumedSinceRequest;
    /** Poller only: a batch was consumed; request it at the next poll (not before it). */
    private boolean replenishDue;
    /** Poller only: the fused queue ended ({@code SYNC} end) or its poll threw; it is not polled again. */
    private boolean queueEnded;
    /**
     * The owner's thread while it is inside its own {@code subscribe} or replenishing
     * {@code request} call, else null (invariant 6). Written by the owner only, read by
     * {@code onNext}; a plain field, since a thread can read itself here only from its own write.
     */
    private Thread ownerCall;
    /** The fused subscription, or null (invariant 7). Written once, by {@code onSubscribe}. */
    private volatile FusedUpstream<T> fused;
    /** {@link FusedUpstream#SYNC} or {@link FusedUpstream#ASYNC} once {@link #fused} is set; written before it. */
    private int fusionMode = FusedUpstream.NONE;

    /**
     * A stream that subscribes to {@code source} on its first poll.
     *
     * @throws IllegalArgumentException if {@code prefetch} is not in {@code [1, MAX_PREFETCH]}
     */
    public StreamFromPublisher(Source<? extends T> source, int prefetch) {
        this(source, prefetch, null);
    }

    /**
     * A stream that subscribes to {@code source} on its first poll and reports what no signal
     * can carry to {@code sink} (null: the uncaught-failure handler of the runtime that polls
     * first).
     *
     * @throws IllegalArgumentException if {@code prefetch} is not in {@code [1, MAX_PREFETCH]}
     */
    public StreamFromPublisher(Source<? extends T> source, int prefetch, FailureSink sink) {
        this(source, prefetch, sink, Long.MAX_VALUE);
    }

    /**
     * A stream that subscribes to {@code source} on its first poll, reports to {@code sink} (as
     * above), and ends after {@code limit} items, cancelling the subscription inside the
     * {@code onNext} of the last one (see "A limit"; {@code Long.MAX_VALUE}: no limit).
     *
     * @throws IllegalArgumentException if {@code prefetch} is not in {@code [1, MAX_PREFETCH]} or
     *     {@code limit < 1}
     */
    public StreamFromPublisher(Source<? extends T> source, int prefetch, FailureSink sink, long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        this.limit = limit;
        this.source = Objects.requireNonNull(source, "source");
        this.namedSink = sink;
        if (prefetch < 1 || prefetch > MAX_PREFETCH) {
            throw new IllegalArgumentException(
                    "prefetch must be in [1, " + MAX_PREFETCH + "], was " + prefetch);
        }
        this.prefetch = prefetch;
        this.replenishBatch = prefetch - prefetch / 4;
        this.ring = new SpscRing<>(prefetch);
    }

    // ---- pull side (the owner) ----

    @Override
    public Poll<T> pollNext(Context cx) {
        checkOpen();
        if (!subscribed) {
            subscribe();
        }
        FusedUpstream<T> queue = fused;
        if (queue != null) {
            return pollFused(queue, cx);
        }
        replenishIfDue();
        T item = ring.poll();
        if (item != null) {
            return Poll.ready(consumed(item));
        }
        Poll<T> end = terminal.get();
        if (end == null) {
            // Register, then re-check (rule 6; WakerSlot explains the ordering).
            waker.register(cx.waker());
            queue = fused;
            if (queue != null) {
                return pollFused(queue, cx); // fused meanwhile by an onSubscribe on another thread
            }
            item = ring.poll();
            if (item != null) {
                return Poll.ready(consumed(item));
            }
            end = terminal.get();
            if (end == null) {
                return Poll.pending();
            }
        }
        // Invariant 3: the terminal was published after the last offer, so this poll sees it.
        item = ring.poll();
        if (item != null) {
            return Poll.ready(consumed(item));
        }
        return finish(end);
    }

    /** The batch path ({@link BatchStream}): the next item of the ring or fused queue, or null. */
    @Override
    public T takeReady() {
        checkOpen();
        if (!subscribed) {
            return null;
        }
        FusedUpstream<T> queue = fused;
        if (queue != null) {
            return takeFused(queue);
        }
        replenishIfDue();
        T item = ring.poll();
        return item != null ? consumed(item) : null;
    }

    private void checkOpen() {
        if (finished) {
            throw SingleUse.polledAfter("a stream of a Publisher", "it returned " + terminal.get());
        }
        if (closed) {
            throw SingleUse.polledAfter("a stream of a Publisher", "close()");
        }
    }

    /** The owner returns the end: nothing follows, and an error it carries is delivered. */
    private Poll<T> finish(Poll<T> end) {
        finished = true;
        undeliveredError.set(null); // the owner has it now
        return end;
    }

    /**
     * A poll of a fused stream. {@code SYNC}: the source's next item or its end, never pending.
     * {@code ASYNC}: an end read before the queue was found empty was published after the last
     * item was queued, so the owner has seen every item; otherwise register and re-check.
     */
    private Poll<T> pollFused(FusedUpstream<T> queue, Context cx) {
        if (fusionMode == FusedUpstream.SYNC) {
            T item = takeFused(queue);
            return item != null ? Poll.ready(item) : finish(terminal.get());
        }
        Poll<T> end = terminal.get();
        T item = takeFused(queue);
        if (item != null) {
            return Poll.ready(item);
        }
        if (end == null && !queueEnded) {
            waker.register(cx.waker()); // then re-check (rule 6); the source's onNext wakes
            end = terminal.get();
            item = takeFused(queue);
            if (item != null) {
                return Poll.ready(item);
            }
            if (end == null && !queueEnded) {
                return Poll.pending();
            }
        }
        return finish(queueEnded ? terminal.get() : end);
    }

    /**
     * The fused source's next item, or null. A {@code SYNC} source that ended, or a poll that
     * threw, ends the queue and sets the terminal; a {@code SYNC} stream stops at any terminal
     * (its source would otherwise be polled past a failure of ours).
     */
    private T takeFused(FusedUpstream<T> queue) {
        if (queueEnded) {
            return null;
        }
        boolean sync = fusionMode == FusedUpstream.SYNC;
        if (sync) {
            if (terminal.get() != null) {
                return null;
            }
        } else {
            replenishIfDue();
        }
        T item;
        try {
            item = queue.poll();
        } catch (Throwable error) {
            Fatal.rethrowIfFatal(error);
            queueEnded = true;
            fail(error); // cancels the source
            clearFused(queue);
            return null;
        }
        if (item == null) {
            if (sync) {
                queueEnded = true;
                upstream.terminated(); // the source completed: nothing to cancel any more
                terminal.compareAndSet(null, Poll.done());
            }
            return null;
        }
        return sync ? item : consumed(item);
    }

    private void subscribe() {
        subscribed = true;
        failures = namedSink != null ? namedSink : UncaughtFailures.ofCurrentThread();
        ownerCall = Thread.currentThread(); // invariant 6
        try {
            source.subscribe(this);
        } catch (Throwable error) {
            // The publisher broke rule 1.9 (subscribe must not throw): the stream fails.
            Fatal.rethrowIfFatal(error);
            fail(error);
        } finally {
            ownerCall = null;
        }
    }

    /** Counts a consumed item toward the next replenishing request. */
    private T consumed(T item) {
        if (++consumedSinceRequest == replenishBatch) {
            consumedSinceRequest = 0;
            replenishDue = true;
        }
        return item;
    }

    /**
     * Requested when the owner comes back for more, so a consumer that stops after an item
     * (first(), a closed stream) never asks for items it will not take.
     */
    private void replenishIfDue() {
        if (replenishDue) {
            replenishDue = false;
            ownerCall = Thread.currentThread(); // invariant 6
            try {
                request(replenishBatch);
            } finally {
                ownerCall = null;
            }
        }
    }

    private void request(long n) {
        requested.getAndAdd(n); // invariant 2: before the request is issued
        upstream.request(n);
    }

    /**
     * Cancels the subscription (once, and only if the publisher has not terminated), forgets the
     * waker and drops the queued items, closing those that are {@link AutoCloseable}.
     * Idempotent, non-blocking, never throws (a {@code cancel()} or an item's {@code close()}
     * that throws is reported). Called by the owner, never concurrently with {@link #pollNext}.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // Pairs with the fence in onNext: either this clear sees an item offered concurrently,
        // or that onNext sees closed and drops it itself (store-load on both sides). The same
        // store-load pairs with signalEnd's set-then-read of undeliveredError and closed.
        VarHandle.fullFence();
        waker.clear();
        // Drop before the cancel. Once cancelled, a fused ASYNC source empties its own queue when
        // it next drains (RxJava's UnicastProcessor and observeOn), on the producer's thread;
        // polling it from here after the cancel would make two consumers of a single-consumer
        // queue, which can both take one item and close it twice. Until the cancel this stream is
        // the queue's only consumer, and a later onNext drops what it brings on the producer's
        // thread, in turn with the source's own drain. A source that discards on cancel (Reactor)
        // is cancelled and cleared inside dropQueued instead, and never polled.
        dropQueued();
        upstream.cancel();
        reportUndelivered();
    }

    /** A failure the publisher sent before the close and nobody polled: reported once, as after a cancel. */
    private void reportUndelivered() {
        Throwable error = undeliveredError.getAndSet(null);
        if (error != null) {
            failures.reportAfterCancel("the publisher failed after the last item the stream's owner took, and the"
                    + " owner closed the stream without polling the failure", error);
        }
    }

    /**
     * Empties the ring, or has the fused source clear its queue, once the stream is closed. The
     * owner no longer polls then, so the only consumers are close() and an onNext (or a fusing
     * onSubscribe) that raced it; the work-in-progress count makes them take turns, so the ring
     * or queue still has one consumer at a time.
     */
    private void dropQueued() {
        if (dropping.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        do {
            FusedUpstream<T> queue = fused;
            if (queue != null) {
                dropFused(queue);
            } else {
                for (T item = ring.poll(); item != null; item = ring.poll()) {
                    failures.discard(item);
                }
            }
            missed = dropping.addAndGet(-missed);
        } while (missed != 0);
    }

    /**
     * Drops what a fused source still holds for this stream. {@code SYNC}: the source produced
     * nothing the owner did not take, so its {@code clear()} only releases the generator.
     * {@code ASYNC} from a source that discards on cancel: cancelled (at most once, by
     * {@link SerialUpstream}), then cleared; the source's discard policy has every item it still
     * holds or is about to queue, and nothing is polled. Other {@code ASYNC} sources: each item in
     * the queue was signalled to this stream, so it is polled out and
     * dropped here (closed once, if {@link AutoCloseable}); a {@code poll()} that throws stops
     * that and is reported. The source's {@code clear()} is not called then: it would discard,
     * unclosed, an item a racing producer queued after the last {@code poll()}; that item's
     * {@code onNext} drops it instead (invariant 5). Nothing after the owner's own poll threw
     * ({@link #queueEnded}; read after {@link #closed}, which the owner wrote later): the queue is
     * broken and was cleared then. One consumer at a time: the owner, or the turn-taking of
     * {@link #dropQueued()}.
     */
    private void dropFused(FusedUpstream<T> queue) {
        if (fusionMode == FusedUpstream.SYNC) {
            clearFused(queue);
            return;
        }
        if (queueEnded) {
            return;
        }
        if (queue.discardsOnCancel()) {
            upstream.cancel(); // before the clear: an emission after it finds the source cancelled
            clearFused(queue);
            return;
        }
        try {
            for (T item = queue.poll(); item != null; item = queue.poll()) {
                failures.discard(item);
            }
        } catch (Throwable error) {
            Fatal.rethrowIfFatal(error);
            failures.report("poll() of a fused subscription's queue threw while the stream dropped its items", error);
        }
    }

    /** The fused source drops what it holds for us; a {@code clear()} that throws is reported. */
    private void clearFused(FusedUpstream<T> queue) {
        try {
            queue.clear();
        } catch (Throwable error) {
            Fatal.rethrowIfFatal(error);
            failures.report("clear() of a fused subscription's queue threw", error);
        }
    }

    // ---- push side (the publisher) ----

    @Override
    @SuppressWarnings("unchecked") // a fusable subscription of this stream's source carries its items
    public void onSubscribe(Upstream subscription) {
        Objects.requireNonNull(subscription, "onSubscribe(null): Reactive Streams rule 2.13");
        if (!upstream.set(subscription)) {
            rejectSecondSubscription(subscription);
            return;
        }
        if (closed) {
            return;
        }
        if (subscription instanceof FusedUpstream && fuse((FusedUpstream<T>) subscription)) {
            return;
        }
        request(prefetch);
    }

    /**
     * Asks a fusable subscription for fusion (before any request); true if granted, and then the
     * stream runs on the source's queue (invariant 7). A {@code requestFusion} that throws fails
     * the stream.
     */
    private boolean fuse(FusedUpstream<T> queue) {
        int mode;
        try {
            mode = queue.requestFusion();
        } catch (Throwable error) {
            Fatal.rethrowIfFatal(error);
            fail(error);
            return true;
        }
        if (mode != FusedUpstream.SYNC && mode != FusedUpstream.ASYNC) {
            return false;
        }
        fusionMode = mode;
        fused = queue; // volatile: publishes fusionMode to the poller
        if (closed) {
            dropQueued(); // a close() that read fused before this write left the queue to us
            return true;
        }
        if (mode == FusedUpstream.ASYNC) {
            request(prefetch);
        }
        waker.wake(); // a poller that registered before the fusion polls again and finds the queue
        return true;
    }

    /**
     * Rule 2.5: a second subscription is cancelled. If it is the active one again (the publisher
     * broke rule 2.12), cancelling it ends the only subscription there is, so the stream fails
     * instead of waiting for signals that will not come.
     */
    private void rejectSecondSubscription(Upstream second) {
        if (upstream.isInstalled(second)) {
            fail(new IllegalStateException("onSubscribe was called twice with the same subscription: the"
                    + " publisher broke Reactive Streams rule 2.12; the subscription was cancelled (rule 2.5)"));
            return;
        }
        try {
            second.cancel();
        } catch (Throwable error) {
            Fatal.rethrowIfFatal(error);
            failures.report("cancel() of a second, rejected subscription threw (Reactive Streams rule 3.15)", error);
        }
    }

    @Override
    public void onNext(T item) {
        if (fusionMode == FusedUpstream.ASYNC) {
            // The item is in the source's queue: only a wake-up (invariant 7). Once closed, the
            // queue has no poller: an item queued after close()'s drain is dropped here, or left
            // to a source that discards on cancel (invariant 5).
            VarHandle.fullFence(); // pairs with close(): its drain sees the item, or this sees closed
            if (closed) {
                dropQueued();
                return;
            }
            waker.wakeIfRegistered(); // after the fence: one swap per burst, as for the ring
            return;
        }
        if (item == null) {
            NullPointerException error = new NullPointerException(
                    "onNext(null): the publisher broke Reactive Streams rule 2.13");
            fail(error);
            throw error;
        }
        SignalGate gate = this.gate;
        if (!gate.enter()) {
            concurrentSignal("onNext");
            failures.discard(item);
            return;
        }
        try {
            if (gate.publisherTerminated || closed || terminal.get() != null || gate.received == requested.get()) {
                reject(item);
                return;
            }
            gate.received++;
            if (!ring.offer(item)) {
                // Unreachable while invariant 1 holds: ring items + outstanding demand <= prefetch.
                failures.discard(item);
                fail(new IllegalStateException("overflow: the prefetch ring of " + prefetch + " is full"));
                return;
            }
            if (gate.received == limit) {
                endAtLimit(); // after the offer (invariant 3); the wake below covers the end too
            }
            if (ownerCall == Thread.currentThread()) {
                return; // inside the owner's own call: no close() to race, no poller to wake (invariant 6)
            }
            VarHandle.fullFence(); // pairs with close(): see there
            if (closed) {
                dropQueued(); // close() ran after our first check and may have missed this item
                return;
            }
            waker.wakeIfRegistered(); // after the fence: one swap per burst, not per item
        } finally {
            gate.exit();
        }
    }

    /** Inside the gate: an item that cannot be queued is dropped (closed), with the reason. */
    private void reject(T item) {
        failures.discard(item);
        if (gate.publisherTerminated) {
            failures.report("onNext after onComplete or onError: the publisher broke Reactive Streams rule 1.7",
                    new IllegalStateException("onNext after onComplete or onError: the publisher broke Reactive"
                            + " Streams rule 1.7; the item was dropped"));
        } else if (!closed && terminal.get() == null) {
            fail(new IllegalStateException("The publisher signalled more onNext than requested ("
                    + gate.received + " requested): it broke Reactive Streams rule 1.1, which the"
                    + " subscriber (rule 2.x) reports as an overflow; the subscription was cancelled"));
        }
        // else rule 2.8: items after cancel (or after this stream failed) are dropped
    }

    @Override
    public void onError(Throwable error) {
        if (error == null) {
            NullPointerException npe = new NullPointerException(
                    "onError(null): the publisher broke Reactive Streams rule 2.13");
            fail(npe);
            throw npe;
        }
        signalEnd(Poll.failed(error));
    }

    @Override
    public void onComplete() {
        signalEnd(Poll.done());
    }

    private void signalEnd(Poll<T> end) {
        if (!gate.enter()) {
            concurrentSignal(end.isDone() ? "onComplete" : "onError");
            return;
        }
        try {
            if (gate.publisherTerminated) {
                failures.report("a terminal signal after the terminal signal: the publisher broke Reactive Streams"
                        + " rule 1.7", end.isFailed() ? end.error() : new IllegalStateException("onComplete after"
                        + " onComplete or onError: the publisher broke Reactive Streams rule 1.7"));
                return;
            }
            gate.publisherTerminated = true;
            if ((closed || gate.received == limit) && end.isFailed()) {
                // Nobody polls a closed stream: the error is reported unless it is the cancellation.
                failures.reportAfterCancel("the publisher failed after the stream was closed (its"
                        + " subscription cancelled)", end.error());
            } else if (end.isFailed()) {
                undeliveredError.set(end.error());
            }
            terminate(end);
            if (closed) {
                reportUndelivered(); // a close() that ran after the check above may have missed it
            }
        } finally {
            gate.exit();
        }
    }

    private void concurrentSignal(String signal) {
        fail(new IllegalStateException(signal + " was called while another signal of the same subscription was"
                + " still running: the publisher broke Reactive Streams rule 1.3 (signals must not overlap);"
                + " items may have been lost, so the stream fails and the subscription was cancelled"));
    }

    /** The publisher's own end: calls nothing on the subscription (rule 2.3). */
    private void terminate(Poll<T> end) {
        upstream.terminated();
        if (terminal.compareAndSet(null, end)) {
            waker.wake();
        }
    }

    /** The limit's item was queued: the stream ends behind it and upstream is cancelled ("A limit"). */
    private void endAtLimit() {
        if (terminal.compareAndSet(null, Poll.done())) {
            upstream.cancel();
        }
    }

    /** This side's failure: the stream fails (after the queued items) and upstream is cancelled. */
    private void fail(Throwable error) {
        if (terminal.compareAndSet(null, Poll.failed(error))) {
            upstream.cancel();
            waker.wake();
        }
    }

    /** A call on the subscription threw (rules 3.15, 3.16); see {@link SerialUpstream}. */
    private final class SubscriptionFailures implements SerialUpstream.Failures {

        @Override
        public void requestFailed(Throwable error) {
            fail(error); // the stream fails with it (after the queued items) and cancels
        }

        @Override
        public void cancelFailed(Throwable error) {
            failures.report("Subscription.cancel() threw: the publisher broke Reactive Streams rule 3.15;"
                    + " the subscription counts as cancelled", error);
        }
    }

    /** Items queued and not yet polled; for tests. */
    int queued() {
        return ring.size();
    }
}
