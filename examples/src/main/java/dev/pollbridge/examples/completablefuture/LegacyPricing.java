package dev.pollbridge.examples.completablefuture;

import dev.pollbridge.examples.Story;
import dev.pollbridge.examples.completablefuture.MigrateCompletableFutureChain.Order;
import dev.pollbridge.examples.completablefuture.MigrateCompletableFutureChain.Priced;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The price service before migration: a {@code CompletableFuture} API that answers after 200 ms
 * on the service's own thread. Cancelling a chain built on it never reaches the call: a stage
 * knows the stages that depend on it, not the one it depends on.
 */
final class LegacyPricing {

    static final long CENTS_PER_KEYBOARD = 12_500;

    private final Story story;
    private final ScheduledExecutorService thread;
    private volatile CountDownLatch[] watch = {new CountDownLatch(1), new CountDownLatch(1)};

    LegacyPricing(Story story, ScheduledExecutorService thread) {
        this.story = story;
        this.thread = thread;
    }

    /** The service's one daemon thread, named "legacy-pricing". */
    static ScheduledExecutorService thread() {
        return Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "legacy-pricing");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Latches for the next call: [0] opens when it starts, [1] when it has answered. */
    CountDownLatch[] watch() {
        watch = new CountDownLatch[] {new CountDownLatch(1), new CountDownLatch(1)};
        return watch;
    }

    CompletableFuture<Priced> price(Order order) {
        CountDownLatch[] signals = watch;
        CompletableFuture<Priced> price = new CompletableFuture<>();
        signals[0].countDown();
        thread.schedule(() -> {
            story.say("price(" + order.item() + ") computed its answer on " + story.thread()
                    + (price.isCancelled() ? ", but its future had been cancelled" : ""));
            price.complete(new Priced(order, CENTS_PER_KEYBOARD * order.quantity()));
            signals[1].countDown();
        }, 200, TimeUnit.MILLISECONDS);
        return price;
    }
}
