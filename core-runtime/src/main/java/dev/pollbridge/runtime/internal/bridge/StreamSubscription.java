package dev.pollbridge.runtime.internal.bridge;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.adapter.WakerSlot;
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
 * task ({@link #poll}, run by the runtime) polls the stream only while demand is positive and
 * emits each item itself. So signals are serial by construction (rule 1.3: they all come from
 * the one task, whose polls the runtime serializes), a {@code request} from inside
 * {@code onNext} cannot recurse (rule 3.3), and a stream is never polled for an item nobody
 * asked for (backpressure is "nobody polled").
 *
 * <h2>Threads and fields</h2>
 * <ul>
 *   <li>{@link #start}: the subscribing thread; calls {@code onSubscribe} before the task
 *       exists, so {@code onSubscribe} happens-before every other signal.
 *   <li>{@link #request}, {@link #cancel}: any thread. They write {@link #requested},
 *       {@link #badRequest}, {@link #cancelled} and wake the task through {@link #taskWaker}.
 *   <li>{@link #poll}, {@link #close}: the task (the runtime never runs them concurrently).
 *       Only the task, or {@link #start} before the task exists, touches {@link #stream}.
 * </ul>
 *
 * <h2>Cancellation</h2>
 * {@link #cancel()} forgets the subscriber (rule 3.13) and aborts the task; the runtime then
 * closes this future, which closes the stream. Whichever way the task ends (stream end, stream
 * failure, cancel, abort, runtime shutdown) the stream is closed exactly once
 * ({@link #streamClosed}). A task closed by its runtime without a cancel (the runtime shut
 * down) ends the subscription with {@code onError(CancellationException)}.
 *
 * <h2>Subscriber failures (rule 2.13)</h2>
 * A subscriber method that throws breaks rule 2.13; the subscription is then cancelled (the
 * stream closed) and the task completes with that exception as its failure. The task is
 * detached, so the runtime hands the failure to its uncaught-failure handler. An exception from
 * {@code onError(CancellationException)} during runtime shutdown, when the task is already
 * closing, is reported to the same handler through the spawner.
 *
 * <h2>Stream faults</h2>
 * A {@code pollNext} that throws or returns {@code null} fails the subscription
 * ({@code onError} with the exception, or a {@link NullPointerException}). A {@code close()}
 * that throws (rule 11) never replaces or delays a signal: the subscriber still gets the
 * {@code onComplete} or {@code onError} the stream ended with, and the exception goes to the
 * spawner's handler ({@link TaskSpawner#report}). An item polled for a subscriber that has
 * cancelled meanwhile is dropped, and closed if it is {@link AutoCloseable}.
 *
 * @param <T> the item type
 */
final class StreamSubscription<T> implements Upstream, PollFuture<Void> {

    /** Items emitted in one poll before the task yields its worker (rule 16). */
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
    /** Task only: the task returned ready or was closed. */
    private boolean finished;
    /**
     * The first exception a subscriber method threw (rule 2.13); becomes the task's failure.
     * Written by start (before the task exists) or by the task.
     */
    private Throwable subscriberFailure;

    StreamSubscription(PollStream<? extends T> stream, Downstream<? super T> downstream, TaskSpawner spawner) {
        this.stream = stream;
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
            // Rule 2.13: cancel; the task still runs once, to close the stream and report.
            Fatal.rethrowIfFatal(error);
            markCancelled();
            subscriberFailure = error;
        }
        if (cancelled.get() && subscriberFailure == null) {
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
        int emitted = 0;
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
            if (demand == 0 && !isStreamAtEnd()) {
                return Poll.pending(); // taskWaker holds our waker
            }
            if (emitted == ITEMS_PER_POLL) {
                cx.waker().wake(); // yield the worker, come back at once (rule 16)
                return Poll.pending();
            }
            Poll<? extends T> next;
            try {
                next = stream.pollNext(cx);
                if (next == null) {
                    next = Poll.failed(new NullPointerException("pollNext() of " + stream.getClass().getName() + " returned null"));
                }
            } catch (Throwable error) {
                Fatal.rethrowIfFatal(error);
                next = Poll.failed(error); // a stream that throws has failed
            }
            if (next.isPending()) {
                return Poll.pending(); // the stream holds our waker; so does taskWaker
            }
            if (!next.isReady()) {
                closeStream();
                signalTerminal(next.isDone() ? null : next.error());
                return finish();
            }
            T item = next.value();
            if (item == null || demand == 0) {
                spawner.discard(item);
                closeStream();
                signalTerminal(item == null
                        ? new NullPointerException("the stream yielded a null item")
                        : new IllegalStateException("a stream that reported its end yielded an item"));
                return finish();
            }
            if (demand != Long.MAX_VALUE) {
                requested.decrementAndGet();
            }
            emitted++;
            Downstream<? super T> subscriber = downstream.get();
            if (subscriber == null) {
                spawner.discard(item); // cancelled since the check above
                continue;
            }
            try {
                subscriber.onNext(item);
            } catch (Throwable error) {
                Fatal.rethrowIfFatal(error);
                markCancelled(); // rule 2.13; the loop then finishes with this failure
                subscriberFailure = error;
            }
        }
    }

    /** A stream that knows it is done may be polled for its end without demand (KnownEnd). */
    private boolean isStreamAtEnd() {
        return stream instanceof KnownEnd && ((KnownEnd) stream).isAtEnd();
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
        closeStream();
        if (!cancelled.get()) {
            signalTerminal(new CancellationException(
                    "the task driving this subscription was closed by its runtime"));
        }
        Throwable failure = subscriberFailure;
        subscriberFailure = null;
        if (failure != null) {
            spawner.report("a subscriber threw while its subscription task was being closed"
                    + " (Reactive Streams rule 2.13)", failure);
        }
    }

    /** Ends the task: the stream is closed; the result is the subscriber's failure, if any. */
    private Poll<Void> finish() {
        finished = true;
        closeStream();
        downstream.set(null);
        Throwable failure = subscriberFailure;
        subscriberFailure = null;
        return failure == null ? Poll.ready(null) : Poll.failed(failure);
    }

    /** Closes the stream once; a {@code close()} that throws (rule 11) is reported, not passed on. */
    private void closeStream() {
        if (streamClosed.compareAndSet(false, true)) {
            PollStream<? extends T> closing = stream;
            stream = null;
            try {
                closing.close();
            } catch (Throwable error) {
                Fatal.rethrowIfFatal(error);
                spawner.report("close() of the stream behind a publisher threw (rule 11: close never throws)", error);
            }
        }
    }

    /** onComplete for {@code null}, else onError; at most once, never after cancel. */
    private void signalTerminal(Throwable error) {
        Downstream<? super T> subscriber = downstream.getAndSet(null);
        if (subscriber == null) {
            return;
        }
        try {
            if (error == null) {
                subscriber.onComplete();
            } else {
                subscriber.onError(error);
            }
        } catch (Throwable subscriberError) {
            Fatal.rethrowIfFatal(subscriberError);
            if (subscriberFailure == null) {
                subscriberFailure = subscriberError; // rule 2.13: reported as the task's failure
            }
        }
    }

    /** Outstanding demand; for tests. */
    long outstandingDemand() {
        return requested.get();
    }
}
