package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.publisher.TestPublisher;
import reactor.util.context.Context;

/**
 * The one-item futures of {@link FluxBridge} ({@code firstItem}, {@code firstItemOrNull},
 * {@code firstItemOrDefault}, {@code lastItem}, {@code lastItemOrNull}, {@code singleItem}, {@code singleItemOrNull}):
 * our own port of the cases of kotlinx-coroutines-reactive's {@code IntegrationTest} and
 * {@code AwaitTest} (empty, one, many, error, cancel, broken publishers), against
 * {@code flux(body)} publishers with and without a delay (kotlinx's {@code publish { }} with its
 * {@code delay} parameter) and Reactor's own sources, with {@code StepVerifier} where a Reactor
 * type is on the other side.
 */
class ReactorAwaitsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> dropped = new CopyOnWriteArrayList<>();
    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("awaits-").uncaughtFailureHandler(uncaught::add).build();
        Hooks.onErrorDropped(dropped::add);
    }

    @AfterEach
    void stop() {
        Hooks.resetOnErrorDropped();
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    private <T> T get(PollFuture<T> future) {
        return runtime.blockOn(runtime.timeout(future, WAIT));
    }

    /** kotlinx's {@code publish { }} with an optional delay before each step. */
    private <T> Flux<T> publish(boolean delay, List<T> items) {
        return FluxBridge.flux(emitter -> {
            if (delay) {
                Async.await(runtime.sleep(Duration.ofMillis(1)));
            }
            for (T item : items) {
                emitter.emit(item);
                if (delay) {
                    Async.await(runtime.sleep(Duration.ofMillis(1)));
                }
            }
        }, runtime);
    }

    @ParameterizedTest(name = "delay={0}")
    @ValueSource(booleans = {false, true})
    void empty(boolean delay) {
        Flux<String> pub = publish(delay, List.of());
        assertThrows(NoSuchElementException.class, () -> get(FluxBridge.firstItem(pub)));
        assertEquals("OK", get(FluxBridge.firstItemOrDefault(pub, "OK")));
        assertNull(get(FluxBridge.firstItemOrNull(pub)));
        assertEquals("ELSE", get(FluxBridge.firstItemOrNull(pub).map(v -> v == null ? "ELSE" : v)));
        assertThrows(NoSuchElementException.class, () -> get(FluxBridge.lastItem(pub)));
        assertNull(get(FluxBridge.lastItemOrNull(pub)));
        assertThrows(NoSuchElementException.class, () -> get(FluxBridge.singleItem(pub)));
        assertNull(get(FluxBridge.singleItemOrNull(pub)));
        AtomicInteger count = new AtomicInteger();
        get(Async.run(() -> {
            FluxBridge.forEach(pub, item -> count.incrementAndGet());
            return null;
        }));
        assertEquals(0, count.get());
    }

    @ParameterizedTest(name = "delay={0}")
    @ValueSource(booleans = {false, true})
    void one(boolean delay) {
        Flux<String> pub = publish(delay, List.of("OK"));
        assertEquals("OK", get(FluxBridge.firstItem(pub)));
        assertEquals("OK", get(FluxBridge.firstItemOrDefault(pub, "!")));
        assertEquals("OK", get(FluxBridge.firstItemOrNull(pub)));
        assertEquals("OK", get(FluxBridge.lastItem(pub)));
        assertEquals("OK", get(FluxBridge.lastItemOrNull(pub)));
        assertEquals("OK", get(FluxBridge.singleItem(pub)));
        assertEquals("OK", get(FluxBridge.singleItemOrNull(pub)));
    }

    @ParameterizedTest(name = "delay={0}")
    @ValueSource(booleans = {false, true})
    void many(boolean delay) {
        int n = 100;
        List<Integer> numbers = new java.util.ArrayList<>();
        for (int i = 1; i <= n; i++) {
            numbers.add(i);
        }
        Flux<Integer> pub = publish(delay, numbers);
        assertEquals(1, get(FluxBridge.firstItem(pub)));
        assertEquals(1, get(FluxBridge.firstItemOrDefault(pub, 0)));
        assertEquals(1, get(FluxBridge.firstItemOrNull(pub)));
        assertEquals(n, get(FluxBridge.lastItem(pub)));
        assertEquals(n, get(FluxBridge.lastItemOrNull(pub)));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> get(FluxBridge.singleItem(pub)));
        assertTrue(twice.getMessage().contains("more than one"), twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> get(FluxBridge.singleItemOrNull(pub)));
        assertEquals(n, get(FluxBridge.lastItem(Flux.range(1, n))), "Reactor's own source");
        assertEquals(100_000, get(FluxBridge.lastItem(Flux.range(1, 100_000))), "many batches, many polls");
    }

    @Test
    void anErrorIsTheFailureOfEveryForm() {
        IllegalStateException boom = new IllegalStateException("boom");
        Flux<String> failing = Flux.concat(Flux.just("a"), Flux.error(boom));
        Flux<String> failingAtOnce = Flux.error(boom);
        for (Function<Publisher<String>, PollFuture<String>> form : List.<Function<Publisher<String>, PollFuture<String>>>of(
                FluxBridge::lastItem, FluxBridge::lastItemOrNull, FluxBridge::singleItem, FluxBridge::singleItemOrNull)) {
            assertSame(boom, assertThrows(IllegalStateException.class, () -> get(form.apply(failing))));
        }
        for (Function<Publisher<String>, PollFuture<String>> form : List.<Function<Publisher<String>, PollFuture<String>>>of(
                FluxBridge::firstItem, FluxBridge::firstItemOrNull, p -> FluxBridge.firstItemOrDefault(p, "d"))) {
            assertSame(boom, assertThrows(IllegalStateException.class, () -> get(form.apply(failingAtOnce))));
            assertEquals("a", get(form.apply(failing)), "first() stops before the error");
        }
    }

    /**
     * Issue 24, item 16 (documented in docs/reactor.md): {@code first()} requests one item and
     * cancels after taking it, unless the source completed already, as {@code Flux.just(x)} does
     * right after its only item: then there is nothing to cancel ({@code doOnComplete} runs,
     * {@code doOnCancel} does not). kotlinx's {@code awaitFirst} cancels inside {@code onNext},
     * before the completion, so there {@code doOnCancel} runs.
     */
    @Test
    void firstDoesNotCancelASourceThatCompletedRightAfterItsOnlyItem() {
        AtomicInteger cancels = new AtomicInteger();
        AtomicInteger completions = new AtomicInteger();
        assertEquals("x", get(FluxBridge.firstItem(Flux.just("x")
                .doOnCancel(cancels::incrementAndGet).doOnComplete(completions::incrementAndGet))));
        assertEquals(0, cancels.get(), "completed already: nothing to cancel");
        assertEquals(1, completions.get());

        assertEquals("x", get(FluxBridge.firstItem(Flux.just("x", "y")
                .doOnCancel(cancels::incrementAndGet).doOnComplete(completions::incrementAndGet))));
        assertEquals(1, cancels.get(), "a source with more to send is cancelled after the first item");
        assertEquals(1, completions.get());
    }

    @Test
    void firstCancelsAfterTheFirstItemAndSingleCancelsOnTheSecond() {
        TestPublisher<String> source = TestPublisher.create();
        JoinHandle<String> first = runtime.spawn(FluxBridge.firstItem(source.flux()));
        await().atMost(WAIT).until(() -> source.wasSubscribed());
        source.assertMinRequested(1).assertMaxRequested(1);
        source.next("a");
        assertEquals("a", runtime.blockOn(first));
        source.assertCancelled(1);

        TestPublisher<String> two = TestPublisher.create();
        JoinHandle<String> single = runtime.spawn(FluxBridge.singleItem(two.flux()));
        await().atMost(WAIT).until(() -> two.wasSubscribed());
        two.next("x", "y");
        assertThrows(IllegalArgumentException.class, () -> runtime.blockOn(single));
        two.assertCancelled(1);

        TestPublisher<String> last = TestPublisher.create();
        JoinHandle<String> lastHandle = runtime.spawn(FluxBridge.lastItem(last.flux()));
        await().atMost(WAIT).until(() -> last.wasSubscribed());
        last.next("x", "y", "z").complete();
        assertEquals("z", runtime.blockOn(lastHandle));
        last.assertWasNotCancelled();
    }

    /** kotlinx AwaitTest.testAwaitCancellation: cancelling the awaiting task cancels the subscription. */
    @Test
    void cancellingTheAwaitingTaskCancelsTheSubscriptionOnce() {
        for (Function<Publisher<String>, PollFuture<String>> form : List.<Function<Publisher<String>, PollFuture<String>>>of(
                FluxBridge::firstItem, FluxBridge::firstItemOrNull, p -> FluxBridge.firstItemOrDefault(p, "d"),
                FluxBridge::lastItem, FluxBridge::lastItemOrNull, FluxBridge::singleItem, FluxBridge::singleItemOrNull)) {
            TestPublisher<String> source = TestPublisher.create();
            JoinHandle<String> handle = runtime.spawn(form.apply(source.flux()));
            await().atMost(WAIT).until(() -> source.wasSubscribed());
            source.assertMinRequested(1);
            handle.abort();
            assertInstanceOf(CancellationException.class, assertThrows(CancellationException.class, () -> runtime.blockOn(handle)));
            source.assertCancelled(1);
        }
        // The same through an Async body, as kotlinx cancels a coroutine suspended in awaitFirst.
        TestPublisher<String> source = TestPublisher.create();
        JoinHandle<String> body = runtime.spawn(Async.run(() -> Async.await(FluxBridge.firstItem(source.flux()))));
        await().atMost(WAIT).until(() -> source.wasSubscribed());
        body.abort();
        assertThrows(CancellationException.class, () -> runtime.blockOn(body));
        await().atMost(WAIT).untilAsserted(() -> source.assertCancelled(1));
    }

    @Test
    void theAwaitsRunInsideAMonoBodyWithStepVerifier() {
        Mono<String> summary = MonoBridge.mono(() -> {
            String first = Async.await(FluxBridge.firstItem(Flux.just("a", "b", "c")));
            String last = Async.await(FluxBridge.lastItem(Flux.just("a", "b", "c")));
            String only = Async.await(FluxBridge.singleItem(Mono.just("m")));
            String none = Async.await(FluxBridge.singleItemOrNull(Flux.<String>empty()));
            return first + last + only + none;
        }, runtime);
        StepVerifier.create(summary).expectNext("acmnull").expectComplete().verify(WAIT);
        StepVerifier.create(MonoBridge.mono(() -> Async.await(FluxBridge.singleItem(Flux.just(1, 2))), runtime))
                .expectError(IllegalArgumentException.class)
                .verify(WAIT);
        StepVerifier.create(MonoBridge.mono(() -> Async.await(FluxBridge.lastItem(Flux.<Integer>empty())), runtime))
                .expectError(NoSuchElementException.class)
                .verify(WAIT);
    }

    @Test
    void eachAwaitSubscribesWithTheContextInForceAtItsFirstPoll() {
        Flux<String> readsContext = Flux.deferContextual(view -> Flux.just(view.get("user"), "second"));
        Mono<String> inTask = MonoBridge.toMono(() -> FluxBridge.firstItem(readsContext)
                .flatMap(first -> FluxBridge.lastItem(Flux.deferContextual(view -> Flux.just("x", view.<String>get("user"))))
                        .map(last -> first + "/" + last)), runtime)
                .contextWrite(Context.of("user", "ada"));
        StepVerifier.create(inTask).expectNext("ada/ada").expectComplete().verify(WAIT);
        assertEquals("grace", get(ReactorBridge.withContext(Context.of("user", "grace"), FluxBridge.firstItem(readsContext))),
                "outside a bridged task, withContext gives the context");
    }

    /** kotlinx IntegrationTest.testAwaitOnNonconformingPublishers, with Reactor's failure channel. */
    @Test
    void brokenPublishersAreReportedToOnErrorDropped() {
        TestPublisher<Integer> afterError = TestPublisher.createNoncompliant(TestPublisher.Violation.CLEANUP_ON_TERMINATE);
        JoinHandle<Integer> single = runtime.spawn(FluxBridge.singleItem(afterError.flux()));
        await().atMost(WAIT).until(() -> afterError.wasSubscribed());
        RuntimeException dummy = new RuntimeException("dummy");
        afterError.next(1).error(dummy).complete();
        assertSame(dummy, assertThrows(RuntimeException.class, () -> runtime.blockOn(single)));
        await().atMost(WAIT).until(() -> dropped.size() == 1);
        assertInstanceOf(IllegalStateException.class, dropped.get(0));
        assertTrue(dropped.get(0).getMessage().contains("1.7"), dropped.get(0).getMessage());

        TestPublisher<Integer> tooMany = TestPublisher.createNoncompliant(TestPublisher.Violation.REQUEST_OVERFLOW);
        JoinHandle<Integer> first = runtime.spawn(FluxBridge.firstItem(tooMany.flux()));
        await().atMost(WAIT).until(() -> tooMany.wasSubscribed());
        tooMany.next(1, 2);
        assertEquals(1, runtime.blockOn(first), "the first item wins; the one beyond demand is rejected");
    }
}
