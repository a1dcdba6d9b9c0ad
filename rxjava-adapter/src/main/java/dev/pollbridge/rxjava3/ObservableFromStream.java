package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A factory of streams seen as a cold {@link Observable}: the pull-to-push direction without
 * backpressure.
 *
 * <h2>Protocol</h2>
 * Each subscription calls the factory on the subscribing thread and spawns a {@link StreamDriver}
 * on the runtime that polls the new stream and pushes every item as soon as it has it, as fast as
 * the observer takes them, at most 128 per poll before the task yields; a stream of the bridge's
 * own is drained without a {@code Poll} per item (the batch path, {@link StreamDriver}). The
 * stream's end is {@code onComplete}, its failure {@code onError} with the same instance. Signals
 * come from a runtime worker, serially. A factory that throws or returns {@code null} fails the
 * subscription; a closed runtime fails it with {@code RejectedExecutionException}, the stream
 * closed unpolled.
 *
 * <h2>Cancellation</h2>
 * {@code dispose()} aborts the task: the runtime closes the stream exactly once at the task's next
 * suspension point (between two items at the latest); nothing is signalled after, and a failure
 * the stream produced as it was being disposed goes to {@code RxJavaPlugins.onError}. A runtime
 * shutdown signals {@code onError(CancellationException)}. Items are pulled one at a time, so a
 * dispose loses no item that was not already pushed.
 *
 * @param <T> the item type
 */
final class ObservableFromStream<T> extends Observable<T> {

    private final Supplier<? extends PollStream<? extends T>> streamFactory;
    private final PollRuntime runtime;

    private ObservableFromStream(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        this.streamFactory = Objects.requireNonNull(streamFactory, "streamFactory");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    /** The Observable, passed through RxJava's assembly hook. */
    static <T> Observable<T> of(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return RxJavaPlugins.onAssembly(new ObservableFromStream<>(streamFactory, runtime));
    }

    @Override
    protected void subscribeActual(Observer<? super T> observer) {
        PollStream<? extends T> stream = Subscriptions.create(streamFactory, "stream", observer::onSubscribe, observer::onError);
        if (stream != null) {
            new StreamDriver<T>(stream, observer).start(runtime);
        }
    }
}
