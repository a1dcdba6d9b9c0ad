package dev.pollbridge.completablefuture.migration;

import dev.pollbridge.completablefuture.migration.Shop.Request;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Step 0: the pipeline as it is before the migration, ten {@code CompletableFuture} stages.
 * Cancelling the result only stops the stage in flight because {@link InFlight} does it by hand.
 */
final class Step0PureCf implements OrderPipeline {

    private final Shop shop;
    private final UserDirectory users;
    private final OrderHistory history;
    private final Executor pool;

    Step0PureCf(Services services) {
        this.shop = services.shop();
        this.users = services.users();
        this.history = services.history();
        this.pool = services.pool();
    }

    @Override
    // tag::step0[]
    public CompletableFuture<String> process(String rawOrder) {
        InFlight inFlight = new InFlight();
        return inFlight.cancelling(CompletableFuture.completedFuture(rawOrder)
                .thenApply(shop::parse)                                  // 1
                .thenApply(shop::validate)                               // 2
                .thenCompose(inFlight.track(this::fetchUser))            // 3, on the pool
                .thenCompose(inFlight.track(history::fetchAsync))        // 4, remote
                .thenApply(shop::enrich)                                 // 5
                .thenApply(shop::price)                                  // 6
                .thenApply(shop::discount)                               // 7
                .thenApply(shop::tax)                                    // 8
                .thenApply(shop::format)                                 // 9
                .thenApply(shop::audit));                                // 10
    }
    // end::step0[]

    // tag::step0[]

    private CompletableFuture<Shop.Customer> fetchUser(Request request) {
        return CompletableFuture.supplyAsync(() -> users.load(request), pool);
    }
    // end::step0[]
}
