package dev.pollbridge.completablefuture.migration;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.completablefuture.migration.Shop.Customer;
import dev.pollbridge.completablefuture.migration.Shop.Request;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.CompletableFuture;

/**
 * Step 4: the whole chain is one Pollbridge future. {@code InFlight} is gone: cancelling the
 * {@code CompletableFuture} callers still get aborts the task, and closing the chain closes the
 * stage it is waiting on. New callers can take {@link #pipeline} and await it directly.
 */
final class Step4PurePollbridge implements OrderPipeline {

    private final Shop shop;
    private final UserDirectory users;
    private final OrderHistory history;
    private final PollRuntime runtime;

    Step4PurePollbridge(Services services) {
        this.shop = services.shop();
        this.users = services.users();
        this.history = services.history();
        this.runtime = services.runtime();
    }

    /** The old signature, kept for callers that are not migrated. */
    @Override
    // tag::step4[]
    public CompletableFuture<String> process(String rawOrder) {
        return CompletableFutureBridge.toCompletableFuture(pipeline(rawOrder), runtime);
    }

    // end::step4[]
    /** The pipeline itself; lazy: nothing runs before the first poll. */
    // tag::step4[]

    PollFuture<String> pipeline(String rawOrder) {
        return Futures.lazy(() -> shop.parse(rawOrder))                         // 1
                .map(shop::validate)                                             // 2
                .flatMap(this::fetchUser)                                        // 3, blocking pool
                .flatMap(history::fetch)                                         // 4, remote
                .map(shop::enrich)                                               // 5
                .map(shop::price)                                                // 6
                .map(shop::discount)                                             // 7
                .map(shop::tax)                                                  // 8
                .map(shop::format)                                               // 9
                .map(shop::audit);                                               // 10
    }
    // end::step4[]

    /** Step 4 while the order history still has only its CompletableFuture API. */
    PollFuture<String> pipelineWithLegacyHistory(String rawOrder) {
        return Futures.lazy(() -> shop.parse(rawOrder))
                .map(shop::validate)
                .flatMap(this::fetchUser)
                // tag::toPollFutureFunction[]
                .flatMap(CompletableFutureBridge.toPollFutureFunction(history::fetchAsync))         // 4, still a CompletableFuture
                // end::toPollFutureFunction[]
                .map(shop::enrich)
                .map(shop::price)
                .map(shop::discount)
                .map(shop::tax)
                .map(shop::format)
                .map(shop::audit);
    }

    private PollFuture<Customer> fetchUser(Request request) {
        return runtime.spawnBlocking(() -> users.load(request));
    }
}
