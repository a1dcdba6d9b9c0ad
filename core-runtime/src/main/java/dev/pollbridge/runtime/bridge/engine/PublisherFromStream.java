package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A factory of streams seen as a cold publisher: the publisher half of the Reactive Streams and
 * {@code Flow} bridges, written once against {@link Source}/{@link Downstream}. Each
 * subscription gets a fresh stream from the factory and a {@link StreamSubscription} task that
 * drives it.
 *
 * <p>The factory runs on the subscribing thread, inside {@code subscribe}. If it throws or
 * returns {@code null}, the subscriber gets {@code onSubscribe} and then {@code onError} with
 * that failure (a {@link NullPointerException} for {@code null}), without any request: a
 * rejected subscription (rule 1.9).
 *
 * @param <T> the item type
 */
public final class PublisherFromStream<T> implements Source<T> {

    private final Supplier<? extends PollStream<? extends T>> streamFactory;
    private final TaskSpawner spawner;

    /**
     * @param spawner starts one detached task per subscription; a task that fails (a subscriber
     *     method threw, rule 2.13) reports to the runtime's uncaught-failure handler
     */
    public PublisherFromStream(Supplier<? extends PollStream<? extends T>> streamFactory, TaskSpawner spawner) {
        this.streamFactory = Objects.requireNonNull(streamFactory, "streamFactory");
        this.spawner = Objects.requireNonNull(spawner, "spawner");
    }

    /**
     * A publisher of at most one item per subscription: each subscription gets a fresh future
     * from {@code futureFactory} (a {@code null} value completes empty).
     */
    public static <T> PublisherFromStream<T> ofFutures(
            Supplier<? extends PollFuture<? extends T>> futureFactory, TaskSpawner spawner) {
        Objects.requireNonNull(futureFactory, "futureFactory");
        return new PublisherFromStream<T>(() -> new StreamFromFuture<T>(
                SingleUse.claim(Objects.requireNonNull(futureFactory.get(), "the future factory returned null"),
                        "a subscription of toOneItemPublisher")), spawner);
    }

    @Override
    public void subscribe(Downstream<? super T> downstream) {
        Objects.requireNonNull(downstream, "subscriber");
        PollStream<? extends T> stream;
        try {
            stream = SingleUse.claim(Objects.requireNonNull(streamFactory.get(), "the stream factory returned null"),
                    "a Reactive Streams subscription");
        } catch (Throwable error) {
            Fatal.rethrowIfFatal(error);
            StreamSubscription.reject(downstream, error, spawner);
            return;
        }
        new StreamSubscription<T>(stream, downstream, spawner).start();
    }
}
