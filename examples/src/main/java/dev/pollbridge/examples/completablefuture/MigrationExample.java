package dev.pollbridge.examples.completablefuture;

import static dev.pollbridge.completablefuture.CompletableFutureBridge.stage;
import static dev.pollbridge.completablefuture.CompletableFutureBridge.toFuture;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Runtime;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The third user story: a {@code CompletableFuture} chain migrated one stage at a time. The chain
 * keeps its type while one stage becomes a pull-model future; then the whole chain becomes one, and
 * cancelling it reaches the stage in flight (which a plain chain cannot do).
 */
public final class MigrationExample {

    private final Runtime runtime;
    private final AtomicInteger remoteCallsCancelled = new AtomicInteger();

    public MigrationExample(Runtime runtime) {
        this.runtime = runtime;
    }

    /** A legacy service: answers after a real delay on the common pool. */
    private CompletableFuture<Integer> legacyPrice(String item) {
        CompletableFuture<Integer> price = CompletableFuture.supplyAsync(() -> item.length() * 10,
                CompletableFuture.delayedExecutor(50, java.util.concurrent.TimeUnit.MILLISECONDS));
        price.whenComplete((value, error) -> {
            if (price.isCancelled()) {
                remoteCallsCancelled.incrementAndGet();
            }
        });
        return price;
    }

    /** The same stage, migrated: a pull-model future that sleeps on the runtime's timer. */
    private PollFuture<Integer> migratedPrice(String item) {
        return runtime.sleep(Duration.ofMillis(50)).map(ignored -> item.length() * 10);
    }

    public void run() {
        // Step 1: the chain is still a CompletableFuture; one stage is a PollFuture.
        int total = CompletableFuture.completedFuture("keyboard")
                .thenCompose(stage(this::migratedPrice, runtime))
                .thenApply(price -> price + 5)
                .join();
        System.out.println("[cf] half-migrated chain: " + total);

        // Step 2: all pull-model; a legacy stage is awaited through toFuture.
        PollFuture<Integer> both = Futures.join(
                toFuture(legacyPrice("mouse")), migratedPrice("screen"), Integer::sum);
        System.out.println("[cf] joined legacy + migrated: " + runtime.blockOn(both));

        // Cancellation reaches the legacy CompletableFuture in flight: timeout closes the inner
        // future, which cancels the source.
        PollFuture<Integer> slow = runtime.timeout(toFuture(legacyPrice("a very slow item")), Duration.ofMillis(5));
        try {
            runtime.blockOn(slow);
        } catch (RuntimeException timeoutOrCompletion) {
            System.out.println("[cf] timed out: " + timeoutOrCompletion.getClass().getSimpleName()
                    + "; legacy calls cancelled: " + remoteCallsCancelled.get());
        }
    }
}
