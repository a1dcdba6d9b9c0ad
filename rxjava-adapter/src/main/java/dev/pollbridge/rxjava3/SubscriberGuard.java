package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.exceptions.Exceptions;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntBinaryOperator;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Sits between the generic bridge's publisher and the subscriber of a {@link FlowableFromStream},
 * and gives the pair RxJava's error rules: a subscriber that throws is cancelled and its exception
 * goes to {@code RxJavaPlugins.onError} (the generic bridge would report it to the runtime's
 * uncaught-failure handler instead), and a failure of the stream that loses a race with
 * {@code cancel()} is reported there too, exactly once (the generic bridge drops it).
 *
 * <h2>Errors racing cancel</h2>
 * Three facts, each set once in {@link #state}: {@link #PRODUCED} (the watched stream returned
 * a failure, kept in {@link #produced}), {@link #DELIVERED} (it reached {@code onError}) and
 * {@link #CANCELLED}. Each is set by an atomic read-modify-write that returns the facts before it,
 * so exactly one party sees "produced and cancelled, not delivered": {@link #produced} if the
 * cancel came first, {@link #cancel()} if the failure came first; that one reports it. An
 * {@code onError} that arrives after the cancel (the bridge had already taken the subscriber)
 * is not delivered; it is reported unless it is that same, already reported, failure.
 *
 * <h2>Threads</h2>
 * Signals come from the subscription's task, serially; {@code request} and {@code cancel} from any
 * thread. {@link #actual} is cleared on cancel and on the terminal signal, so the subscriber can
 * be collected (rule 3.13); {@link #upstream} is set once in {@code onSubscribe}.
 *
 * @param <T> the item type
 */
final class SubscriberGuard<T> implements FlowableSubscriber<T>, Subscription {

    private static final int CANCELLED = 1;
    private static final int PRODUCED = 2;
    private static final int DELIVERED = 4;
    private static final IntBinaryOperator OR = (left, right) -> left | right;

    private final AtomicInteger state = new AtomicInteger();
    /** The subscriber; null once cancelled or terminated. */
    private volatile Subscriber<? super T> actual;
    /** The bridge's subscription; set once by onSubscribe, before the subscriber can call us. */
    private volatile Subscription upstream;
    /** The stream's failure; written before {@link #PRODUCED} is set. */
    private volatile Throwable produced;

    SubscriberGuard(Subscriber<? super T> actual) {
        this.actual = actual;
    }

    /** Wraps the subscription's stream so that its failure is seen here first; null stays null. */
    PollStream<? extends T> watch(PollStream<? extends T> stream) {
        return stream == null ? null : new Watched<>(stream, this);
    }

    // ---- signals from the bridge (serial) ----

    @Override
    public void onSubscribe(Subscription subscription) {
        upstream = subscription;
        Subscriber<? super T> subscriber = actual;
        try {
            subscriber.onSubscribe(this);
        } catch (Throwable subscriberFailure) {
            Exceptions.throwIfFatal(subscriberFailure);
            cancel();
            Undeliverable.report(subscriberFailure);
        }
    }

    @Override
    public void onNext(T item) {
        Subscriber<? super T> subscriber = actual;
        if (subscriber == null) {
            return; // cancelled: the bridge stops at its next check
        }
        try {
            subscriber.onNext(item);
        } catch (Throwable subscriberFailure) {
            Exceptions.throwIfFatal(subscriberFailure);
            cancel();
            Undeliverable.report(subscriberFailure);
        }
    }

    @Override
    public void onError(Throwable error) {
        int before = state.getAndAccumulate(DELIVERED, OR);
        Subscriber<? super T> subscriber = actual;
        if ((before & CANCELLED) != 0 || subscriber == null) {
            if (error != produced) {
                Undeliverable.report(error);
            }
            return;
        }
        actual = null;
        try {
            subscriber.onError(error);
        } catch (Throwable subscriberFailure) {
            Exceptions.throwIfFatal(subscriberFailure);
            Undeliverable.report(subscriberFailure);
        }
    }

    @Override
    public void onComplete() {
        Subscriber<? super T> subscriber = actual;
        if (subscriber == null) {
            return;
        }
        actual = null;
        try {
            subscriber.onComplete();
        } catch (Throwable subscriberFailure) {
            Exceptions.throwIfFatal(subscriberFailure);
            Undeliverable.report(subscriberFailure);
        }
    }

    // ---- the subscription (any thread) ----

    @Override
    public void request(long n) {
        upstream.request(n);
    }

    @Override
    public void cancel() {
        int before = state.getAndAccumulate(CANCELLED, OR);
        if ((before & CANCELLED) != 0) {
            return;
        }
        actual = null;
        if ((before & (PRODUCED | DELIVERED)) == PRODUCED) {
            Undeliverable.report(produced);
        }
        upstream.cancel();
    }

    /** The watched stream returned {@code error} (the subscription's task). */
    private void produced(Throwable error) {
        produced = error;
        int before = state.getAndAccumulate(PRODUCED, OR);
        if ((before & CANCELLED) != 0) {
            Undeliverable.report(error);
        }
    }

    /**
     * The subscription's stream, watched: its failure (also a {@code pollNext} that throws) is
     * recorded with the guard before the bridge signals it, and a {@code close()} that throws is
     * reported instead of disturbing the bridge's end of the subscription.
     */
    private static final class Watched<T> implements PollStream<T> {

        private final PollStream<? extends T> stream;
        private final SubscriberGuard<?> guard;

        Watched(PollStream<? extends T> stream, SubscriberGuard<?> guard) {
            this.stream = stream;
            this.guard = guard;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Poll<T> pollNext(Context cx) {
            Poll<? extends T> next;
            try {
                next = stream.pollNext(cx);
            } catch (Throwable pollFailure) {
                Exceptions.throwIfFatal(pollFailure);
                next = Poll.failed(pollFailure);
            }
            if (next.isFailed()) {
                guard.produced(next.error());
            }
            return (Poll<T>) next;
        }

        @Override
        public void close() {
            Undeliverable.close(stream);
        }
    }
}
