package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
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

    private final Runtime runtime = Runtime.builder().workers(2).build();
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
}
