package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.exceptions.Exceptions;

/**
 * The task behind one subscription of an {@code Observable} made from a stream
 * ({@link ObservableFromStream}): polls the stream and pushes each item to the observer as soon
 * as it is polled, one poll per item, as fast as the observer's {@code onNext} returns (an
 * Observable has no demand to wait for). Life cycle, cancellation and failure handling are
 * {@link ObserverTask}'s.
 *
 * <p>At most {@value #ITEMS_PER_POLL} items are pushed per poll; then the task wakes itself and
 * yields its worker (rule 16). The stream's {@code done} is {@code onComplete}, its failure (also
 * a {@code pollNext} that throws, or a {@code null} item) {@code onError} with the same instance;
 * the stream is closed after that signal. An {@code onNext} that throws disposes the
 * subscription (the stream is closed) and goes to {@code RxJavaPlugins.onError}.
 *
 * @param <T> the item type
 */
final class StreamDriver<T> extends ObserverTask {

    /** Items pushed in one poll before the task yields its worker (rule 16). */
    static final int ITEMS_PER_POLL = 128;

    private final PollStream<? extends T> stream;
    private final Observer<? super T> observer;

    StreamDriver(PollStream<? extends T> stream, Observer<? super T> observer) {
        super(stream);
        this.stream = stream;
        this.observer = observer;
    }

    @Override
    void subscribeObserver() {
        observer.onSubscribe(this);
    }

    @Override
    void signalError(Throwable error) {
        observer.onError(error);
    }

    @Override
    Poll<Void> step(Context cx) {
        for (int pushed = 0; ; pushed++) {
            if (isCancelled()) {
                return Poll.ready(null);
            }
            if (pushed == ITEMS_PER_POLL) {
                cx.waker().wake(); // yield the worker, come back at once
                return Poll.pending();
            }
            Poll<? extends T> next;
            try {
                next = stream.pollNext(cx);
            } catch (Throwable pollFailure) {
                Exceptions.throwIfFatal(pollFailure);
                next = Poll.failed(pollFailure);
            }
            if (next.isPending()) {
                return Poll.pending();
            }
            if (next.isDone()) {
                if (claimTerminal()) {
                    try {
                        observer.onComplete();
                    } catch (Throwable observerFailure) {
                        Exceptions.throwIfFatal(observerFailure);
                        Undeliverable.report(observerFailure);
                    }
                }
                closeSource();
                return Poll.ready(null);
            }
            if (next.isFailed()) {
                signalTerminalError(next.error());
                closeSource();
                return Poll.ready(null);
            }
            T item = next.value();
            if (item == null) {
                signalTerminalError(new NullPointerException("the stream yielded a null item"));
                closeSource();
                return Poll.ready(null);
            }
            try {
                observer.onNext(item);
            } catch (Throwable observerFailure) {
                Exceptions.throwIfFatal(observerFailure);
                dispose(); // the runtime closes the stream when this poll returns
                Undeliverable.report(observerFailure);
                return Poll.ready(null);
            }
        }
    }
}
