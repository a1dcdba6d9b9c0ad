package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
import dev.pollbridge.runtime.bridge.engine.Fatal;
import io.reactivex.rxjava3.core.Observer;

/**
 * The task behind one subscription of an {@code Observable} made from a stream
 * ({@link ObservableFromStream}): polls the stream and pushes each item to the observer as soon
 * as it has it, as fast as the observer's {@code onNext} returns (an Observable has no demand to
 * wait for). Life cycle, cancellation and failure handling are {@link ObserverTask}'s.
 *
 * <p><b>The batch path.</b> A stream that offers {@link BatchStream#takeReady()} (the bridge's
 * own: a {@code toStream} of an Observable, a Flowable, a Flux) is drained with it, no
 * {@code Poll} per item; {@code pollNext} runs only when it runs dry, to learn whether the stream
 * waits, ended, or had an item after all. Every item counts against the budget below either way.
 *
 * <p>At most {@value #ITEMS_PER_POLL} items are pushed per poll; then the task wakes itself and
 * yields its worker (rule 16). The stream's {@code done} is {@code onComplete}, its failure (also
 * a {@code pollNext} that throws, or a {@code null} item) {@code onError} with the same instance;
 * the stream is closed after that signal. An {@code onNext} that throws disposes the
 * subscription (the stream is closed) and goes to {@code RxJavaPlugins.onError}.
 *
 * @param <T> the item type
 */
final class StreamDriver<T> extends ObserverTask<PollStream<? extends T>> {

    /** Items pushed in one poll before the task yields its worker (rule 16). */
    static final int ITEMS_PER_POLL = 128;

    private final Observer<? super T> observer;

    StreamDriver(PollStream<? extends T> stream, Observer<? super T> observer) {
        super(stream);
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
        PollStream<? extends T> stream = source(); // not kept in a field: the closed stream is let go
        BatchStream<? extends T> batch = stream instanceof BatchStream ? (BatchStream<? extends T>) stream : null;
        for (int pushed = 0; ; pushed++) {
            if (isCancelled()) {
                return Poll.ready(null);
            }
            if (pushed == ITEMS_PER_POLL) {
                cx.waker().wake(); // yield the worker, come back at once
                return Poll.pending();
            }
            T ready = null;
            Poll<? extends T> next;
            try {
                ready = batch == null ? null : batch.takeReady();
                next = ready != null ? null : stream.pollNext(cx);
            } catch (Throwable pollFailure) {
                if (Fatal.isFatal(pollFailure)) {
                    return endWithFatal((Error) pollFailure);
                }
                next = Poll.failed(pollFailure);
            }
            if (ready != null) {
                if (!push(ready)) {
                    return Poll.ready(null);
                }
                continue;
            }
            if (next.isPending()) {
                return Poll.pending();
            }
            if (next.isDone()) {
                if (claimTerminal()) {
                    try {
                        observer.onComplete();
                    } catch (Throwable observerFailure) {
                        Undeliverable.report(observerFailure); // a fatal one too
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
            if (!push(item)) {
                return Poll.ready(null);
            }
        }
    }

    /** {@code onNext}; false if it threw (the subscription is disposed, the failure reported). */
    private boolean push(T item) {
        try {
            observer.onNext(item);
            return true;
        } catch (Throwable observerFailure) {
            dispose(); // the runtime closes the stream when this poll returns (a fatal error too)
            Undeliverable.report(observerFailure);
            return false;
        }
    }
}
