package dev.pollbridge.reactor.internal;

import dev.pollbridge.runtime.bridge.engine.FusedUpstream;
import reactor.core.Fuseable;

/**
 * A Reactor {@link Fuseable.QueueSubscription} seen as the bridge engine's {@link FusedUpstream}:
 * {@code toPollStream} of a fusable {@code Flux} ({@code range}, {@code fromIterable},
 * {@code fromArray}, {@code just}: {@code SYNC}; a unicast sink, the output of
 * {@code publishOn}: {@code ASYNC}) takes the items from the source's queue instead of through
 * {@code onNext}. Fusion is asked for as {@code publishOn} asks ({@code ANY | THREAD_BARRIER}),
 * since the stream's poller runs on another thread than the source would: operators whose
 * callbacks are thread-sensitive ({@code map}, {@code filter}, {@code doOnNext}) decline it.
 * Closing an {@code ASYNC} stream cancels, then {@code clear()}s, as {@code publishOn} does, and
 * leaves the items still queued to Reactor's discard hooks ({@link #discardsOnCancel()}).
 * Two of the same subscription are equal (the engine's rule 2.5 check).
 */
public final class FusedSubscription<T> implements FusedUpstream<T> {

    private final Fuseable.QueueSubscription<T> queue;

    /**
     * The engine's view of {@code queue}.
     *
     * @param queue a Reactor subscription that offers fusion
     */
    public FusedSubscription(Fuseable.QueueSubscription<T> queue) {
        this.queue = queue;
    }

    @Override
    public int requestFusion() {
        int mode = queue.requestFusion(Fuseable.ANY | Fuseable.THREAD_BARRIER);
        return mode == Fuseable.SYNC ? SYNC : mode == Fuseable.ASYNC ? ASYNC : NONE;
    }

    @Override
    public T poll() {
        return queue.poll();
    }

    @Override
    public void clear() {
        queue.clear();
    }

    /** Reactor's discard hooks own what a cancelled source still queues (Reactor's fusion contract). */
    @Override
    public boolean discardsOnCancel() {
        return true;
    }

    @Override
    public void request(long n) {
        queue.request(n);
    }

    @Override
    public void cancel() {
        queue.cancel();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FusedSubscription && ((FusedSubscription<?>) other).queue == queue;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(queue);
    }
}
