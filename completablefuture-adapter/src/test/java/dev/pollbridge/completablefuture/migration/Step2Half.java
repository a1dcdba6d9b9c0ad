package dev.pollbridge.completablefuture.migration;

// tag::step2[]
import static dev.pollbridge.completablefuture.CompletableFutureBridge.toCompletableFutureFunction;
// end::step2[]

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.migration.Shop.Customer;
import dev.pollbridge.completablefuture.migration.Shop.Request;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.CompletableFuture;

/**
 * Step 2: half the chain (stages 3 to 7) is one Pollbridge future built with {@code flatMap} and
 * {@code map}, bridged in as a single {@code thenCompose} stage. The two bridges of step 1
 * collapse into one.
 */
final class Step2Half implements OrderPipeline {

    private final Shop shop;
    private final UserDirectory users;
    private final OrderHistory history;
    private final PollRuntime runtime;

    Step2Half(Services services) {
        this.shop = services.shop();
        this.users = services.users();
        this.history = services.history();
        this.runtime = services.runtime();
    }

    @Override
    public CompletableFuture<String> process(String rawOrder) {
        InFlight inFlight = new InFlight();
        // tag::step2[]

        return inFlight.cancelling(CompletableFuture.completedFuture(rawOrder)
                .thenApply(shop::parse)                                          // 1
                .thenApply(shop::validate)                                       // 2
                .thenCompose(inFlight.track(toCompletableFutureFunction(this::priceOrder, runtime)))   // 3-7: one PollFuture
                .thenApply(shop::tax)                                            // 8
                .thenApply(shop::format)                                         // 9
                .thenApply(shop::audit));                                        // 10
        // end::step2[]
    }

    // tag::step2[]

    private PollFuture<Shop.Priced> priceOrder(Request request) {
        return fetchUser(request)                                                // 3
                .flatMap(history::fetch)                                         // 4
                .map(shop::enrich)                                               // 5
                .map(shop::price)                                                // 6
                .map(shop::discount);                                            // 7
    }

    private PollFuture<Customer> fetchUser(Request request) {
        return runtime.spawnBlocking(() -> users.load(request));
    }
    // end::step2[]
}
