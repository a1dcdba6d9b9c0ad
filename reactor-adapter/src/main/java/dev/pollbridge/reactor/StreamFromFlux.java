package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.internal.ContextSubscriber;
import dev.pollbridge.reactor.internal.FusedSubscription;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.bridge.engine.FailureSink;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream.Which;
import dev.pollbridge.runtime.bridge.engine.RsAdapter;
import dev.pollbridge.runtime.bridge.engine.Source;
import dev.pollbridge.runtime.bridge.engine.StreamFromPublisher;
import java.util.Objects;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import reactor.core.CorePublisher;
import reactor.core.publisher.Flux;
import reactor.util.context.Context;

/**
 * A {@link Flux} (or any {@link Publisher}) seen as a {@link PollStream}: the push-to-pull
 * direction for many items. The stream itself is the generic
 * {@link ReactiveStreamsBridge#toPollStream(Publisher, int)} engine (bounded prefetch ring,
 * replenished as items are polled, overflow detection); this class adds the Reactor context and
 * Reactor's failure channel.
 *
 * <p>A Reactor publisher is subscribed with a {@link ContextSubscriber} built when the bridge
 * subscribes, that is inside the first {@code pollNext}, where the polling task's
 * {@link ReactorContextLocal} is bound; its context is that view. So a {@code Flux} consumed
 * inside a task started by {@code toMono}/{@code toFlux} sees the subscriber's context. Other
 * publishers have no Reactor context and are bridged as they are. A {@code Flux} that offers
 * Reactor's queue fusion is fused as {@code publishOn} fuses it ({@link FusedSubscription}): the
 * stream then takes the items from the source's queue, and a synchronous source
 * ({@code range}, {@code fromIterable}) is pulled one item per poll with no request at all.
 * What no signal can carry (an error after the stream was closed, a {@code cancel()} that threw,
 * a signal after the terminal one) goes to {@code Hooks.onErrorDropped} with that context
 * ({@link DroppedErrors}).
 *
 * <h2>Cancellation</h2>
 * Closing the stream before the end cancels the subscription exactly once (and never after the
 * publisher terminated); items received but not yet polled are dropped (closed if they are
 * {@link AutoCloseable}). A fused source is then told to {@code clear()} its queue, whose items
 * it discards by Reactor's own policy (a {@code doOnDiscard} hook in the context). Closing before the
 * first poll never subscribes. {@code pollNext} is cancel-safe.
 */
final class StreamFromFlux {

    private StreamFromFlux() {}

    static <T> PollStream<T> of(Publisher<? extends T> publisher, int prefetch) {
        return of(publisher, prefetch, new ContextHolder(), Long.MAX_VALUE);
    }

    /**
     * One item of {@code publisher} ({@link ItemFromStream}) over a stream of this kind with the
     * prefetch {@code which} asks for, cancelled inside the {@code onNext} of the last item it
     * needs ({@link Which#limit()}); an item it drops and fails to close goes to
     * {@code Hooks.onErrorDropped} too. {@code required}: an empty publisher fails with
     * {@code NoSuchElementException}; otherwise it gives {@code emptyValue}.
     */
    static <T> PollFuture<T> item(Publisher<? extends T> publisher, Which which, boolean required, T emptyValue) {
        ContextHolder holder = new ContextHolder();
        PollStream<T> stream = of(publisher, which.prefetch(), holder, which.limit());
        return required
                ? ItemFromStream.required(stream, which, holder)
                : ItemFromStream.orDefault(stream, which, emptyValue, holder);
    }

    private static <T> PollStream<T> of(Publisher<? extends T> publisher, int prefetch, ContextHolder holder, long limit) {
        Objects.requireNonNull(publisher, "publisher");
        if (publisher instanceof CorePublisher) {
            Flux<T> flux = Flux.from(publisher);
            // Runs when the bridge subscribes, inside the first pollNext, where the polling task's
            // context is bound. Through subscribe(Subscriber), Reactor's public entry point, so
            // its hooks apply; a CoreSubscriber there is not wrapped in StrictSubscriber.
            Source<T> withContext = downstream -> {
                Context context = holder.capture();
                flux.subscribe((Subscriber<? super T>) new ContextSubscriber<T>(downstream, context));
            };
            return new StreamFromPublisher<>(withContext, prefetch, holder, limit);
        }
        Publisher<? extends T> plain = publisher;
        Publisher<T> capturing = subscriber -> {
            holder.capture();
            plain.subscribe(subscriber);
        };
        return new StreamFromPublisher<>(RsAdapter.source(capturing), prefetch, holder, limit);
    }

    /**
     * The subscription's Reactor context, read at subscription, and the sink that drops with it.
     * Written by the subscribing poller before {@code subscribe}; read by signals, which come after.
     */
    private static final class ContextHolder implements FailureSink {
        private volatile Context context = Context.empty();

        Context capture() {
            Context current = Context.of(ReactorContextLocal.current());
            context = current;
            return current;
        }

        @Override
        public void report(String what, Throwable failure) {
            DroppedErrors.drop(failure, context);
        }
    }
}
