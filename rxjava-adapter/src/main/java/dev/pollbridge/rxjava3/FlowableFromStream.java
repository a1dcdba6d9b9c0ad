package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.bridge.engine.PublisherFromStream;
import dev.pollbridge.runtime.bridge.engine.RsAdapter;
import dev.pollbridge.runtime.bridge.engine.RuntimeSpawner;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;

/**
 * A factory of streams seen as a cold {@link Flowable}: the pull-to-push direction with
 * backpressure. The engine is the generic one of {@link ReactiveStreamsBridge#toPublisher} (one
 * task per subscription that keeps the stream polled at most one item ahead of the subscriber's
 * demand, at most 128 polls per task poll, {@code request(n <= 0)} signalled as
 * {@code onError(IllegalArgumentException)}); this class gives it RxJava's failure channel: what
 * no signal can carry goes to {@code RxJavaPlugins.onError} ({@link Undeliverable#SINK}).
 *
 * <h2>Protocol</h2>
 * Each subscription calls the factory on the subscribing thread ({@code onSubscribe} then
 * {@code onError} if it throws or returns {@code null}) and spawns the task; every later signal
 * comes from that task on a runtime worker, serially. The stream's {@code done} is
 * {@code onComplete}, its failure {@code onError} with the same instance; both go out without
 * waiting for demand. A closed runtime fails the subscription with
 * {@code RejectedExecutionException}.
 *
 * <h2>Cancellation</h2>
 * {@code Subscription.cancel()} aborts the task: the runtime closes the stream exactly once on one
 * of its threads at the task's next suspension point, and nothing is signalled after. A failure
 * the stream produced as the subscriber cancelled goes to {@code RxJavaPlugins.onError}, exactly
 * once, unless it is the cancellation itself. A runtime closed under a live subscription ends it
 * with {@code onError(CancellationException)}. Items are pulled at most one ahead of demand, so
 * a cancel loses at most that one item (released: closed if it is {@link AutoCloseable}).
 *
 * <h2>A misbehaving subscriber or stream</h2>
 * A subscriber that throws from any method is cancelled (the stream closed) and its exception
 * goes to {@code RxJavaPlugins.onError}, never into a runtime worker. A stream whose
 * {@code pollNext} throws has failed with that exception; one whose {@code close()} throws still
 * ends the subscription normally, and the close failure is reported.
 *
 * @param <T> the item type
 */
final class FlowableFromStream<T> extends Flowable<T> {

    private final Publisher<T> engine;

    private FlowableFromStream(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        Objects.requireNonNull(streamFactory, "streamFactory");
        Objects.requireNonNull(runtime, "runtime");
        this.engine = RsAdapter.publisher(
                new PublisherFromStream<T>(streamFactory, RuntimeSpawner.on(runtime, Undeliverable.SINK)));
    }

    /** The Flowable, passed through RxJava's assembly hook. */
    static <T> Flowable<T> of(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return RxJavaPlugins.onAssembly(new FlowableFromStream<>(streamFactory, runtime));
    }

    @Override
    protected void subscribeActual(Subscriber<? super T> subscriber) {
        engine.subscribe(subscriber);
    }
}
