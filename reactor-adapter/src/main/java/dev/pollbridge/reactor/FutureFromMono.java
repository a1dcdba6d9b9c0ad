package dev.pollbridge.reactor;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;

/**
 * A {@link Mono} seen as a {@link PollFuture}: the push-to-pull direction for one value.
 *
 * <h2>Protocol</h2>
 * The future is its own {@link CoreSubscriber}. The first {@link #poll} subscribes (rule 2: the
 * wrapper is lazy) with the Reactor context of the polling task ({@link ReactorBridge#currentContext()}),
 * requests everything and returns {@code pending} unless the Mono completed inside
 * {@code subscribe}. The outcome is stored at {@code onComplete} (the value received by
 * {@code onNext}, or {@code null} for an empty Mono) or at {@code onError} (the same exception
 * instance, unwrapped), and the latest waker is woken.
 *
 * <p>No lost wake-ups (rule 6) without a lock: a poll writes {@link #waker} and then reads
 * {@link #outcome}; the signalling thread writes {@code outcome} and then reads {@code waker}.
 * Both are volatile (sequentially consistent), so at least one side sees the other's write:
 * either the poll sees the outcome, or the completer sees the waker and wakes it.
 *
 * <h2>Cancellation</h2>
 * {@link #close()} before the Mono terminated cancels the subscription, exactly once: the
 * subscription slot is swapped to {@link #CANCELLED} atomically, and only the swap that finds a
 * real subscription cancels it. A subscription that arrives after {@code close()} (an
 * asynchronous {@code subscribeOn}) is cancelled on arrival. Closing after the terminal signal
 * cancels nothing (the slot then holds {@link #TERMINATED}); closing before the first poll never
 * subscribes. Signals that race with a close are dropped (a value silently, an error to
 * {@link Operators#onErrorDropped}). Not cancel-safe: a value the Mono produced but that was not
 * yet returned is lost with the future.
 *
 * <h2>Threads</h2>
 * The owner polls and closes (one thread at a time); Reactor signals on any thread, serially
 * (rule 1.3 of Reactive Streams), including inside {@code subscribe} on the polling thread.
 *
 * @param <T> the value type
 */
final class FutureFromMono<T> implements PollFuture<T>, CoreSubscriber<T> {

    /** Slot value: the future was closed first; a late subscription is cancelled on arrival. */
    private static final Subscription CANCELLED = Operators.cancelledSubscription();
    /** Slot value: the Mono terminated; a later close must not cancel. */
    private static final Subscription TERMINATED = new Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    };

    private static final VarHandle UPSTREAM;
    static {
        try {
            UPSTREAM = MethodHandles.lookup().findVarHandle(FutureFromMono.class, "upstream", Subscription.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Owner only; cleared once subscribed or closed. */
    private Mono<? extends T> source;
    /** Owner only: the result was returned; a later poll is a caller bug (rule 9). */
    private boolean delivered;
    /** Owner only. */
    private boolean closed;
    /**
     * Written once by the owner before {@code subscribe}; read by {@link #currentContext()} on
     * Reactor's threads, which only call it after {@code subscribe} began (happens-before through
     * the subscribe call chain).
     */
    private reactor.util.context.Context context = reactor.util.context.Context.empty();

    /** null, then the subscription, {@link #CANCELLED} or {@link #TERMINATED}. Only via {@link #UPSTREAM}. */
    @SuppressWarnings("unused")
    private volatile Subscription upstream;
    /** The value from onNext; written and read by the signalling thread only (signals are serial). */
    private T value;
    /** Signalling thread only: onNext was seen. */
    private boolean hasValue;
    /** null while pending; written once by the signalling thread, before the wake. */
    private volatile Poll<T> outcome;
    /** The latest poller's waker (rule 7); written by the owner, read by the signalling thread. */
    private volatile Waker waker;

    FutureFromMono(Mono<? extends T> source) {
        this.source = Objects.requireNonNull(source, "mono");
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (closed) {
            throw new IllegalStateException("a future of a Mono was polled after close()");
        }
        if (delivered) {
            throw new IllegalStateException("a future of a Mono was polled after it returned " + outcome);
        }
        waker = cx.waker();
        Mono<? extends T> toSubscribe = source;
        if (toSubscribe != null) {
            source = null;
            context = reactor.util.context.Context.of(ReactorContextLocal.current());
            try {
                // Through subscribe(Subscriber), Reactor's public entry point, so that its hooks
                // apply (onLastOperator, automatic context propagation, a throwing subscribe
                // reported through onError); subscribe(CoreSubscriber) would bypass them.
                toSubscribe.subscribe((Subscriber<? super T>) this);
            } catch (Throwable subscribeFailure) {
                // Defensive: Reactor reports a throwing subscribe through onError.
                Exceptions.throwIfJvmFatal(subscribeFailure);
                Subscription half = upstream;
                if (terminate()) {
                    if (half != null) {
                        half.cancel(); // it may have called onSubscribe before throwing
                    }
                    finish(Poll.failed(subscribeFailure));
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
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        source = null;
        waker = null;
        Subscription previous = (Subscription) UPSTREAM.getAndSet(this, CANCELLED);
        if (previous != null && previous != CANCELLED && previous != TERMINATED) {
            previous.cancel();
        }
    }

    @Override
    public reactor.util.context.Context currentContext() {
        return context;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        Objects.requireNonNull(subscription, "subscription");
        if (UPSTREAM.compareAndSet(this, null, subscription)) {
            subscription.request(Long.MAX_VALUE);
            return;
        }
        subscription.cancel();
        if (upstream != CANCELLED) {
            Operators.reportSubscriptionSet(); // a second onSubscribe (rule 2.5)
        }
    }

    @Override
    public void onNext(T item) {
        Objects.requireNonNull(item, "item"); // rule 2.13
        if (outcome != null || upstream == CANCELLED) {
            Operators.onNextDropped(item, context);
            return;
        }
        if (hasValue) {
            // A Mono never emits twice; if a broken source does, the future fails rather than
            // picking one of the values.
            Subscription subscription = (Subscription) UPSTREAM.getAndSet(this, TERMINATED);
            if (subscription != CANCELLED && subscription != TERMINATED && subscription != null) {
                subscription.cancel();
            }
            finish(Poll.failed(new IllegalStateException("the Mono emitted more than one value")));
            return;
        }
        value = item;
        hasValue = true;
    }

    @Override
    public void onError(Throwable error) {
        Objects.requireNonNull(error, "error");
        if (!terminate()) {
            Operators.onErrorDropped(error, context);
            return;
        }
        finish(Poll.failed(error));
    }

    @Override
    public void onComplete() {
        if (!terminate()) {
            return;
        }
        T result = hasValue ? value : null;
        value = null;
        finish(Poll.ready(result));
    }

    /**
     * Marks the upstream terminated so a later close does not cancel. Returns false if the
     * future was closed (or already terminated): the signal is then dropped.
     */
    private boolean terminate() {
        if (outcome != null) {
            return false;
        }
        Subscription previous;
        do {
            previous = upstream;
            if (previous == CANCELLED || previous == TERMINATED) {
                return false;
            }
        } while (!UPSTREAM.compareAndSet(this, previous, TERMINATED));
        return true;
    }

    /** Publishes the outcome, then wakes the latest poller (see the class note on rule 6). */
    private void finish(Poll<T> result) {
        outcome = result;
        Waker toWake = waker;
        if (toWake != null) {
            try {
                toWake.wake();
            } catch (Throwable wakeFailure) {
                Exceptions.throwIfJvmFatal(wakeFailure);
                Operators.onErrorDropped(wakeFailure, context);
            }
        }
    }
}
