package dev.pollbridge.reactor;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
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
 * A Mono that terminates inside the first poll's {@code subscribe}, on the polling thread (a
 * synchronous source such as {@code Mono.just}), is the fast path: the waker is stored only after
 * {@code subscribe} returned without an outcome, so that Mono's outcome needs neither a waker nor
 * a fence, and the close of a future whose outcome was returned swaps nothing (the terminal
 * signal already marked the subscription terminated). Its signals ({@link #insideSubscribe()})
 * also write the subscription, value and terminal slots with release stores instead of
 * compare-and-sets: no close can run meanwhile (the owner is in its poll), and each slot is
 * read before it is written, so a signal repeated on that thread is still refused. Only a
 * signal from a second thread at the same moment, which breaks rule 1.3, can go unnoticed
 * there (each compare-and-set is a locked instruction: three of them were a third of the
 * round trip of {@code blockOn(toPollFuture(Mono.just(x)))}).
 *
 * <h2>Cancellation</h2>
 * {@link #close()} before the Mono terminated cancels the subscription, exactly once: the
 * subscription slot is swapped to {@link #CANCELLED} atomically, and only the swap that finds a
 * real subscription cancels it. A subscription that arrives after {@code close()} (an
 * asynchronous {@code subscribeOn}) is cancelled on arrival. Closing after the terminal signal
 * cancels nothing (the slot then holds {@link #TERMINATED}); closing before the first poll never
 * subscribes. Signals that race with a close are dropped: a value is closed if it is
 * {@link AutoCloseable} ({@link Dropped}), an error goes to {@link Operators#onErrorDropped}
 * unless it is a cancellation (errors after cancellation are reported once; the cancellation
 * itself stays silent). Not cancel-safe: a value the Mono produced but that was not yet returned
 * is dropped with the future, closed if it is {@link AutoCloseable}. Exactly once: the value slot
 * is the handshake; {@code close()} swaps {@link #CLOSED_VALUE} into it and drops what it finds
 * unread, and an {@code onNext} that finds {@code CLOSED_VALUE} drops its item. The close also
 * lets go of the outcome, returned or not, so a Mono that keeps its subscriber does not keep the
 * value reachable.
 *
 * <h2>A broken source</h2>
 * {@code onNext(null)} and {@code onError(null)} (rule 2.13), a second value, a {@code request}
 * that throws (rule 3.16) and the active subscription signalled again by {@code onSubscribe}
 * (rule 2.12) fail the future with an exception that names the rule, and cancel the
 * subscription (the null signals also throw the {@link NullPointerException}, as rule 2.13
 * asks); a later {@code onComplete} changes nothing. A different second subscription is
 * cancelled and the first goes on (rule 2.5, as in Reactor). A {@code cancel()} that throws
 * (rule 3.15), in {@link #close()} too, goes to {@link Operators#onErrorDropped}: close never
 * throws. A Mono that never calls {@code onSubscribe} leaves the future pending, as
 * {@code Mono.never()} does; bound the wait with a timeout, which closes the future.
 *
 * <h2>Threads</h2>
 * The owner polls and closes (one thread at a time); Reactor signals on any thread, serially
 * (rule 1.3 of Reactive Streams), including inside {@code subscribe} on the polling thread.
 *
 * @param <T> the value type
 */
final class FutureFromMono<T> extends SingleUse implements PollFuture<T>, CoreSubscriber<T> {

    /** Slot value: the future was closed first; a late subscription is cancelled on arrival. */
    private static final Subscription CANCELLED = Operators.cancelledSubscription();
    /** Slot value: the Mono terminated; a later close must not cancel. */
    private static final Subscription TERMINATED = new Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    };

    /** Value slot: the future was closed; an item arriving now is dropped by its onNext. */
    private static final Object CLOSED_VALUE = new Object();
    private static final String DROPPED = "the value of a Mono whose future was closed without reading it";

    private static final VarHandle UPSTREAM;
    private static final VarHandle VALUE;
    private static final VarHandle OUTCOME;
    static {
        try {
            UPSTREAM = MethodHandles.lookup().findVarHandle(FutureFromMono.class, "upstream", Subscription.class);
            VALUE = MethodHandles.lookup().findVarHandle(FutureFromMono.class, "value", Object.class);
            OUTCOME = MethodHandles.lookup().findVarHandle(FutureFromMono.class, "outcome", Poll.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Owner only; cleared once subscribed or closed. */
    private Mono<? extends T> source;
    /**
     * The polling thread while its first poll is inside {@code subscribe}, else null. Written by
     * the owner only; a signalling thread that reads itself here is the owner inside that call.
     */
    private Thread subscribing;
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
    /**
     * The value from onNext, set once by compare-and-set (a second value fails the future, even
     * from a second thread at once); read by onComplete. {@link #CLOSED_VALUE} once closed.
     */
    @SuppressWarnings("unused")
    private volatile Object value;
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
            throw SingleUse.polledAfter("a future of a Mono", "close()");
        }
        if (delivered) {
            throw SingleUse.polledAfter("a future of a Mono", "it returned " + outcome);
        }
        Mono<? extends T> toSubscribe = source;
        if (toSubscribe != null) {
            source = null;
            context = reactor.util.context.Context.of(ReactorContextLocal.current());
            try {
                // Through subscribe(Subscriber), Reactor's public entry point, so that its hooks
                // apply (onLastOperator, automatic context propagation, a throwing subscribe
                // reported through onError); subscribe(CoreSubscriber) would bypass them.
                subscribing = Thread.currentThread();
                toSubscribe.subscribe((Subscriber<? super T>) this);
            } catch (Throwable subscribeFailure) {
                // Defensive: Reactor reports a throwing subscribe through onError. It may have
                // called onSubscribe before throwing: that subscription is cancelled.
                Exceptions.throwIfJvmFatal(subscribeFailure);
                failAndCancel(subscribeFailure);
            } finally {
                subscribing = null;
            }
            Poll<T> early = outcome;
            if (early != null) {
                // Terminated inside subscribe (a synchronous Mono): no waker was stored, so none
                // was woken and none needs clearing.
                delivered = true;
                return early;
            }
        }
        // The waker is stored after subscribe, then the outcome read (rule 6, see the class note):
        // a signal that came before the store found no waker, and this read sees its outcome.
        waker = cx.waker();
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
        if (delivered) {
            // The outcome was returned, so the terminal signal had swapped TERMINATED into the
            // slot before publishing it: nothing to cancel, no unread value, no waker stored.
            // Plain release stores suffice: only a broken source still signals, and it reads
            // CLOSED_VALUE (and drops its item) or the old value (and fails as a second value).
            VALUE.setRelease(this, CLOSED_VALUE);
            OUTCOME.setRelease(this, (Poll<T>) null); // see below: a hot Mono must not keep the value
            return;
        }
        source = null;
        waker = null;
        Subscription previous = (Subscription) UPSTREAM.getAndSet(this, CANCELLED);
        if (previous != null && previous != CANCELLED && previous != TERMINATED) {
            cancel(previous);
        }
        Object unread = VALUE.getAndSet(this, CLOSED_VALUE);
        if (!delivered) {
            Dropped.close(unread, DROPPED, DroppedErrors.of(context));
        }
        // A Mono that keeps its subscriber (a hot source) must not keep the value reachable. A
        // finish() that raced this close clears it too: it writes the outcome, then reads
        // upstream; this close swapped upstream first and clears after, so one sees the other.
        outcome = null;
    }

    @Override
    public reactor.util.context.Context currentContext() {
        return context;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        Objects.requireNonNull(subscription, "onSubscribe(null): the publisher broke Reactive Streams rule 2.13");
        if (insideSubscribe() ? setIfNull(UPSTREAM, subscription) : UPSTREAM.compareAndSet(this, null, subscription)) {
            try {
                subscription.request(Long.MAX_VALUE);
            } catch (Throwable requestFailure) {
                // Rule 3.16 broken: the future fails with it and the subscription is cancelled.
                Exceptions.throwIfJvmFatal(requestFailure);
                failAndCancel(requestFailure);
            }
            return;
        }
        if (subscription == upstream) {
            // The active subscription again (rule 2.12 broken). Rule 2.5 says cancel it, which
            // ends the only subscription there is: fail now rather than wait forever.
            failAndCancel(new IllegalStateException("onSubscribe was called twice with the same subscription:"
                    + " the publisher broke Reactive Streams rule 2.12; the subscription was cancelled (rule 2.5)"));
            return;
        }
        cancel(subscription); // rule 2.5: a second subscription is cancelled, the first one goes on
        if (upstream != CANCELLED) {
            Operators.reportSubscriptionSet();
        }
    }

    @Override
    public void onNext(T item) {
        if (item == null) {
            NullPointerException npe = new NullPointerException(
                    "onNext(null): the publisher broke Reactive Streams rule 2.13");
            failAndCancel(npe);
            throw npe;
        }
        if (outcome != null) {
            Operators.onNextDropped(item, context);
            return;
        }
        Object previous = insideSubscribe() ? (setIfNull(VALUE, item) ? null : value)
                : VALUE.compareAndExchange(this, null, item);
        if (previous == CLOSED_VALUE) {
            Dropped.close(item, DROPPED, DroppedErrors.of(context)); // nobody will read it
            return;
        }
        if (previous != null) {
            // A Mono never emits twice; if a broken source does (one after the other, or two
            // threads at once against rule 1.3), the future fails rather than pick one.
            failAndCancel(new IllegalStateException("the Mono emitted more than one value"));
            Operators.onNextDropped(item, context);
        }
    }

    @Override
    public void onError(Throwable error) {
        if (error == null) {
            NullPointerException npe = new NullPointerException(
                    "onError(null): the publisher broke Reactive Streams rule 2.13");
            failAndCancel(npe);
            throw npe;
        }
        if (!markTerminated()) {
            DroppedErrors.dropAfterCancel(error, context); // after close or the end: reported unless a cancellation
            return;
        }
        finish(Poll.failed(error));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onComplete() {
        Object stored = value; // before the terminal swap: a close after it finds the value and drops it
        if (!markTerminated()) {
            return;
        }
        finish(Poll.ready(stored == CLOSED_VALUE ? null : (T) stored));
    }

    /**
     * Marks the upstream terminated so a later close does not cancel. Returns false if the
     * future was closed or already terminated: the signal is then dropped.
     */
    private boolean markTerminated() {
        return swapInTerminated() != TERMINATED;
    }

    /**
     * Swaps {@link #TERMINATED} into the slot unless the future was closed or has terminated.
     * Returns what the slot held (null or the subscription), or {@link #TERMINATED} if the swap
     * did not happen.
     */
    private Subscription swapInTerminated() {
        if (outcome != null) {
            return TERMINATED;
        }
        boolean inside = insideSubscribe();
        while (true) {
            Subscription previous = upstream;
            if (previous == CANCELLED || previous == TERMINATED) {
                return TERMINATED;
            }
            if (inside) {
                UPSTREAM.setRelease(this, TERMINATED);
                return previous;
            }
            if (UPSTREAM.compareAndSet(this, previous, TERMINATED)) {
                return previous;
            }
        }
    }

    /**
     * True on the owner's thread inside its first poll's {@code subscribe}: no {@link #close()}
     * runs meanwhile, so a slot may be read and then written without a compare-and-set (see the
     * class note). Release stores: a signal on another thread later reads what was written here
     * through the publisher's own hand-off (its {@code request} bookkeeping).
     */
    private boolean insideSubscribe() {
        return subscribing == Thread.currentThread();
    }

    /** Inside subscribe only: writes {@code slot} if it holds null; false if it held something. */
    private boolean setIfNull(VarHandle slot, Object next) {
        if (slot.getAcquire(this) != null) {
            return false;
        }
        slot.setRelease(this, next);
        return true;
    }

    /**
     * This side's failure (a broken publisher): the future fails with {@code error} and the
     * subscription, if any, is cancelled. After a close or the end, {@code error} is dropped to
     * {@link Operators#onErrorDropped}.
     */
    private void failAndCancel(Throwable error) {
        Subscription previous = swapInTerminated();
        if (previous == TERMINATED) {
            Operators.onErrorDropped(error, context);
            return;
        }
        if (previous != null) {
            cancel(previous);
        }
        finish(Poll.failed(error));
    }

    /** A {@code cancel()} that throws (rule 3.15) goes to {@link Operators#onErrorDropped}; close never throws. */
    private void cancel(Subscription subscription) {
        try {
            subscription.cancel();
        } catch (Throwable cancelFailure) {
            DroppedErrors.drop(cancelFailure, context); // a fatal one too: close never throws
        }
    }

    /** Publishes the outcome, then wakes the latest poller (see the class note on rule 6). */
    private void finish(Poll<T> result) {
        if (subscribing == Thread.currentThread()) {
            // The first poll's subscribe, on the owner's thread: the poll reads the outcome next on
            // this thread, no waker is stored yet and no close can run meanwhile, so no fence.
            OUTCOME.setRelease(this, result);
            return;
        }
        outcome = result;
        if (upstream == CANCELLED) {
            outcome = null; // closed meanwhile (see close)
            return;
        }
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
