package dev.pollbridge.examples.completablefuture;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.examples.Story;
import dev.pollbridge.examples.completablefuture.MigrateCompletableFutureChain.Order;
import dev.pollbridge.examples.completablefuture.MigrateCompletableFutureChain.Priced;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;

/**
 * The same price service after migration: a lazy {@code PollFuture} (an {@code Async} body that
 * waits 200 ms on the runtime's timer). Closing the future cancels the call in flight.
 */
final class MigratedPricing {

    private final Story story;
    private final PollRuntime runtime;
    private volatile CountDownLatch[] watch = {new CountDownLatch(1), new CountDownLatch(1)};

    MigratedPricing(Story story, PollRuntime runtime) {
        this.story = story;
        this.runtime = runtime;
    }

    /** Latches for the next call: [0] opens when it starts, [1] when it has answered or was cancelled. */
    CountDownLatch[] watch() {
        watch = new CountDownLatch[] {new CountDownLatch(1), new CountDownLatch(1)};
        return watch;
    }

    PollFuture<Priced> price(Order order) {
        CountDownLatch[] signals = watch;
        return Async.run(() -> {
            signals[0].countDown();
            try {
                Async.await(runtime.sleep(Duration.ofMillis(200)));
            } catch (CancellationException cancelled) {
                story.say("price(" + order.item() + ") was cancelled on " + story.thread() + " before it answered");
                signals[1].countDown();
                throw cancelled;
            }
            story.say("price(" + order.item() + ") computed its answer on " + story.thread());
            signals[1].countDown();
            return new Priced(order, LegacyPricing.CENTS_PER_KEYBOARD * order.quantity());
        });
    }
}
