package dev.pollbridge.reactor;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.bridge.engine.PublisherFromStream;
import dev.pollbridge.runtime.bridge.engine.RsAdapter;
import dev.pollbridge.runtime.bridge.engine.RuntimeSpawner;
import dev.pollbridge.runtime.bridge.engine.TaskSpawner;
import java.util.Objects;
import java.util.function.Supplier;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.util.context.ContextView;

/**
 * A factory of streams seen as a cold {@link Flux}: the pull-to-push direction for many items.
 * The engine is the generic one of {@link ReactiveStreamsBridge#toPublisher} (one task per
 * subscription that keeps the stream polled at most one item ahead of demand, at most 128 polls
 * per task poll); this class adds the Reactor context, bound while the task polls the stream
 * ({@link ReactorContextLocal}), and Reactor's failure channel: what no signal can carry goes to
 * {@code Hooks.onErrorDropped} with the subscriber's context ({@link DroppedErrors}).
 *
 * <h2>Protocol</h2>
 * {@code subscribe} runs the factory on the subscribing thread (a factory that throws or returns
 * {@code null} fails that subscription without any request), hands the subscriber its
 * subscription there, and spawns the task; every later signal comes from that task on a runtime
 * worker, serially. The stream's {@code done} is {@code onComplete}; its failure (same instance)
 * is {@code onError}. A closed runtime fails the subscription with
 * {@code RejectedExecutionException}.
 *
 * <h2>Cancellation</h2>
 * {@code Subscription.cancel()} aborts the task: the runtime closes the stream exactly once on
 * one of its threads, at the task's next suspension point; nothing is signalled after. A runtime
 * closed under a live subscription ends it with {@code onError(CancellationException)}. Items
 * are pulled at most one ahead of demand, so cancelling loses at most that one item (dropped,
 * and closed if it is {@link AutoCloseable}); whatever the stream's own body was doing is cancelled as closing it
 * says (an {@code Async.stream} body's pending {@code emit} or {@code await} throws, its
 * {@code finally} runs). A failure of the stream after the cancel goes to
 * {@code Hooks.onErrorDropped}, unless it is the cancellation itself.
 *
 * <h2>End without demand</h2>
 * The look-ahead finds the end as soon as the stream returns it, so {@code onComplete} (or
 * {@code onError}) does not wait for a request: {@code StepVerifier.create(flux, 1)} sees a
 * one-item stream complete after its item, and an empty stream completes a subscriber that
 * never requested, as Reactor's own {@code Flux.fromIterable} does.
 *
 * @param <T> the item type
 */
final class FluxFromStream<T> extends Flux<T> {

    private final Supplier<? extends PollStream<? extends T>> streamFactory;
    private final PollRuntime runtime;

    private FluxFromStream(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        this.streamFactory = Objects.requireNonNull(streamFactory, "streamFactory");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    /** The Flux, passed through Reactor's assembly hooks ({@code Hooks.onEachOperator}, debug). */
    static <T> Flux<T> of(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return onAssembly(new FluxFromStream<>(streamFactory, runtime));
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        Objects.requireNonNull(actual, "subscriber");
        ContextView view = actual.currentContext();
        TaskSpawner spawner = RuntimeSpawner.on(runtime, DroppedErrors.of(view));
        RsAdapter.publisher(new PublisherFromStream<T>(() -> scoped(view), spawner)).subscribe(actual);
    }

    private PollStream<? extends T> scoped(ContextView view) {
        PollStream<? extends T> stream = Objects.requireNonNull(streamFactory.get(), "the stream factory returned null");
        return ReactorContextLocal.scopeStream(view, stream);
    }
}
