package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.adapters.WakerSlot;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One subscription to a {@link PublisherFromStream}: the subscription the subscriber holds, and
 * the task body that turns the pull of its stream into pushes.
 *
 * <h2>Design</h2>
 * The subscriber's {@link #request} only adds demand and wakes the task; it never emits. The
 * task ({@link #poll}, run by the runtime) polls the stream and emits each item itself. So
 * signals are serial by construction (rule 1.3: they all come from the one task, whose polls the
 * runtime serializes) and a {@code request} from inside {@code onNext} cannot recurse (rule 3.3).
 *
 * <h2>The batch path</h2>
 * While there is demand, the task drains what the stream already has with
 * {@link BatchStream#takeReady()} when the stream offers it (the bridge's own streams do): no
 * {@link Poll} per item, the demand read once per batch and taken down with one atomic update
 * per batch ({@link #produced}), not one per item. It polls ({@code pollNext}) only when
 * {@code takeReady} runs dry, to learn whether the stream is pending, ended, or had an item after
 * all. Every item, taken either way, counts against the {@link #ITEMS_PER_POLL} budget.
 *
 * <h2>One item of look-ahead</h2>
 * The task keeps the stream polled one item ahead of demand: while demand is zero and no item is
 * {@link #held}, it polls once more (at subscription, and after the last requested item), and
 * holds the item it gets until demand arrives. So the end of a stream is found as soon as the
 * stream can tell it, and {@code onComplete} (or {@code onError}) goes out without waiting for a
 * request (the specification allows a publisher to complete without demand, and Reactor's own
 * sources do: {@code Flux.fromIterable} asks its iterator {@code hasNext()} at subscription and
 * after each item). An empty stream completes a subscriber that never requested; a one-item
 * stream completes right after its item. The price is that the stream runs at most one item
 * ahead of its subscriber: that item is pulled before it is asked for, and if the subscriber
 * cancels instead of asking, it is dropped (closed if it is {@link AutoCloseable}). The stream
 * is never polled again while an item is held, so the bound is one.
 *
 * <h2>Threads and fields</h2>
 * <ul>
 *   <li>{@link #start}: the subscribing thread; calls {@code onSubscribe} before the task
 *       exists, so {@code onSubscribe} happens-before every other signal.
 *   <li>{@link #request}, {@link #cancel}: any thread. They write {@link #requested},
 *       {@link #badRequest}, {@link #cancelled} and wake the task through {@link #taskWaker}.
 *   <li>{@link #poll}, {@link #close}: the task (the runtime never runs them concurrently).
 *       Only the task, or {@link #start} before the task exists, touches {@link #stream} and
 *       {@link #held}.
 * </ul>
 *
 * <h2>Cancellation</h2>
 * {@link #cancel()} forgets the subscriber (rule 3.13) and aborts the task; the runtime then
 * closes this future, which closes the stream. Whichever way the task ends (stream end, stream
 * failure, cancel, abort, runtime shutdown) the stream is closed exactly once
 * ({@link #streamClosed}) and a held item is dropped. A task closed by its runtime without a
 * cancel (the runtime shut down) ends the subscription with {@code onError(CancellationException)}.
 * A failure of the stream that arrives after the subscriber cancelled is reported through
 * {@link FailureSink#reportAfterCancel} (silent if it is the cancellation itself).
 *
 * <h2>Subscriber failures (rule 2.13)</h2>
 * A subscriber method that throws breaks rule 2.13; the subscription is then cancelled (the
 * stream closed) and the exception goes to the spawner's sink ({@link TaskSpawner#report}); it
 * is never passed back to the subscriber.
 *
 * <h2>Stream faults</h2>
 * A {@code pollNext} that throws or returns {@code null} fails the subscription
 * ({@code onError} with the exception, or a {@link NullPointerException}). A {@code close()}
 * that throws (rule 11) never replaces or delays a signal: the subscriber still gets the
 * {@code onComplete} or {@code onError} the stream ended with, and the exception goes to the
 * sink. An item polled for a subscriber that has cancelled meanwhile is dropped, and closed if
 * it is {@link AutoCloseable}.
 *
 * <h2>JVM-fatal errors</h2>
 * The task never throws one into its worker ({@link Fatal}): a fatal {@code pollNext} goes to the
 * sink once and then ends the subscription with {@code onError} of the same instance (no second
 * report if the subscriber cancelled meanwhile); a subscriber or a {@code close()} that throws
 * one is reported like any other failure. On the subscribing thread ({@link #start}) a fatal
 * {@code onSubscribe} propagates, after the stream was closed.
 *
 * @param <T> the item type
 */
final class StreamSubscription<T> implements Upstream, PollFuture<Void> {

    /** Polls of the stream in one task poll before the task yields its worker (rule 16). */
    static final int ITEMS_PER_POLL = 128;

    /** Marks {@link #abortTask} once cancel has run. */
    private static final Runnable CANCELLED = () -> {};

    /** The subscription handed to a rejected subscriber: it asks for nothing. */
    private static final Upstream REJECTED = new Upstream() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    };

    /**
     * Null once closed: a subscriber may keep its subscription after the end (it is allowed to),
     * and must not keep the closed stream, and what the stream holds, with it. Only the task, or
     * {@link #start} before the task exists, reads or writes it, so it is a plain field.
     */
    private PollStream<? extends T> stream;
    /** {@link #stream}'s batch path, or null; the same lifetime and guard as {@link #stream}. */
    private BatchStream<? extends T> batch;
    /** Starts the task; receives the failures no signal can carry. */
    private final TaskSpawner spawner;

    /** The subscriber; null once cancelled or terminated (rule 3.13). */
    private final AtomicReference<Downstream<? super T>> downstream;
    /** Outstanding demand; Long.MAX_VALUE means unbounded (rule 3.17). */
    private final AtomicLong requested = new AtomicLong();
    /** The first rule 3.9 violation, to be signalled by the task. Set once. */
    private final AtomicReference<Throwable> badRequest = new AtomicReference<>();
    /** Set once (CAS) by cancel or a failing subscriber; never unset. */
    private final AtomicBoolean cancelled = new AtomicBoolean();
    /** The task's latest waker; request and cancel wake it. */
    private final WakerSlot taskWaker = new WakerSlot();
    /** null before spawn, then the abort action, then {@link #CANCELLED}. */
    private final AtomicReference<Runnable> abortTask = new AtomicReference<>();
    /** Set once, by whoever closes the stream first. */
    private final AtomicBoolean streamClosed = new AtomicBoolean();
    /** Task only: the item polled ahead of demand, waiting for a request; null if none. */
    private T held;
    /** Task only: the task returned ready or was closed. */
    private boolean finished;
    /** Task only: a JVM-fatal error of the stream already reported to the sink (never twice). */
    private Throwable reportedFatal;

    StreamSubscription(PollStream<? extends T> stream, Downstream<? super T> downstream, TaskSpawner spawner) {
        this.stream = stream;
        this.batch = BatchStream.of(stream);
        this.downstream = new AtomicReference<>(downstream);
        this.spawner = spawner;
    }

    /**
     * A subscription refused before it started: {@code onSubscribe}, then {@code onError}, on
     * the subscribing thread. If the subscriber throws, the spawner reports it.
     */
    static void reject(Downstream<?> subscriber, Throwable error, TaskSpawner spawner) {
        try {
            subscriber.onSubscribe(REJECTED);
            subscriber.onError(error);
        } catch (Throwable subscriberError) {
            Fatal.rethrowIfFatal(subscriberError);
            spawner.report("a subscriber threw from onSubscribe or onError of a rejected subscription"
                    + " (Reactive Streams rule 2.13)", subscriberError);
        }
    }

    /** Subscribing thread: hands the subscription to the subscriber, then spawns the task. */
    void start() {
        Downstream<? super T> subscriber = downstream.get();
        try {
            subscriber.onSubscribe(this);
        } catch (Throwable error) {
            markCancelled(); // rule 2.13: cancelled; no task exists, so this thread closes the stream
            closeStream();
            Fatal.rethrowIfFatal(error); // on the subscribing thread a fatal error propagates (Fatal)
            spawner.report("a subscriber's onSubscribe threw (Reactive Streams rule 2.13); the subscription"
                    + " was cancelled", error);
            return;
        }
        if (cancelled.get()) {
            closeStream(); // cancelled inside onSubscribe: no task needed
            return;
        }
        Runnable abort;
        try {
            abort = spawner.spawn(this);
        } catch (Throwable error) {
            // No task exists, so this thread may still signal (the runtime is closed).
            Fatal.rethrowIfFatal(error);
            closeStream();
            signalTerminal(error); // dropped if the subscriber already cancelled
            return;
        }
        if (!abortTask.compareAndSet(null, abort)) {
            abort.run(); // cancel() ran while we spawned
        }
    }

    // ---- the subscription (any thread) ----

    @Override
    public void request(long n) {
        if (n <= 0) {
            if (!cancelled.get() && badRequest.compareAndSet(null, new IllegalArgumentException(
                    "request(" + n + "): Reactive Streams rule 3.9 requires a positive number"))) {
                taskWaker.wake();
            }
            return;
        }
        if (cancelled.get()) {
            return; // rule 3.6
        }
        requested.getAndAccumulate(n, SerialUpstream::addCapped);
        taskWaker.wake(); // WakerSlot: after publishing the demand
    }

    @Override
    public void cancel() {
        if (!markCancelled()) {
            return; // rule 3.7
        }
        Runnable abort = abortTask.getAndSet(CANCELLED);
        if (abort != null && abort != CANCELLED) {
            abort.run();
        }
        taskWaker.wake();
    }

    /** True for the call that cancelled. Forgets the subscriber (rule 3.13). */
    private boolean markCancelled() {
        if (!cancelled.compareAndSet(false, true)) {
            return false;
        }
        downstream.set(null);
        return true;
    }

    // ---- the task ----

    @Override
    public Poll<Void> poll(Context cx) {
        if (finished) {
            throw new IllegalStateException("poll() after the subscription task completed");
        }
        // Registered before any check below, so a request or cancel after a check wakes us.
        taskWaker.register(cx.waker());
        int polled = 0;
        while (true) {
            if (cancelled.get()) {
                return finish();
            }
            Throwable bad = badRequest.get();
            if (bad != null) {
                closeStream();
                signalTerminal(bad);
                return finish();
            }
            long demand = requested.get();
            if (held != null) {
                if (demand == 0) {
                    return Poll.pending(); // taskWaker holds our waker
                }
                T item = held;
                held = null;
                emit(item, demand);
                continue;
            }
            if (polled == ITEMS_PER_POLL) {
                cx.waker().wake(); // yield the worker, come back at once (rule 16)
                return Poll.pending();
            }
            if (demand != 0 && batch != null) {
                int taken = drainReady(demand, ITEMS_PER_POLL - polled);
                if (taken < 0) {
                    return finish();
                }
                if (taken > 0) {
                    polled += taken;
                    continue; // re-check cancel, bad requests and demand
                }
            }
            polled++;
            Poll<? extends T> next = pollStream(cx);
            if (next.isPending()) {
                return Poll.pending(); // the stream holds our waker; so does taskWaker
            }
            if (!next.isReady()) {
                closeStream();
                signalTerminal(next.isDone() ? null : next.error());
                return finish();
            }
            T item = next.value();
            if (item == null) {
                closeStream();
                signalTerminal(new NullPointerException("the stream yielded a null item"));
                return finish();
            }
            if (demand == 0) {
                held = item; // the look-ahead item; the loop re-reads the demand
            } else {
                emit(item, demand);
            }
        }
    }

    /**
     * One {@code pollNext}; a stream that throws or returns null has failed with that. A JVM-fatal
     * error is reported to the spawner's sink at once (the rule of {@link Fatal}: it never goes
     * into the worker) and then signalled like any failure, but not reported a second time.
     */
    private Poll<? extends T> pollStream(Context cx) {
        try {
            Poll<? extends T> next = stream.pollNext(cx);
            return next != null
                    ? next
                    : Poll.failed(new NullPointerException("pollNext() of " + stream.getClass().getName() + " returned null"));
        } catch (Throwable error) {
            if (Fatal.isFatal(error)) {
                reportedFatal = error;
                spawner.report("the stream behind a publisher threw a JVM-fatal error", error);
            }
            return Poll.failed(error);
        }
    }

    /**
     * Task: emits up to {@code min(demand, budget)} items that the stream hands over without a
     * poll, then takes the emitted count off the demand at once. Stops at the first {@code null},
     * at a cancel or bad request. Returns how many it took, or -1 if the stream broke
     * ({@code takeReady} threw): the subscriber then has its {@code onError}.
     */
    private int drainReady(long demand, int budget) {
        BatchStream<? extends T> source = batch;
        long limit = Math.min(demand, budget);
        int taken = 0;
        while (taken < limit) {
            T item;
            try {
                item = source.takeReady();
            } catch (Throwable error) {
                Fatal.rethrowIfFatal(error);
                closeStream();
                signalTerminal(error);
                return -1;
            }
            if (item == null) {
                break;
            }
            taken++;
            signalNext(item);
            if (cancelled.get() || badRequest.get() != null) {
                break;
            }
        }
        if (taken > 0 && demand != Long.MAX_VALUE) {
            produced(taken);
        }
        return taken;
    }

    /** Task: takes {@code n} emitted items off the demand, unless it became unbounded meanwhile (rule 3.17). */
    private void produced(long n) {
        long current;
        do {
            current = requested.get();
            if (current == Long.MAX_VALUE) {
                return;
            }
        } while (!requested.compareAndSet(current, current - n));
    }

    /** Task: signals {@code item} against {@code demand > 0}; a throwing subscriber is cancelled and reported. */
    private void emit(T item, long demand) {
        if (demand != Long.MAX_VALUE) {
            requested.decrementAndGet();
        }
        signalNext(item);
    }

    /** Task: {@code onNext(item)}, or the item dropped if the subscriber cancelled since the last check. */
    private void signalNext(T item) {
        Downstream<? super T> subscriber = downstream.get();
        if (subscriber == null) {
            spawner.discard(item); // cancelled since the loop's check
            return;
        }
        try {
            subscriber.onNext(item);
        } catch (Throwable error) {
            markCancelled(); // rule 2.13; the loop then finishes (a fatal error is reported too: Fatal)
            spawner.report("a subscriber's onNext threw (Reactive Streams rule 2.13); the subscription was"
                    + " cancelled", error);
        }
    }

    /**
     * Called by the runtime when the task ends or is aborted. If the subscription is still live
     * (the runtime shut down under it), the subscriber gets {@code onError(CancellationException)}.
     */
    @Override
    public void close() {
        if (finished) {
            closeStream();
            return;
        }
        finished = true;
        dropHeld();
        closeStream();
        if (!cancelled.get()) {
            signalTerminal(new CancellationException(
                    "the task driving this subscription was closed by its runtime"));
        }
    }

    /** Ends the task: the stream is closed and a held item dropped. */
    private Poll<Void> finish() {
        finished = true;
        dropHeld();
        closeStream();
        downstream.set(null);
        return Poll.ready(null);
    }

    private void dropHeld() {
        T item = held;
        if (item != null) {
            held = null;
            spawner.discard(item);
        }
    }

    /** Closes the stream once; a {@code close()} that throws (rule 11) is reported, not passed on. */
    private void closeStream() {
        if (streamClosed.compareAndSet(false, true)) {
            PollStream<? extends T> closing = stream;
            stream = null;
            batch = null;
            try {
                spawner.closeCancelling(closing); // a cancelled body's late failure: the adapter's hook
            } catch (Throwable error) {
                spawner.report("close() of the stream behind a publisher threw (rule 11: close never throws)", error);
            }
        }
    }

    /**
     * onComplete for {@code null}, else onError; at most once, never after cancel. An error
     * that finds the subscriber cancelled is reported unless it is the cancellation itself.
     */
    private void signalTerminal(Throwable error) {
        Downstream<? super T> subscriber = downstream.getAndSet(null);
        if (subscriber == null) {
            if (error != null && cancelled.get() && error != reportedFatal) {
                spawner.reportAfterCancel("the stream behind a publisher failed after its subscriber cancelled", error);
            }
            return;
        }
        try {
            if (error == null) {
                subscriber.onComplete();
            } else {
                subscriber.onError(error);
            }
        } catch (Throwable subscriberError) {
            spawner.report("a subscriber's " + (error == null ? "onComplete" : "onError") + " threw (Reactive"
                    + " Streams rule 2.13)", subscriberError);
        }
    }

    /** Outstanding demand; for tests. */
    long outstandingDemand() {
        return requested.get();
    }
}
