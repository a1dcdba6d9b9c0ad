package dev.pollbridge.rxjava3.internal;

import dev.pollbridge.runtime.bridge.engine.FusedUpstream;
import io.reactivex.rxjava3.operators.QueueFuseable;
import io.reactivex.rxjava3.operators.QueueSubscription;

/**
 * An RxJava {@link QueueSubscription} seen as the bridge engine's {@link FusedUpstream}: a
 * fusable {@code Flowable} ({@code range}, {@code fromIterable}, {@code fromArray}, {@code just}:
 * {@code SYNC}; a {@code UnicastProcessor}, the output of {@code observeOn}: {@code ASYNC}) hands
 * its items over from its own queue instead of through {@code onNext}. Fusion is asked for as
 * {@code observeOn} asks ({@code ANY | BOUNDARY}), since the stream's poller runs on another thread
 * than the source would: operators whose callbacks are thread-sensitive ({@code map},
 * {@code doOnNext}) decline. Two of the same subscription are equal (the engine's rule 2.5 check).
 *
 * @param <T> the item type
 */
public final class FusedFlowableSubscription<T> implements FusedUpstream<T> {

    private final QueueSubscription<T> queue;

    /**
     * The engine's view of {@code queue}.
     *
     * @param queue an RxJava subscription that offers fusion
     */
    public FusedFlowableSubscription(QueueSubscription<T> queue) {
        this.queue = queue;
    }

    /**
     * Asks {@code queue} for fusion as {@code observeOn} does, once, before any request.
     *
     * @param queue an RxJava subscription that offers fusion
     * @return the engine's {@link FusedUpstream#SYNC}, {@link FusedUpstream#ASYNC} or {@link FusedUpstream#NONE}
     */
    public static int requestFusion(QueueSubscription<?> queue) {
        int mode = queue.requestFusion(QueueFuseable.ANY | QueueFuseable.BOUNDARY);
        return mode == QueueFuseable.SYNC ? SYNC : mode == QueueFuseable.ASYNC ? ASYNC : NONE;
    }

    @Override
    public int requestFusion() {
        return requestFusion(queue);
    }

    @Override
    public T poll() throws Throwable {
        return queue.poll();
    }

    @Override
    public void clear() {
        queue.clear();
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
        return other instanceof FusedFlowableSubscription && ((FusedFlowableSubscription<?>) other).queue == queue;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(queue);
    }
}
