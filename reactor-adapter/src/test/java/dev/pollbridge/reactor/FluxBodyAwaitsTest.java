package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import java.time.Duration;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/**
 * The in-body awaits of {@link FluxBridge} ({@code awaitFirst} ... {@code awaitSingleOrNull},
 * kotlinx-coroutines-reactive's names), seen from Reactor: each runs inside a
 * {@code MonoBridge.mono} body and is checked with {@code StepVerifier}. Inside a body each
 * returns what the matching one-item future returns, subscribes with the subscriber's Reactor
 * context, and a cancelled subscription cancels the awaited publisher once; outside a body each
 * fails at once, naming the future form, and subscribes nothing.
 */
class FluxBodyAwaitsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("flux-awaits-").uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    void stop() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    private static final List<String> NAMES = List.of("awaitFirst", "awaitFirstOrNull", "awaitFirstOrDefault",
            "awaitLast", "awaitLastOrNull", "awaitSingle", "awaitSingleOrNull");
    private static final List<String> FUTURE_FORMS = List.of("firstItem", "firstItemOrNull", "firstItemOrDefault",
            "lastItem", "lastItemOrNull", "singleItem", "singleItemOrNull");

    /** The seven awaits, in the order of {@link #NAMES}; {@code OrDefault} with "default". */
    private static final List<Function<Publisher<String>, String>> AWAITS = List.of(
            FluxBridge::awaitFirst,
            FluxBridge::awaitFirstOrNull,
            p -> FluxBridge.awaitFirstOrDefault(p, "default"),
            FluxBridge::awaitLast,
            FluxBridge::awaitLastOrNull,
            FluxBridge::awaitSingle,
            FluxBridge::awaitSingleOrNull);

    private Mono<String> inBody(int index, Publisher<String> publisher) {
        return MonoBridge.mono(() -> AWAITS.get(index).apply(publisher), runtime);
    }

    @Test
    void manyItems() {
        Flux<String> abc = Flux.just("a", "b", "c");
        StepVerifier.create(inBody(0, abc)).expectNext("a").expectComplete().verify(WAIT);
        StepVerifier.create(inBody(1, abc)).expectNext("a").expectComplete().verify(WAIT);
        StepVerifier.create(inBody(2, abc)).expectNext("a").expectComplete().verify(WAIT);
        StepVerifier.create(inBody(3, abc)).expectNext("c").expectComplete().verify(WAIT);
        StepVerifier.create(inBody(4, abc)).expectNext("c").expectComplete().verify(WAIT);
        StepVerifier.create(inBody(5, abc)).expectError(IllegalArgumentException.class).verify(WAIT);
        StepVerifier.create(inBody(6, abc)).expectError(IllegalArgumentException.class).verify(WAIT);
    }

    @Test
    void oneItem() {
        for (int i = 0; i < AWAITS.size(); i++) {
            StepVerifier.create(inBody(i, Mono.just("only"))).expectNext("only").expectComplete().verify(WAIT);
        }
    }

    /** A {@code null} result completes the body's Mono empty. */
    @Test
    void empty() {
        Flux<String> none = Flux.empty();
        StepVerifier.create(inBody(0, none)).expectError(NoSuchElementException.class).verify(WAIT);
        StepVerifier.create(inBody(1, none)).expectComplete().verify(WAIT);
        StepVerifier.create(inBody(2, none)).expectNext("default").expectComplete().verify(WAIT);
        StepVerifier.create(inBody(3, none)).expectError(NoSuchElementException.class).verify(WAIT);
        StepVerifier.create(inBody(4, none)).expectComplete().verify(WAIT);
        StepVerifier.create(inBody(5, none)).expectError(NoSuchElementException.class).verify(WAIT);
        StepVerifier.create(inBody(6, none)).expectComplete().verify(WAIT);
    }

    @Test
    void anErrorIsThrownAsTheSameInstance() {
        IllegalStateException boom = new IllegalStateException("boom");
        for (int i = 0; i < AWAITS.size(); i++) {
            StepVerifier.create(inBody(i, Flux.<String>error(boom))).expectErrorMatches(e -> e == boom).verify(WAIT);
        }
    }

    @Test
    void theAwaitedPublisherSeesTheSubscribersContext() {
        Flux<String> user = Flux.deferContextual(view -> Flux.just(view.getOrDefault("user", "nobody"), "second"));
        for (int i = 0; i < AWAITS.size(); i++) {
            Mono<String> mono = inBody(i, i >= 3 ? user.take(1) : user);   // last and single: one item
            StepVerifier.create(mono.contextWrite(Context.of("user", "ada"))).expectNext("ada").expectComplete().verify(WAIT);
        }
    }

    @Test
    void cancellingTheSubscriptionCancelsTheAwaitedPublisherOnce() {
        for (int i = 0; i < AWAITS.size(); i++) {
            Sinks.Many<String> silent = Sinks.many().unicast().onBackpressureBuffer();
            AtomicInteger subscribed = new AtomicInteger();
            AtomicInteger cancelled = new AtomicInteger();
            Flux<String> watched = silent.asFlux().doOnSubscribe(s -> subscribed.incrementAndGet())
                    .doOnCancel(cancelled::incrementAndGet);
            AtomicInteger bodyCancelled = new AtomicInteger();
            int index = i;
            Mono<String> mono = MonoBridge.mono(() -> {
                try {
                    return AWAITS.get(index).apply(watched);
                } catch (CancellationException e) {
                    bodyCancelled.incrementAndGet();
                    throw e;
                }
            }, runtime);
            StepVerifier.create(mono)
                    .then(() -> await().atMost(WAIT).until(() -> subscribed.get() == 1))
                    .thenCancel()
                    .verify(WAIT);
            await().atMost(WAIT).until(() -> cancelled.get() == 1 && bodyCancelled.get() == 1);
            assertEquals(1, cancelled.get(), NAMES.get(i));
        }
    }

    @Test
    void outsideABodyEachFailsAtOnceNamingTheFutureFormAndSubscribesNothing() {
        for (int i = 0; i < AWAITS.size(); i++) {
            AtomicInteger subscribed = new AtomicInteger();
            Flux<String> watched = Flux.just("a").doOnSubscribe(s -> subscribed.incrementAndGet());
            int index = i;
            IllegalStateException error = assertThrows(IllegalStateException.class, () -> AWAITS.get(index).apply(watched));
            assertTrue(error.getMessage().startsWith("FluxBridge." + NAMES.get(i) + "(Publisher) only works inside an Async body"),
                    error.getMessage());
            assertTrue(error.getMessage().contains("FluxBridge." + FUTURE_FORMS.get(i) + "(publisher)"), error.getMessage());
            assertEquals(0, subscribed.get(), NAMES.get(i));
        }
    }

    /** An await in an {@code Async.run} body spawned as a plain task works too; no Reactor subscriber needed. */
    @Test
    void inAPlainAsyncBody() {
        assertEquals("c", runtime.blockOn(Async.run(() -> FluxBridge.awaitLast(Flux.just("a", "b", "c")))));
    }
}
