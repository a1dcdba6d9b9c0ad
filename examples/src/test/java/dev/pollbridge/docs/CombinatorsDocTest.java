package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.FusedFuture;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The snippets of docs/combinators.md, each polled to its result with a MockTask. */
class CombinatorsDocTest {

    record Config(String path) {
        static Config load(String path) {
            return new Config(path);
        }
    }

    record User(String name, boolean active) {}

    record Order(long cents) {}

    record Quote(String source) {}

    record Reply(String text) {}

    record Header(String text) {}

    record Body(String text) {}

    record Page(Header header, Body body) {}

    record Row(int shard) {}

    record Response(String from) {}

    record Event(String name) {}

    record Message(String channel) {}

    static final class Shard {
        final int number;

        Shard(int number) {
            this.number = number;
        }

        PollFuture<Row> query() {
            return Futures.ready(new Row(number));
        }
    }

    static final class Server {
        final PollFuture<Response> answer;

        Server(PollFuture<Response> answer) {
            this.answer = answer;
        }

        PollFuture<Response> call(String request) {
            return answer;
        }
    }

    private final List<String> logged = new ArrayList<>();
    private final System.Logger log = new System.Logger() {
        @Override
        public String getName() {
            return "doc";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, java.util.ResourceBundle bundle, String message, Throwable thrown) {
            logged.add(message);
        }

        @Override
        public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
            logged.add(format);
        }
    };

    static <T> T valueOf(PollFuture<T> future) {
        try (MockTask<T> task = MockTask.spawn(future)) {
            return assertReady(task.poll());
        }
    }

    @Test
    void lazy() {
        String path = "app.conf";
        // tag::lazy[]
        PollFuture<Config> config = Futures.lazy(() -> Config.load(path));
        // end::lazy[]
        assertEquals(new Config("app.conf"), valueOf(config));
    }

    @Test
    void mapAndInspect() {
        PollFuture<User> userFuture = Futures.ready(new User("ada", true));
        // tag::map[]
        PollFuture<String> name = userFuture.map(User::name).inspect(n -> log.log(System.Logger.Level.INFO, n));
        // end::map[]
        assertEquals("ada", valueOf(name));
        assertEquals(List.of("ada"), logged);
    }

    PollFuture<User> findUser(long id) {
        return Futures.ready(new User("user-" + id, true));
    }

    PollFuture<Order> latestOrder(User user) {
        return Futures.ready(new Order(user.name().length()));
    }

    @Test
    void flatMap() {
        long id = 7;
        // tag::flat-map[]
        PollFuture<Order> order = findUser(id).flatMap(user -> latestOrder(user));
        // end::flat-map[]
        assertEquals(new Order(6), valueOf(order));
    }

    PollFuture<Quote> liveQuote(String symbol) {
        return Futures.failed(new IllegalStateException("market closed"));
    }

    PollFuture<Quote> cachedQuote(String symbol) {
        return Futures.ready(new Quote("cache"));
    }

    @Test
    void recoverWith() {
        String sym = "ACME";
        // tag::recover-with[]
        PollFuture<Quote> quote = liveQuote(sym).recoverWith(error -> cachedQuote(sym));
        // end::recover-with[]
        assertEquals(new Quote("cache"), valueOf(quote));
    }

    @Test
    void fuse() {
        PollFuture<Reply> request = Futures.ready(new Reply("ok"));
        // tag::fuse[]
        FusedFuture<Reply> reply = request.fuse();   // safe to poll again in a loop
        // end::fuse[]
        try (MockTask<Reply> task = MockTask.spawn(reply)) {
            assertReady(task.poll(), new Reply("ok"));
            assertPending(task.poll());
            assertTrue(reply.isTerminated());
        }
    }

    @Test
    void shared() {
        ProbeFuture<Config> loading = new ProbeFuture<>();
        PollFuture<Config> loadConfig = loading;
        // tag::shared[]
        SharedFuture<Config> config = Futures.shared(loadConfig);   // the first clone
        PollFuture<String> path = config.share().map(Config::path); // one clone per owner
        PollFuture<Config> again = config.share();
        config.close();                                             // the others keep it alive
        // end::shared[]
        try (MockTask<String> first = MockTask.spawn(path); MockTask<Config> second = MockTask.spawn(again)) {
            assertPending(first.poll());
            assertPending(second.poll());
            loading.complete(new Config("/etc/app"));
            assertTrue(first.isWoken() && second.isWoken(), "every waiting clone is woken");
            assertReady(first.poll(), "/etc/app");
            assertReady(second.poll(), new Config("/etc/app"));
        }
        assertEquals(1, loading.closes());
    }

    PollFuture<Header> loadHeader() {
        return Futures.ready(new Header("h"));
    }

    PollFuture<Body> loadBody() {
        return Futures.ready(new Body("b"));
    }

    @Test
    void join() {
        // tag::join[]
        PollFuture<Page> page = Futures.join(loadHeader(), loadBody(), Page::new);
        // end::join[]
        assertEquals(new Page(new Header("h"), new Body("b")), valueOf(page));
    }

    @Test
    void tryJoinAll() {
        List<Shard> shards = List.of(new Shard(1), new Shard(2));
        // tag::try-join-all[]
        PollFuture<List<Row>> rows = Futures.tryJoinAll(shards.stream().map(Shard::query).toList());
        // end::try-join-all[]
        assertEquals(List.of(new Row(1), new Row(2)), valueOf(rows));
    }

    @Test
    void select() {
        ProbeFuture<Response> slow = new ProbeFuture<>();
        Server primary = new Server(slow);
        Server replica = new Server(Futures.ready(new Response("replica")));
        String req = "GET /";
        // tag::select[]
        PollFuture<Response> fastest = Futures.select(primary.call(req), replica.call(req));
        // end::select[]
        assertEquals(new Response("replica"), valueOf(fastest));
        assertTrue(slow.isCancelled(), "the loser is closed");
    }

    @Test
    void selectFair() {
        java.util.Set<String> winners = new java.util.HashSet<>();
        for (int round = 0; round < 200 && winners.size() < 2; round++) {
            Server mirrorA = new Server(Futures.ready(new Response("a")));
            Server mirrorB = new Server(Futures.ready(new Response("b")));
            String req = "GET /";
            // tag::select-fair[]
            PollFuture<Response> either = Futures.selectFair(mirrorA.call(req), mirrorB.call(req)); // peers: no favourite
            // end::select-fair[]
            winners.add(valueOf(either).from());
        }
        assertEquals(java.util.Set.of("a", "b"), winners, "both ready at every poll, each wins sometimes");
    }

    @Test
    void streams() {
        PollStream<User> users = Streams.of(new User("ada", true), new User("bob", false));
        // tag::map-filter[]
        PollStream<String> names = users.filter(User::active).map(User::name);
        // end::map-filter[]
        PollStream<Long> ticks = Streams.fromIterable(LongStream.range(0, 100).boxed().toList());
        // tag::take[]
        PollStream<Long> firstTen = ticks.take(10);
        // end::take[]
        PollStream<Event> history = Streams.of(new Event("old"));
        PollStream<Event> live = Streams.of(new Event("new"));
        // tag::concat[]
        PollStream<Event> all = Streams.concat(history, live);
        // end::concat[]
        PollStream<Message> emailStream = Streams.of(new Message("email"));
        PollStream<Message> chatStream = Streams.of(new Message("chat"));
        PollStream<Message> smsStream = Streams.empty();
        // tag::merge[]
        PollStream<Message> inbox = Streams.merge(emailStream, chatStream, smsStream);
        // end::merge[]
        PollStream<Order> orders = Streams.of(new Order(250), new Order(100));
        // tag::fold[]
        PollFuture<Long> total = orders.fold(0L, (sum, order) -> sum + order.cents());
        PollFuture<List<String>> list = names.collect(Collectors.toList());
        // end::fold[]
        assertEquals(350L, valueOf(total));
        assertEquals(List.of("ada"), valueOf(list));
        assertEquals(10, valueOf(firstTen.collect(Collectors.toList())).size());
        assertEquals(List.of(new Event("old"), new Event("new")), valueOf(all.collect(Collectors.toList())));
        assertEquals(2, valueOf(inbox.collect(Collectors.toList())).size());
    }
}
