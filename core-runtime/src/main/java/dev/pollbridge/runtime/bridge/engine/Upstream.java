package dev.pollbridge.runtime.bridge.engine;

/**
 * The engine's view of a subscription: the Reactive Streams {@code Subscription} and the JDK
 * {@code Flow.Subscription} seen through one interface, so the engine is written once. Thin
 * adapters in {@link RsAdapter} and {@link FlowAdapter} translate. Two adapters of the same
 * subscription are {@code equals}, so a subscription signalled twice is recognised (rule 2.5).
 */
public interface Upstream {

    /** Asks for {@code n} more items (rule 3.9: {@code n} must be positive). */
    void request(long n);

    /** Asks the publisher to stop; idempotent. */
    void cancel();
}
