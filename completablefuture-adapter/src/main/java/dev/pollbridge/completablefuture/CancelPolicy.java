package dev.pollbridge.completablefuture;

/**
 * What closing a {@code PollFuture} made by {@link CompletableFutureBridge#toFuture} does to the
 * {@code CompletionStage} behind it when the stage has not completed yet.
 *
 * <p>Closing after the stage completed does nothing to the stage under either policy.
 */
public enum CancelPolicy {

    /**
     * Cancel the source (the default): {@code stage.toCompletableFuture().cancel(false)}, so the
     * stage and its other dependents complete with a {@code CancellationException}. A stage that
     * refuses {@code toCompletableFuture()} (throws {@link UnsupportedOperationException}) is
     * detached instead. The JDK's {@code minimalCompletionStage()} returns a <em>copy</em> from
     * {@code toCompletableFuture()}; cancelling that copy does not reach the original, so such a
     * stage is in effect detached too.
     */
    CANCEL_SOURCE,

    /**
     * Leave the source running: the future stops listening and drops the outcome when it
     * arrives. Use it when the stage is shared with other consumers that still want its value.
     */
    DETACH
}
