package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.AbortHandle;
import dev.pollbridge.api.AbortableFuture;
import dev.pollbridge.api.FusedFuture;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.FuturesOrdered;
import dev.pollbridge.api.FuturesUnordered;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Selected;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.Streams;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.RuntimeStreams;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.PollAssertions;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

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
    void fluentConversion() {
        long id = 3;
        // tag::to[]
        Mono<String> name = findUser(id).map(User::name).to(MonoBridge::toMono);   // Reactor's mono.as(...)
        CompletableFuture<String> same = findUser(id).map(User::name)
                .to(CompletableFutureBridge::toCompletableFuture);
        // end::to[]
        assertEquals("user-3", name.block());
        assertEquals("user-3", same.join());
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

    record Request(int id) {}

    record Status(String state) {}

    record Price(long cents) {}

    /** A client whose calls finish when the test says so, in any order. */
    static final class Client {
        final List<ProbeFuture<Reply>> calls = new ArrayList<>();

        PollFuture<Reply> call(Request request) {
            ProbeFuture<Reply> call = new ProbeFuture<>();
            calls.add(call);
            return call;
        }
    }

    @Test
    void futuresUnordered() {
        Client client = new Client();
        List<Request> requests = List.of(new Request(1), new Request(2), new Request(3));
        // tag::futures-unordered[]
        FuturesUnordered<Reply> inFlight = new FuturesUnordered<>();
        for (Request request : requests) {
            inFlight.push(client.call(request));   // all three run at once, in this task
        }
        PollFuture<List<Reply>> replies = inFlight.collect(Collectors.toList()); // in completion order
        // end::futures-unordered[]
        try (MockTask<List<Reply>> task = MockTask.spawn(replies)) {
            assertPending(task.poll());
            client.calls.get(2).complete(new Reply("3"));
            client.calls.get(0).complete(new Reply("1"));
            client.calls.get(1).complete(new Reply("2"));
            assertReady(task.poll(), List.of(new Reply("3"), new Reply("1"), new Reply("2")));
        }
    }

    @Test
    void futuresOrdered() {
        Client client = new Client();
        // tag::futures-ordered[]
        FuturesOrdered<Reply> pages = new FuturesOrdered<>();
        for (int n = 1; n <= 3; n++) {
            pages.pushBack(client.call(new Request(n)));   // all in flight, values in push order
        }
        // end::futures-ordered[]
        try (MockStreamTask<Reply> task = MockStreamTask.spawn(pages)) {
            client.calls.get(2).complete(new Reply("3"));
            client.calls.get(1).complete(new Reply("2"));
            assertPending(task.pollNext());
            client.calls.get(0).complete(new Reply("1"));
            assertEquals(List.of(new Reply("1"), new Reply("2"), new Reply("3")), task.drainToDone());
        }
    }

    @Test
    void bufferUnorderedAndMapAsync() {
        Client client = new Client();
        PollStream<Request> requests = Streams.of(new Request(1), new Request(2));
        // tag::map-async[]
        PollStream<Reply> replies = requests.mapAsync(16, client::call);             // completion order
        // end::map-async[]
        PollStream<Request> more = Streams.of(new Request(3), new Request(4));
        // tag::map-async[]
        PollStream<Reply> inOrder = Streams.buffered(more.map(client::call), 16);  // request order
        // end::map-async[]
        try (MockStreamTask<Reply> task = MockStreamTask.spawn(replies)) {
            assertPending(task.pollNext());
            client.calls.get(1).complete(new Reply("2"));
            client.calls.get(0).complete(new Reply("1"));
            assertEquals(List.of(new Reply("2"), new Reply("1")), task.drainToDone());
        }
        try (MockStreamTask<Reply> task = MockStreamTask.spawn(inOrder)) {
            assertPending(task.pollNext());
            client.calls.get(3).complete(new Reply("4"));
            client.calls.get(2).complete(new Reply("3"));
            assertEquals(List.of(new Reply("3"), new Reply("4")), task.drainToDone());
        }
    }

    @Test
    void selectAllWithRest() {
        Client client = new Client();
        List<PollFuture<Reply>> calls = List.of(client.call(new Request(1)), client.call(new Request(2)));
        // tag::select-all-with-rest[]
        PollFuture<Selected<Reply, PollFuture<Reply>>> first = Futures.selectAllWithRest(calls);
        // end::select-all-with-rest[]
        client.calls.get(1).complete(new Reply("2"));
        Selected<Reply, PollFuture<Reply>> selected = valueOf(first);
        // tag::select-all-with-rest[]
        // ... once it is ready: the winner's value and index, and the others, still running
        Reply reply = selected.value();
        int index = selected.index();
        List<PollFuture<Reply>> rest = selected.rest();       // yours now: select again, or close them
        // end::select-all-with-rest[]
        assertEquals(new Reply("2"), reply);
        assertEquals(1, index);
        assertEquals(List.of(client.calls.get(0)), rest);
        rest.forEach(PollFuture::close);
    }

    @Test
    void abortable() {
        ProbeFuture<Reply> slowCall = new ProbeFuture<>();
        PollFuture<Reply> call = slowCall;
        // tag::abortable[]
        AbortableFuture<Reply> reply = Futures.abortable(call);
        AbortHandle handle = reply.abortHandle();    // hand it to whoever may cancel
        // ... on any thread:
        handle.abort();                              // the next poll closes the call and fails
        // end::abortable[]
        try (MockTask<Reply> task = MockTask.spawn(reply)) {
            PollAssertions.assertFailed(task.poll(), CancellationException.class);
        }
        assertTrue(slowCall.isCancelled());
    }

    @Test
    void streamOperators() {
        PollStream<String> names = Streams.of("ada", "bob");
        PollStream<Integer> scores = Streams.of(3, 5, 8);
        PollStream<Long> amounts = Streams.of(5L, 7L, 1L);
        PollStream<Status> statuses = Streams.of(new Status("up"), new Status("up"), new Status("down"));
        PollStream<Integer> rows = Streams.of(1, 2, 3, 4, 5);
        // tag::stream-operators[]
        PollStream<String> labelled = names.zip(scores, (name, score) -> name + ": " + score);
        PollStream<Long> runningTotal = amounts.scan(0L, Long::sum);        // 0, 5, 12, 13
        PollStream<Status> changes = statuses.distinctUntilChanged();
        PollStream<List<Integer>> batches = rows.chunks(2);               // [1, 2], [3, 4], [5]
        // end::stream-operators[]
        assertEquals(List.of("ada: 3", "bob: 5"), valueOf(labelled.collect(Collectors.toList())));
        assertEquals(List.of(0L, 5L, 12L, 13L), valueOf(runningTotal.collect(Collectors.toList())));
        assertEquals(List.of(new Status("up"), new Status("down")), valueOf(changes.collect(Collectors.toList())));
        assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5)), valueOf(batches.collect(Collectors.toList())));
    }

    @Test
    void bufferAndConflate() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            ProbeStream<Event> events = ProbeStream.of(new Event("a"), new Event("b"));
            ProbeStream<Price> prices = ProbeStream.of(new Price(100), new Price(101), new Price(102));
            // tag::buffer-conflate[]
            PollStream<Event> ahead = RuntimeStreams.buffer(events, 64, runtime);   // a producer task, up to 64 ahead
            PollStream<Price> latest = RuntimeStreams.conflate(prices, runtime);   // a slow consumer sees the newest
            // end::buffer-conflate[]
            assertEquals(List.of(new Event("a"), new Event("b")),
                    runtime.blockOn(ahead.collect(Collectors.toList())));
            List<Price> seen = runtime.blockOn(latest.collect(Collectors.toList()));
            assertTrue(seen.contains(new Price(102)) && seen.size() <= 3, "the newest is never dropped: " + seen);
        }
    }
}
