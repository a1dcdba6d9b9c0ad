package dev.pollbridge.completablefuture;

/**
 * What closing a {@code PollFuture} made by {@link CompletableFutureBridge#toPollFuture} does to the
 * {@code CompletionStage} behind it when the stage has not completed yet.
 *
 * <p>Closing after the stage completed does nothing to the stage under either policy.
 */
public enum CancelPolicy {

    /**
     * Cancel the source (the default): {@code stage.toCompletableFuture().cancel(false)}, so the
     * stage and its other dependents complete with a {@code CancellationException}.
     *
     * <p><b>Stages that cannot be cancelled are detached instead</b>, silently (there is nobody to
     * tell; closing is not an error):
     * <ul>
     *   <li>a stage whose {@code toCompletableFuture()} throws {@link UnsupportedOperationException};
     *   <li>a minimal stage: the JDK's {@code cf.minimalCompletionStage()}, or any
     *       {@code CompletableFuture} whose {@code toCompletableFuture()} returns another object.
     *       That other object is a copy that <em>depends</em> on the minimal stage, and a
     *       {@code CompletableFuture} never passes a cancel from a dependent back to its source;
     *       the minimal stage itself refuses {@code cancel} and keeps no reference to the
     *       {@code cf} it was made from. So the source cannot be reached from the stage at all.
     * </ul>
     * If you hold the {@code CompletableFuture} a minimal stage came from and want closing to
     * cancel it, pass that one to {@code toPollFuture} (its own {@code minimalCompletionStage()} is
     * only a read-only view of it).
     */
    CANCEL_SOURCE,

    /**
     * Leave the source running: the future stops listening and drops the outcome when it
     * arrives. Use it when the stage is shared with other consumers that still want its value.
     * A failure that arrives after the close is an error after cancellation: it goes to the
     * uncaught-failure handler of the runtime that polled the future (unless it is a
     * {@code CancellationException}); a value is left to the stage's other consumers, not closed.
     */
    DETACH
}
