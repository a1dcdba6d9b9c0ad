package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The snippets of docs/completablefuture.md, run. */
class CompletableFutureDocTest {

    record User(long id) {}

    record Invoice(long cents) {}

    record Report(String title) {}

    record Order(long id) {}

    record Summary(int orders, long cents) {
        static Summary of(List<Order> orders) {
            return new Summary(orders.size(), 0);
        }

        Summary withPrices(List<Long> prices) {
            return new Summary(orders, prices.stream().mapToLong(Long::longValue).sum());
        }
    }

    static final class LegacyClient {
        CompletableFuture<User> findUser(long id) {
            return CompletableFuture.supplyAsync(() -> new User(id));
        }

        CompletableFuture<User> find(long id) {
            return findUser(id);
        }
    }

    static final class Billing {
        PollFuture<Invoice> invoiceFor(User user) {
            return Futures.ready(new Invoice(user.id() * 100));
        }
    }

    /** The order service, migrated: fetch returns a PollFuture. */
    static final class Orders {
        PollFuture<Order> fetch(long id) {
            return Futures.lazy(() -> new Order(id));
        }
    }

    /** The order service, not migrated yet: fetchAsync returns a CompletableFuture. */
    static final class LegacyOrders {
        CompletableFuture<Order> fetchAsync(User user) {
            return CompletableFuture.completedFuture(new Order(user.id()));
        }
    }

    private final PollRuntime runtime = PollRuntime.builder().workers(2).build();
    private final LegacyClient legacyClient = new LegacyClient();
    private final Billing billing = new Billing();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void toPollFuture() {
        long id = 3;
        // tag::to-poll-future[]
        PollFuture<User> user = CompletableFutureBridge.toPollFuture(legacyClient.findUser(id));
        // end::to-poll-future[]
        assertEquals(new User(3), runtime.blockOn(user));
    }

    PollFuture<Invoice> pipeline(Order order) {
        return Futures.lazy(() -> new Invoice(order.id() * 10));
    }

    @Test
    void toCompletableFuture() {
        Order order = new Order(4);
        // tag::to-completable-future[]
        CompletableFuture<Invoice> invoice = CompletableFutureBridge.toCompletableFuture(pipeline(order), runtime);
        CompletableFuture<Invoice> shared = pipeline(order).to(CompletableFutureBridge::toCompletableFuture); // on PollRuntime.shared()
        // end::to-completable-future[]
        assertEquals(new Invoice(40), invoice.join());
        assertEquals(new Invoice(40), shared.join());
    }

    PollFuture<Report> buildReport() {
        return Futures.lazy(() -> new Report("weekly"));
    }

    @Test
    void joinHandle() {
        // tag::join-handle[]
        JoinHandle<Report> handle = runtime.spawn(buildReport());
        CompletableFuture<Report> report = CompletableFutureBridge.toCompletableFuture(handle);
        // end::join-handle[]
        assertEquals(new Report("weekly"), report.join());
    }

    @Test
    void executor() {
        CompletableFuture<List<Order>> orders = CompletableFuture.completedFuture(List.of(new Order(1), new Order(2)));
        CompletableFuture<List<Long>> prices = CompletableFuture.completedFuture(List.of(100L, 250L));
        // tag::executor[]
        CompletableFuture<Summary> summary = orders
                .thenApplyAsync(Summary::of, runtime.executor())   // runs on a runtime worker
                .thenCombineAsync(prices, Summary::withPrices, runtime.executor());
        // end::executor[]
        assertEquals(new Summary(2, 350), summary.join());
    }

    @Test
    void helpers() {
        Orders orders = new Orders();
        LegacyOrders legacyOrders = new LegacyOrders();
        CompletableFuture<Long> cf = CompletableFuture.completedFuture(5L);
        PollFuture<User> user = Futures.ready(new User(6));
        // tag::helpers[]
        // One thenCompose stage becomes a PollFuture; the rest of the chain is untouched.
        CompletableFuture<Order> order = cf.thenCompose(CompletableFutureBridge.toCompletableFutureFunction(orders::fetch, runtime));

        // A Pollbridge chain awaits a service that still returns a CompletableFuture.
        PollFuture<Order> latest = user.flatMap(CompletableFutureBridge.toPollFutureFunction(legacyOrders::fetchAsync));
        // end::helpers[]
        assertEquals(new Order(5), order.join());
        assertEquals(new Order(6), runtime.blockOn(latest));
    }

    @Test
    void inAsync() {
        LegacyClient legacyUsers = legacyClient;
        long id = 8;
        // tag::async[]
        PollFuture<Invoice> invoice = Async.run(() -> {
            User user = CompletableFutureBridge.await(legacyUsers.find(id));   // kotlinx-jdk8's stage.await()
            return Async.await(billing.invoiceFor(user));
        });

        // kotlinx-jdk8's future { }: the body as a CompletableFuture, started at once on the runtime.
        CompletableFuture<Invoice> asStage = CompletableFutureBridge.future(() -> {
            User user = CompletableFutureBridge.await(legacyUsers.find(id));
            return Async.await(billing.invoiceFor(user));
        }, runtime);
        // end::async[]
        assertEquals(new Invoice(800), asStage.join());
        assertEquals(new Invoice(800), runtime.blockOn(invoice));
    }
}
