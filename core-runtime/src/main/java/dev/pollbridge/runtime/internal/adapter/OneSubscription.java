package dev.pollbridge.runtime.internal.adapter;

import dev.pollbridge.api.PollStream;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The factory behind a publisher built around one existing future or stream
 * ({@code ReactorBridge.toMono(future)}, {@code RxJavaBridge.toSingle(future)}, ...): it hands the
 * future to the first subscription and refuses every later one with an
 * {@link IllegalStateException} that says why (a future has one owner, rule 11) and names the
 * fix, a {@code Supplier} that builds a new future per subscription.
 *
 * <p>Thread safety: subscriptions may race; exactly one of them gets the future (one CAS).
 */
public final class OneSubscription {

    private OneSubscription() {}

    /**
     * A factory that returns {@code source} once, then throws.
     *
     * @param <S> the future's or stream's type
     * @param source the one future or stream
     * @param publisher names the publisher in the refusal ("a Mono of one PollFuture")
     * @param withSupplier the same conversion from a supplier, for the refusal
     *     ({@code "ReactorBridge.toMono(() -> buildTheFuture())"})
     * @return the factory
     */
    public static <S> Supplier<S> of(S source, String publisher, String withSupplier) {
        Objects.requireNonNull(source, "source");
        AtomicBoolean taken = new AtomicBoolean();
        return () -> {
            if (!taken.compareAndSet(false, true)) {
                throw new IllegalStateException(publisher + " was subscribed to a second time: it hands its one "
                        + (source instanceof PollStream ? "stream" : "future")
                        + " to its first subscriber, which owns it (rule 11 of docs/concepts.md: one owner polls and "
                        + "closes it). To subscribe more than once, convert a Supplier that builds a new one per "
                        + "subscription: " + withSupplier + ".");
            }
            return source;
        };
    }
}
