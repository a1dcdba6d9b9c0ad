package dev.pollbridge.completablefuture;

import dev.pollbridge.api.PollFuture;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * {@code CompletionStage} and {@code CompletableFuture} both ways.
 */
public final class CompletableFutureBridge {

    private CompletableFutureBridge() {}

    /**
     * Awaits {@code stage} as a {@link PollFuture}, cancelling the stage when the future is closed
     * first ({@link CancelPolicy#CANCEL_SOURCE}). Same as {@code toFuture(stage, CANCEL_SOURCE)}.
     */
    public static <T> PollFuture<T> toFuture(CompletionStage<T> stage) {
        return toFuture(stage, CancelPolicy.CANCEL_SOURCE);
    }

    /**
     * Awaits {@code stage} as a {@link PollFuture}.
     *
     * <p>Lazy: nothing is registered on the stage before the first poll. The future is ready with
     * the stage's value ({@code null} included) or fails with its real cause: the
     * {@code CompletionException}/{@code ExecutionException} wrappers are removed (nested ones
     * too; a wrapper without a cause stays as it is). A cancelled stage fails with
     * {@code CancellationException}.
     *
     * <p><b>Cancellation:</b> closing the future before the stage completed applies
     * {@code policy} (see {@link CancelPolicy}); closing it afterwards leaves the stage alone.
     * <b>Threads:</b> the stage's completion only records the outcome and wakes the poller, on the
     * completing thread; the value is read by the next poll.
     *
     * @throws NullPointerException if {@code stage} or {@code policy} is {@code null}
     */
    public static <T> PollFuture<T> toFuture(CompletionStage<T> stage, CancelPolicy policy) {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(policy, "policy");
        return new FutureFromStage<>(stage, policy);
    }
}
