package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.Streams;
import dev.pollbridge.examples.reactor.InventoryService;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/** The snippets of docs/reactor.md, run against the examples' InventoryService. */
class ReactorDocTest {

    record User(long id) {}

    record Row(int number) {}

    static final class Users {
        PollFuture<User> find(long id) {
            return Futures.ready(new User(id));
        }
    }

    static final class Db {
        PollStream<Row> rows(String query) {
            return Streams.of(new Row(1), new Row(2));
        }
    }

    /** Whoever is asking, read from the subscriber's Reactor context. */
    static final class Greeter {
        Mono<String> caller() {
            return Mono.deferContextual(view -> Mono.just(view.getOrDefault("user", "anonymous")));
        }
    }

    private final PollRuntime runtime = PollRuntime.builder().workers(2).build();
    private final InventoryService service = new InventoryService();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void reactorToPollbridge() {
        // tag::reactor-to-pollbridge[]
        PollFuture<String> summary = Futures.join(
                MonoBridge.toPollFuture(service.stock("apple")),
                MonoBridge.toPollFuture(service.price("apple")),
                (stock, price) -> stock + " at " + price);   // both Monos in flight at once
        PollFuture<String> fastest = Futures.select(          // the loser is closed: its Mono is cancelled
                MonoBridge.toPollFuture(service.quote("eu", Duration.ofMillis(50))),
                MonoBridge.toPollFuture(service.quote("us", Duration.ofSeconds(1))));
        PollFuture<String> bounded = runtime.timeout(MonoBridge.toPollFuture(service.slowReport()),
                Duration.ofMillis(100));                      // on timeout the subscription is cancelled
        // end::reactor-to-pollbridge[]
        assertEquals("10 at 625", runtime.blockOn(summary));
        assertEquals("quote from eu", runtime.blockOn(fastest));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> runtime.blockOn(bounded));
        assertInstanceOf(TimeoutException.class, timedOut.getCause());
    }

    @Test
    void pollbridgeToReactor() throws InterruptedException {
        Users users = new Users();
        Db db = new Db();
        long id = 5;
        String query = "select *";
        CountDownLatch cleanedUp = new CountDownLatch(1);
        // tag::pollbridge-to-reactor[]
        Mono<User> user = MonoBridge.toMono(() -> users.find(id), runtime);   // a fresh future per subscription
        Flux<Row> rows = FluxBridge.toFlux(() -> db.rows(query), runtime);    // polled only on demand

        Flux<Long> ticks = FluxBridge.flux(emitter -> {                         // kotlinx: flux { }
            try {
                for (long tick = 0; ; tick++) {
                    Async.await(runtime.sleep(Duration.ofMillis(10)));
                    emitter.emit(tick);                                            // waits for demand
                }
            } finally {
                cleanedUp.countDown();                                             // runs on cancel
            }
        }, runtime);
        List<Long> firstFive = ticks.take(5).collectList().block();                // take cancels the body
        // end::pollbridge-to-reactor[]
        Greeter service = new Greeter();
        // tag::pollbridge-to-reactor[]

        Mono<String> greeting = MonoBridge.mono(() -> {                         // kotlinx: mono { }
            String name = MonoBridge.await(service.caller());                   // awaitSingleOrNull
            return "hello " + name;
        }, runtime);
        // end::pollbridge-to-reactor[]
        StepVerifier.create(user).expectNext(new User(5)).verifyComplete();
        StepVerifier.create(rows).expectNext(new Row(1), new Row(2)).verifyComplete();
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), firstFive);
        assertTrue(cleanedUp.await(5, TimeUnit.SECONDS));
        StepVerifier.create(greeting).expectNext("hello anonymous").verifyComplete();
    }

    @Test
    void oneFutureAsAMono() {
        Users users = new Users();
        Db db = new Db();
        long id = 7;
        String query = "select *";
        // tag::to-mono-once[]
        Mono<User> once = users.find(id).to(MonoBridge::toMono);    // this future: one subscription
        Mono<User> cold = MonoBridge.toMono(() -> users.find(id));  // a new future per subscription
        Flux<Row> rows = db.rows(query).to(FluxBridge::toFlux);     // this stream: one subscription
        // end::to-mono-once[]
        StepVerifier.create(once).expectNext(new User(7)).verifyComplete();
        StepVerifier.create(once)
                .expectErrorSatisfies(error -> assertTrue(error.getMessage().contains(
                        "To subscribe more than once, convert a Supplier that builds a new one per subscription: "
                                + "MonoBridge.toMono(() -> buildTheFuture())"), error.getMessage()))
                .verify(Duration.ofSeconds(10));
        StepVerifier.create(cold.repeat(1)).expectNext(new User(7), new User(7)).verifyComplete();
        StepVerifier.create(rows).expectNext(new Row(1), new Row(2)).verifyComplete();
    }

    @Test
    void context() {
        // tag::context[]
        Mono<String> user = MonoBridge.toMono(
                () -> Futures.lazy(() -> ReactorBridge.currentContext().<String>get("user")), runtime);
        String name = user.contextWrite(Context.of("user", "ada")).block();      // "ada"

        // Round trip: Reactor -> runtime -> Reactor
        Mono<String> roundTrip = MonoBridge.toMono(
                () -> MonoBridge.toPollFuture(Mono.deferContextual(view -> Mono.just(view.<String>get("user")))), runtime)
                .contextWrite(Context.of("user", "ada"));                         // the inner Mono sees "ada"
        // end::context[]
        assertEquals("ada", name);
        StepVerifier.create(roundTrip).expectNext("ada").verifyComplete();
    }

    @Test
    void awaits() {
        Flux<String> names = Flux.just("ada", "grace", "linus");
        PollFuture<String> sum = Async.run(() -> {
            // tag::awaits[]
            String first = FluxBridge.awaitFirst(names);                    // cancels after one
            String last = FluxBridge.awaitLast(names);                      // reads to the end
            String only = FluxBridge.awaitSingle(Mono.just("x"));           // fails on a second
            String none = FluxBridge.awaitFirstOrNull(Flux.<String>empty()); // null
            String fallback = FluxBridge.awaitFirstOrDefault(Flux.empty(), "n/a");
            PollFuture<String> later = FluxBridge.firstItem(names);         // the same, as a future
            // end::awaits[]
            return first + " " + last + " " + only + " " + none + " " + fallback + " " + Async.await(later);
        });
        assertEquals("ada linus x null n/a ada", runtime.blockOn(sum));
        assertThrows(IllegalArgumentException.class, () -> runtime.blockOn(FluxBridge.singleItem(names)));
    }

    @Test
    void contextFromOutside() {
        Mono<String> whoAsks = Mono.deferContextual(view -> Mono.just(view.getOrDefault("user", "anonymous")));
        // tag::context-outside[]
        String viaBlockOn = runtime.blockOn(MonoBridge.toPollFuture(whoAsks, Context.of("user", "ada"))); // "ada"
        PollFuture<String> scoped = ReactorBridge.withContext(Context.of("user", "grace"),
                Async.run(() -> MonoBridge.await(whoAsks)));                   // the body's awaits see it
        Mono<String> inherited = MonoBridge.toMono(() -> Futures.defer(
                () -> runtime.spawn(MonoBridge.toPollFuture(whoAsks))), runtime)   // a task spawned inside
                .contextWrite(Context.of("user", "linus"));                       // inherits the context
        // end::context-outside[]
        assertEquals("ada", viaBlockOn);
        assertEquals("grace", runtime.blockOn(scoped));
        StepVerifier.create(inherited).expectNext("linus").verifyComplete();
    }

    @Test
    void sharedMono() {
        Users users = new Users();
        // tag::shared[]
        SharedFuture<User> user = Futures.shared(users.find(42));   // runs once, whoever polls it
        Mono<User> mono = MonoBridge.toMono(user, runtime);      // subscribable any number of times
        User a = mono.block();
        User b = mono.block();                                      // the same instance, not a second call
        user.close();                                               // no new subscriber needs it now
        // end::shared[]
        assertTrue(a == b);
    }

    private String render(int page) {
        return "page " + page + " on " + Thread.currentThread().getName();
    }

    @Test
    void scheduler() {
        // tag::scheduler[]
        Scheduler scheduler = ReactorBridge.scheduler(runtime);
        List<String> pages = Flux.range(1, 100).publishOn(scheduler).map(this::render)   // runs on runtime workers
                .collectList().block();
        List<Integer> late = Flux.just(1, 2, 3).delayElements(Duration.ofMillis(10), scheduler) // the runtime's timer
                .collectList().block();
        // end::scheduler[]
        scheduler.dispose();
        assertEquals(100, pages.size());
        assertTrue(pages.stream().allMatch(page -> page.contains("worker")));
        assertEquals(List.of(1, 2, 3), late);
    }
}
