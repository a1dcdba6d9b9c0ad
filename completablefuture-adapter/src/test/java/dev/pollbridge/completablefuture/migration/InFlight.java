package dev.pollbridge.completablefuture.migration;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The hand-written backward cancellation a {@code CompletableFuture} chain needs:
 * {@code cancel} on the last stage of a chain never reaches the stage still running, so the chain
 * keeps a reference to the stage in flight and cancels it itself. Steps 0 to 3 of the migration
 * carry this class; step 4 deletes it, because closing a Pollbridge chain closes whatever it is
 * waiting on.
 */
final class InFlight {

    private final AtomicReference<CompletableFuture<?>> current = new AtomicReference<>();
    private volatile boolean cancelled;

    /**
     * Wraps a {@code thenCompose} function so the stage it starts is the one in flight. A stage
     * started after the chain was cancelled is cancelled at once.
     */
    <T, U> Function<T, CompletableFuture<U>> track(Function<? super T, ? extends CompletableFuture<U>> call) {
        return value -> {
            if (cancelled) {
                return CompletableFuture.failedFuture(new CancellationException("the chain was cancelled"));
            }
            CompletableFuture<U> started = call.apply(value);
            current.set(started);
            // Volatile write of current, then volatile read of cancelled; cancel() does the
            // opposite order, so at least one of the two sees the other (no stage escapes).
            if (cancelled) {
                started.cancel(false);
            }
            return started;
        };
    }

    /** Returns {@code result}, and makes its cancellation cancel the stage in flight. */
    <T> CompletableFuture<T> cancelling(CompletableFuture<T> result) {
        result.whenComplete((value, error) -> {
            if (result.isCancelled()) {
                cancelled = true;
                CompletableFuture<?> running = current.get();
                if (running != null) {
                    running.cancel(false);
                }
            }
        });
        return result;
    }
}
