/**
 * {@code CompletionStage} and {@code CompletableFuture} both ways: await a stage as a
 * {@code PollFuture}, run a {@code PollFuture} on the runtime behind a {@code CompletableFuture},
 * and migrate {@code CompletableFuture} chains one stage at a time. The entry point is
 * {@link dev.pollbridge.completablefuture.CompletableFutureBridge}.
 */
module dev.pollbridge.completablefuture {
    requires transitive dev.pollbridge.runtime;

    exports dev.pollbridge.completablefuture;
}
