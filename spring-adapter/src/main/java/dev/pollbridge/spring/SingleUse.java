package dev.pollbridge.spring;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A supplier that hands its one resource (a future or stream, which has a single owner) to the
 * first caller and fails every later call with {@link IllegalStateException}. Thread-safe: of
 * concurrent callers exactly one gets the resource (one atomic swap), and the supplier keeps no
 * reference to it afterwards.
 *
 * @param <T> the resource type
 */
final class SingleUse<T> implements Supplier<T> {

    private final AtomicReference<T> resource;
    private final String kind;

    private SingleUse(T resource, String kind) {
        this.resource = new AtomicReference<>(Objects.requireNonNull(resource, kind));
        this.kind = kind;
    }

    /** A supplier of {@code resource}, once; {@code kind} names it in the error of later calls. */
    static <T> Supplier<T> of(T resource, String kind) {
        return new SingleUse<>(resource, kind);
    }

    @Override
    public T get() {
        T taken = resource.getAndSet(null);
        if (taken == null) {
            throw new IllegalStateException("a Publisher adapted from a " + kind + " can be subscribed to only once: "
                    + "the " + kind + " is polled and closed by one owner, the first subscriber");
        }
        return taken;
    }
}
