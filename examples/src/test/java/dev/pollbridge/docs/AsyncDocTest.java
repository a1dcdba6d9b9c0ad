package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.task.AbortHandle;
import dev.pollbridge.runtime.task.FailurePolicy;
import dev.pollbridge.runtime.task.TaskLocal;
import dev.pollbridge.runtime.task.TaskOutcome;
import dev.pollbridge.runtime.task.TaskScope;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The snippets of docs/async.md, run. */
class AsyncDocTest {

    record User(long id) {}

    record Cart(long total) {}

    record Receipt(long charged) {}

    record Row(long amount) {}

    record Page(int number, List<Row> rows) {}

    record Price(String supplier, long cents) {}

    static final class Users {
        PollFuture<User> find(long id) {
            return Futures.ready(new User(id));
        }
    }

    static final class Carts {
        PollFuture<Cart> of(User user) {
            return Futures.ready(new Cart(300));
        }
    }

    static final class Payments {
        PollFuture<Receipt> charge(User user, long total) {
            return Futures.ready(new Receipt(total));
        }
    }

    /** Two pages of rows, then none. */
    static final class Db {
        PollFuture<Page> first() {
            return Futures.ready(new Page(1, List.of(new Row(1), new Row(2))));
        }

        PollFuture<Page> after(Page page) {
            return Futures.ready(page.number() == 1 ? new Page(2, List.of(new Row(3))) : null);
        }

        PollStream<Row> rows() {
            return Streams.of(new Row(1), new Row(2), new Row(3));
        }
    }

    /** A connection whose query never answers, so a test can cancel the body during it. */
    static final class Connection implements AutoCloseable {
        final AtomicBoolean released = new AtomicBoolean();
        final ProbeFuture<Void> query = new ProbeFuture<>();

        PollFuture<Void> execute(String sql) {
            return query;
        }

        @Override
        public void close() {
            released.set(true);
        }
    }

    static final class Pool {
        final Connection connection = new Connection();

        PollFuture<Connection> acquire() {
            return Futures.ready(connection);
        }
    }

    static final class Supplier {
        final String name;

        Supplier(String name) {
            this.name = name;
        }

        PollFuture<Price> quote(String item) {
            return Futures.lazy(() -> new Price(name, name.length() * 100L));
        }
    }

    private final PollRuntime runtime = PollRuntime.builder().workers(2).build();
    private final Users users = new Users();
    private final Carts carts = new Carts();
    private final Payments payments = new Payments();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void overview() {
        long id = 7;
        // tag::overview[]
        PollFuture<Receipt> checkout = Async.run(() -> {
            User user = Async.await(users.find(id));
            Cart cart = Async.await(carts.of(user));
            return Async.await(payments.charge(user, cart.total()));
        });
        Receipt receipt = runtime.blockOn(checkout);  // or runtime.spawn(checkout), or await it in another body
        // end::overview[]
        assertEquals(new Receipt(300), receipt);
    }

    /** The same services with a CompletableFuture API, for the comparison. */
    static final class CfUsers {
        CompletableFuture<User> find(long id) {
            return CompletableFuture.completedFuture(new User(id));
        }
    }

    static final class CfCarts {
        CompletableFuture<Cart> of(User user) {
            return CompletableFuture.completedFuture(new Cart(300));
        }
    }

    static final class CfPayments {
        CompletableFuture<Receipt> charge(User user, long total) {
            return CompletableFuture.completedFuture(new Receipt(total));
        }
    }

    @Test
    void completableFutureVersion() {
        CfUsers users = new CfUsers();
        CfCarts carts = new CfCarts();
        CfPayments payments = new CfPayments();
        long id = 7;
        // tag::completable-future[]
        CompletableFuture<Receipt> checkout = users.find(id)
                .thenCompose(user -> carts.of(user)
                        .thenCompose(cart -> payments.charge(user, cart.total())));
        // end::completable-future[]
        assertEquals(new Receipt(300), checkout.join());
    }

    // tag::checkout-method[]
    PollFuture<Receipt> checkout(long id) {
        return Async.run(() -> {
            User user = Async.await(users.find(id));
            Cart cart = Async.await(carts.of(user));
            return Async.await(payments.charge(user, cart.total()));
        });
    }
    // end::checkout-method[]

    @Test
    void checkoutMethod() {
        assertEquals(new Receipt(300), runtime.blockOn(checkout(7)));
    }

    @Test
    void stream() {
        Db db = new Db();
        // tag::stream[]
        PollStream<Row> rows = Async.stream(emitter -> {
            for (Page page = Async.await(db.first()); page != null; page = Async.await(db.after(page))) {
                for (Row row : page.rows()) {
                    emitter.emit(row);   // waits until the consumer has polled this row
                }
            }
        });
        // end::stream[]
        assertEquals(List.of(new Row(1), new Row(2), new Row(3)),
                runtime.blockOn(rows.collect(java.util.stream.Collectors.toList())));
    }

    @Test
    void next() {
        Db db = new Db();
        PollFuture<Long> sum = Async.run(() -> {
            long total = 0;
            // tag::next[]
            try (PollStream<Row> rows = db.rows()) {
                for (Row row = Async.next(rows); row != null; row = Async.next(rows)) {
                    total += row.amount();
                }
            }
            // end::next[]
            return total;
        });
        assertEquals(6L, runtime.blockOn(sum));
    }

    @Test
    void cancellation() {
        Pool pool = new Pool();
        String sql = "select 1";
        AtomicBoolean logged = new AtomicBoolean();
        // tag::cancellation[]
        PollFuture<Void> job = Async.run(() -> {
            try (Connection c = Async.await(pool.acquire())) {
                Async.await(c.execute(sql));   // close() during this: the query future is closed,
                log("done");                   // this line never runs,
            }                                  // and the connection is released here
            return null;
        });
        // end::cancellation[]
        JoinHandle<Void> handle = runtime.spawn(job.inspect(ignored -> logged.set(true)));
        Awaitility.await().until(pool.connection.query::hasWaker);
        handle.abort();
        Awaitility.await().until(pool.connection.released::get);
        assertTrue(pool.connection.query.isCancelled());
        assertFalse(logged.get());
    }

    /** An order that must be shipped once; closing it without shipping puts it back (here: records it). */
    static final class Order implements AutoCloseable {
        final String id;
        final AtomicBoolean closed = new AtomicBoolean();

        Order(String id) {
            this.id = id;
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private final ProbeFuture<Void> shipping = new ProbeFuture<>();

    private PollFuture<Void> ship(Order order) {
        return shipping;
    }

    @Test
    void cancelSafeReceive() {
        Channel<Order> orders = Channel.bounded(4);
        Order first = new Order("A");
        Order second = new Order("B");
        orders.trySend(first);
        // tag::cancel-safe-receive[]
        PollFuture<Void> worker = Async.run(() -> {
            while (true) {
                Order order = Async.await(orders.receive()); // closing the worker here leaves the order in the channel
                try (order) {                                 // received: the order is the body's now
                    Async.await(ship(order));                 // closing the worker here cancels the shipping,
                }                                             // and order.close() still runs
            }
        });
        // end::cancel-safe-receive[]
        JoinHandle<Void> handle = runtime.spawn(worker);
        Awaitility.await().until(shipping::hasWaker);
        orders.trySend(second);
        handle.abort();
        assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
        assertTrue(first.closed.get(), "the body's try-with-resources ran before the join returned");
        assertTrue(shipping.isCancelled());
        assertEquals(1, orders.size(), "the order the worker had not received is still in the channel");
        assertFalse(second.closed.get());
    }

    private static void log(String line) {
        throw new AssertionError("the code after a cancelled await ran: " + line);
    }

    @Test
    void failures() {
        IOException failure = new IOException("disk on fire");
        PollFuture<byte[]> read = Futures.failed(failure);
        AtomicReference<IOException> caught = new AtomicReference<>();
        PollFuture<byte[]> body = Async.run(() -> {
            byte[] bytes;
            // tag::failures[]
            try {
                bytes = Async.await(read, IOException.class);  // declares IOException: thrown as it is
            } catch (IOException e) {
                bytes = fallback();
            }
            // end::failures[]
            caught.set(failure);
            return bytes;
        });
        assertArrayEquals(fallback(), runtime.blockOn(body));
        assertEquals(failure, caught.get());
    }

    /** A blocking call, as a JDBC query or a file read would be. */
    private static String readReport(String name) throws InterruptedException {
        Thread.sleep(1);
        return "report " + name;
    }

    @Test
    void blockingWorkGoesToTheBlockingPool() {
        PollFuture<String> body = Async.run(() -> {
            // tag::blocking[]
            String report = Async.await(runtime.spawnBlocking(() -> readReport("q3"))); // not readReport("q3") here
            // end::blocking[]
            return report;
        });
        assertEquals("report q3", runtime.blockOn(body));
    }

    private static byte[] fallback() {
        return new byte[0];
    }

    // tag::task-local[]
    static final TaskLocal<String> REQUEST_ID = TaskLocal.create("requestId");
    // end::task-local[]

    private final AtomicReference<String> seenId = new AtomicReference<>();
    private final AtomicReference<Optional<String>> seenMaybe = new AtomicReference<>();

    @Test
    void taskLocal() {
        String request = "GET /";
        // tag::task-local[]

        runtime.spawn(REQUEST_ID.scope("req-42", handle(request)));
        // end::task-local[]
        Awaitility.await().until(() -> seenId.get() != null);
        assertEquals("req-42", seenId.get());
        assertEquals(Optional.of("req-42"), seenMaybe.get());
    }

    private PollFuture<Void> handle(String request) {
        return Futures.lazy(() -> {
            // tag::task-local[]

            // anywhere inside a poll of handle(request), on any worker:
            String id = REQUEST_ID.get();          // IllegalStateException outside a scope
            Optional<String> maybe = REQUEST_ID.find();
            // end::task-local[]
            seenMaybe.set(maybe);
            seenId.set(id);
            return null;
        });
    }

    @Test
    void taskScope() {
        List<Supplier> suppliers = List.of(new Supplier("acme"), new Supplier("globex"));
        String item = "bolt";
        // tag::task-scope[]
        PollFuture<List<Price>> quotes = Async.run(() -> {
            try (TaskScope<Price> scope = TaskScope.open(runtime, FailurePolicy.CANCEL_SIBLINGS)) {
                for (Supplier supplier : suppliers) {
                    scope.spawn(supplier.quote(item));      // each child is a runtime task, started now
                }
                return Async.await(scope.joinAll());         // values in spawn order
            }                                                // close(): unfinished children are aborted
        });
        // end::task-scope[]
        assertEquals(List.of(new Price("acme", 400), new Price("globex", 600)), runtime.blockOn(quotes));
    }

    @Test
    void boundedTaskScope() {
        List<String> urls = List.of("a", "b", "c", "d", "e", "f", "g", "h");
        // tag::bounded-scope[]
        PollFuture<List<Integer>> sizes = Async.run(() -> {
            try (TaskScope<Integer> scope = TaskScope.bounded(runtime, 3)) { // at most 3 fetch at once
                for (String url : urls) {
                    scope.spawn(fetchSize(url));             // never waits: the 4th and later wait unpolled
                }
                return Async.await(scope.joinAll());
            }
        });
        // end::bounded-scope[]
        assertEquals(8, runtime.blockOn(sizes).size());
        assertTrue(mostAtOnce.get() <= 3, "at most 3 at once: " + mostAtOnce.get());
    }

    private final AtomicInteger fetching = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    private PollFuture<Integer> fetchSize(String url) {
        return Async.run(() -> {
            mostAtOnce.accumulateAndGet(fetching.incrementAndGet(), Math::max);
            Async.await(runtime.sleep(Duration.ofMillis(2)));
            fetching.decrementAndGet();
            return url.length();
        });
    }

    @Test
    void abortHandles() {
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            // tag::abort-handle[]
            AbortHandle slow = scope.spawn(Async.run(() -> {
                Async.await(runtime.sleep(Duration.ofDays(1)));
                return "late";
            }));
            AbortHandle fast = scope.spawn(Async.run(() -> "early"));
            slow.abort();                                      // this child only; its outcome is "cancelled"
            Optional<TaskOutcome<String>> done = scope.tryJoinNext(); // an outcome that is there now, if any
            // end::abort-handle[]
            List<TaskOutcome<String>> outcomes = new ArrayList<>();
            done.ifPresent(outcomes::add);
            for (TaskOutcome<String> o = runtime.blockOn(scope.next()); o != null; o = runtime.blockOn(scope.next())) {
                outcomes.add(o);
            }
            assertEquals(2, outcomes.size());
            assertTrue(outcomes.stream().anyMatch(o -> o.id() == slow.id() && o.isCancelled()));
            assertTrue(outcomes.stream().anyMatch(o -> o.id() == fast.id() && "early".equals(o.value())));
            assertTrue(slow.isFinished() && fast.isFinished());
        }
    }

    /** A feed that calls its listeners on its own thread, like a message-bus client. */
    static final class Feed {
        private final java.util.List<java.util.function.Consumer<Price>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

        Runnable listen(java.util.function.Consumer<Price> listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }

        void publish(Price price) {
            listeners.forEach(listener -> listener.accept(price));
        }

        int listeners() {
            return listeners.size();
        }
    }

    @Test
    void tryEmitFromAListener() throws Exception {
        Feed feed = new Feed();
        ProbeFuture<Void> feedClosed = new ProbeFuture<>();
        // tag::try-emit[]
        PollStream<Price> prices = Async.stream(emitter -> {
            Runnable unlisten = feed.listen(price -> {
                emitter.tryEmit(price);       // on the feed's thread: dropped while the consumer is not waiting
            });
            try {
                Async.await(feedClosed);      // closing the stream cancels this await
            } finally {
                unlisten.run();
            }
        });
        // end::try-emit[]
        JoinHandle<Price> first = runtime.spawn(prices.next());
        Thread publisher = new Thread(() -> {
            for (long cents = 1; !first.isFinished(); cents++) {
                feed.publish(new Price("feed", cents)); // until one got through
                Thread.onSpinWait();
            }
        });
        publisher.start();
        assertEquals("feed", runtime.blockOn(first).supplier());
        publisher.join();
        assertEquals(0, feed.listeners(), "next() closed the stream, and the task ended after the body's finally");
    }

    @Test
    void channelFromAnotherThread() throws Exception {
        List<Row> all = List.of(new Row(1), new Row(2), new Row(3));
        // tag::channel-producer[]
        Channel<Row> channel = Channel.bounded(16);
        Thread producer = new Thread(() -> {
            try {
                for (Row row : all) {
                    runtime.blockOn(channel.send(row)); // waits while 16 rows wait for the consumer
                }
            } finally {
                channel.close();                        // the end of the stream, after the buffered rows
            }
        });
        producer.start();
        PollStream<Row> rows = channel.stream();
        // end::channel-producer[]
        assertEquals(all, runtime.blockOn(rows.collect(java.util.stream.Collectors.toList())));
        producer.join();
    }
}
