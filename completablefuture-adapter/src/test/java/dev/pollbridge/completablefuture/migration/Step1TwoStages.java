package dev.pollbridge.completablefuture.migration;

// tag::step1[]
import static dev.pollbridge.completablefuture.CompletableFutureBridge.toCompletableFutureFunction;
// end::step1[]

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.migration.Shop.Customer;
import dev.pollbridge.completablefuture.migration.Shop.Request;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.CompletableFuture;

/**
 * Step 1: the two remote stages become {@code PollFuture}s (the blocking lookup moves to the
 * runtime's blocking pool, the order history uses its pull API) and are bridged into the
 * unchanged chain with {@code thenCompose(toCompletableFutureFunction(...))}. Nothing else moves.
 */
final class Step1TwoStages implements OrderPipeline {

    private final Shop shop;
    private final UserDirectory users;
    private final OrderHistory history;
    private final PollRuntime runtime;

    Step1TwoStages(Services services) {
        this.shop = services.shop();
        this.users = services.users();
        this.history = services.history();
        this.runtime = services.runtime();
    }

    @Override
    public CompletableFuture<String> process(String rawOrder) {
        InFlight inFlight = new InFlight();
        // tag::step1[]

        return inFlight.cancelling(CompletableFuture.completedFuture(rawOrder)
                .thenApply(shop::parse)                                          // 1
                .thenApply(shop::validate)                                       // 2
                .thenCompose(inFlight.track(toCompletableFutureFunction(this::fetchUser, runtime)))    // 3: PollFuture
                .thenCompose(inFlight.track(toCompletableFutureFunction(history::fetch, runtime)))     // 4: PollFuture
                .thenApply(shop::enrich)                                         // 5
                .thenApply(shop::price)                                          // 6
                .thenApply(shop::discount)                                       // 7
                .thenApply(shop::tax)                                            // 8
                .thenApply(shop::format)                                         // 9
                .thenApply(shop::audit));                                        // 10
        // end::step1[]
    }

    // tag::step1[]

    private PollFuture<Customer> fetchUser(Request request) {
        return runtime.spawnBlocking(() -> users.load(request));
    }
    // end::step1[]
}
