package dev.pollbridge.runtime.bridge.engine;

/**
 * The engine's view of a publisher: the Reactive Streams {@code Publisher} and the JDK
 * {@code Flow.Publisher} seen through one interface.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface Source<T> {

    /** Subscribes {@code downstream}; signals arrive on whatever thread the publisher chooses. */
    void subscribe(Downstream<? super T> downstream);
}
