package dev.pollbridge.completablefuture.migration;

// tag::step3[]
import static dev.pollbridge.completablefuture.CompletableFutureBridge.toCompletableFutureFunction;
// end::step3[]

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.migration.Shop.Customer;
import dev.pollbridge.completablefuture.migration.Shop.Request;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.CompletableFuture;

/**
 * Step 3: stages 2 to 9 are Pollbridge; only the entry (parse) and the exit (audit) are still
 * {@code CompletableFuture} stages, as when the code around them is not migrated yet.
 */
final class Step3Most implements OrderPipeline {

    private final Shop shop;
    private final UserDirectory users;
    private final OrderHistory history;
    private final PollRuntime runtime;

    Step3Most(Services services) {
        this.shop = services.shop();
        this.users = services.users();
        this.history = services.history();
        this.runtime = services.runtime();
    }

    @Override
    public CompletableFuture<String> process(String rawOrder) {
        InFlight inFlight = new InFlight();
        // tag::step3[]

        return inFlight.cancelling(CompletableFuture.completedFuture(rawOrder)
                .thenApply(shop::parse)                                          // 1
                .thenCompose(inFlight.track(toCompletableFutureFunction(this::invoice, runtime)))      // 2-9: one PollFuture
                .thenApply(shop::audit));                                        // 10
        // end::step3[]
    }

    // tag::step3[]

    private PollFuture<String> invoice(Request request) {
        return Futures.lazy(() -> shop.validate(request))                        // 2
                .flatMap(this::fetchUser)                                        // 3
                .flatMap(history::fetch)                                         // 4
                .map(shop::enrich)                                               // 5
                .map(shop::price)                                                // 6
                .map(shop::discount)                                             // 7
                .map(shop::tax)                                                  // 8
                .map(shop::format);                                              // 9
    }

    private PollFuture<Customer> fetchUser(Request request) {
        return runtime.spawnBlocking(() -> users.load(request));
    }
    // end::step3[]
}
