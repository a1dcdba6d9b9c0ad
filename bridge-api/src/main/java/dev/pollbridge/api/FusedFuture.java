package dev.pollbridge.api;

/**
 * A future that may be polled after it completed: from then on it returns {@code pending}
 * forever instead of throwing, and {@link #isTerminated()} says so (futures-rs {@code Fuse}).
 *
 * <h2>Why it exists: select loops</h2>
 * A loop that waits for "whichever of these futures is ready next" keeps polling the same set of
 * futures, including those that already delivered their value. A plain {@link PollFuture}
 * throws when polled after ready (rule 9); a fused one quietly stays pending, so the loop can
 * poll every member each round and skip the terminated ones with {@link #isTerminated()}.
 *
 * <p>The {@code pending} returned after completion registers no waker: nothing will ever wake
 * it, which is right because nothing is left to wait for. Check {@link #isTerminated()} rather
 * than waiting on a terminated fused future.
 *
 * <p><b>Cancel-safety:</b> as cancel-safe as the future it wraps. Closing it closes the inner
 * future once (it is closed as soon as it completes, too).
 *
 * @param <T> the value type
 */
public interface FusedFuture<T> extends PollFuture<T> {

    /**
     * True once the inner future returned ready or failed (or this future was closed): further
     * polls return {@code pending} and nothing will change.
     *
     * @return true once the outcome was delivered or the future was closed
     */
    boolean isTerminated();
}
