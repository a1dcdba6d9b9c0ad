package dev.pollbridge.runtime.bridge.engine;

/**
 * The engine's view of a subscriber: the Reactive Streams {@code Subscriber} and the JDK
 * {@code Flow.Subscriber} seen through one interface. Calls follow the spec's signal rules:
 * {@code onSubscribe} first, then serialized {@code onNext}s, then at most one terminal signal.
 *
 * @param <T> the item type
 */
public interface Downstream<T> {

    /** The subscription was established. */
    void onSubscribe(Upstream subscription);

    /** One item; never {@code null} from a correct publisher. */
    void onNext(T item);

    /** The publisher failed. Terminal. */
    void onError(Throwable error);

    /** The publisher completed. Terminal. */
    void onComplete();
}
