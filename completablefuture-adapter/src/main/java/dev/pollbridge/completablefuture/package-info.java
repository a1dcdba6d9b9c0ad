/**
 * {@code CompletionStage}/{@code CompletableFuture} and {@code PollFuture} both ways.
 *
 * <p>{@link dev.pollbridge.completablefuture.CompletableFutureBridge} is the only entry point.
 * Each direction is one package-private class named by direction, whose Javadoc has a
 * "Cancellation" section: {@code FutureFromStage} (a stage awaited as a future: lazy
 * registration, one atomic state word, wrappers unwrapped, close applies the
 * {@link dev.pollbridge.completablefuture.CancelPolicy}) and {@code CompletableFutureFromFuture}
 * (a future run as a task behind a {@code CompletableFuture}: any completion by a caller aborts
 * the task, which closes the future exactly once).
 */
package dev.pollbridge.completablefuture;
