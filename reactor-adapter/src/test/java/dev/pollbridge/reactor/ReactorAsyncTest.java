package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@link MonoBridge#mono}, {@link MonoBridge#await(Mono)} and {@link FluxBridge#forEach} in Async bodies. */
class ReactorAsyncTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    @Test
    void awaitingMonosReadsLikeStraightLineCode() {
        Mono<String> greeting = MonoBridge.mono(() -> {
            String hello = MonoBridge.await(Mono.just("hello").delayElement(Duration.ofMillis(20)));
            String world = MonoBridge.await(Mono.fromCallable(() -> "world"));
            Object nothing = MonoBridge.await(Mono.empty());
            return hello + " " + world + " " + nothing;
        }, runtime);
        StepVerifier.create(greeting).expectNext("hello world null").verifyComplete();
    }

    @Test
    void aFailedMonoIsRethrownAsTheSameInstanceAndFailsTheBody() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        AtomicReference<Throwable> caught = new AtomicReference<>();
        Mono<String> recovered = MonoBridge.mono(() -> {
            try {
                return MonoBridge.await(Mono.<String>error(boom));
            } catch (IllegalArgumentException e) {
                caught.set(e);
                return "recovered";
            }
        }, runtime);
        StepVerifier.create(recovered).expectNext("recovered").verifyComplete();
        assertSame(boom, caught.get());
        StepVerifier.create(MonoBridge.mono(() -> MonoBridge.await(Mono.<String>error(boom)), runtime))
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
    }

    @Test
    void aCheckedFailureIsWrappedAtTheAwaitAndReachesTheMonoAsTheSameInstance() {
        java.io.IOException checked = new java.io.IOException("checked");
        AtomicReference<Throwable> caught = new AtomicReference<>();
        Mono<String> inspected = MonoBridge.mono(() -> {
            try {
                return MonoBridge.await(Mono.<String>error(checked));
            } catch (java.util.concurrent.CompletionException e) {
                caught.set(e.getCause());
                return "wrapped";
            }
        }, runtime);
        StepVerifier.create(inspected).expectNext("wrapped").verifyComplete();
        assertSame(checked, caught.get());
        StepVerifier.create(MonoBridge.mono(() -> MonoBridge.await(Mono.<String>error(checked)), runtime))
                .expectErrorSatisfies(error -> assertSame(checked, error))
                .verify(WAIT);
    }

    @Test
    void forEachVisitsEveryItemInOrder() {
        Mono<List<Integer>> collected = MonoBridge.mono(() -> {
            List<Integer> items = new ArrayList<>();
            FluxBridge.forEach(Flux.range(1, 1_000).publishOn(reactor.core.scheduler.Schedulers.parallel()), items::add);
            return items;
        }, runtime);
        StepVerifier.create(collected)
                .assertNext(items -> {
                    assertEquals(1_000, items.size());
                    for (int i = 0; i < items.size(); i++) {
                        assertEquals(i + 1, items.get(i));
                    }
                })
                .verifyComplete();
    }

    @Test
    void forEachStopsAndCancelsWhenTheActionThrows() {
        AtomicInteger cancels = new AtomicInteger();
        IllegalStateException stop = new IllegalStateException("enough");
        Mono<Void> body = MonoBridge.mono(() -> {
            FluxBridge.forEach(Flux.range(1, 10_000).doOnCancel(cancels::incrementAndGet), item -> {
                if (item == 3) {
                    throw stop;
                }
            });
            return null;
        }, runtime);
        StepVerifier.create(body).expectErrorSatisfies(error -> assertSame(stop, error)).verify(WAIT);
        assertEquals(1, cancels.get());
    }

    @Test
    void cancellingTheMonoCancelsTheAwaitedMonoAndRunsTheBodysFinally() {
        AtomicInteger innerCancels = new AtomicInteger();
        AtomicBoolean finallyRan = new AtomicBoolean();
        AtomicBoolean afterAwaitRan = new AtomicBoolean();
        AtomicBoolean awaiting = new AtomicBoolean();
        Mono<String> body = MonoBridge.mono(() -> {
            try {
                awaiting.set(true);
                String never = MonoBridge.await(Mono.<String>never().doOnCancel(innerCancels::incrementAndGet));
                afterAwaitRan.set(true);
                return never;
            } finally {
                finallyRan.set(true);
            }
        }, runtime);
        StepVerifier.create(body)
                .expectSubscription()
                .then(() -> await().atMost(WAIT).untilTrue(awaiting))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).untilTrue(finallyRan);
        assertEquals(1, innerCancels.get());
        assertTrue(!afterAwaitRan.get());
    }

    @Test
    void awaitAndForEachOutsideABodyFailFast() {
        assertThrows(IllegalStateException.class, () -> MonoBridge.await(Mono.just(1)));
        assertThrows(IllegalStateException.class, () -> FluxBridge.forEach(Flux.just(1), item -> {}));
        assertThrows(NullPointerException.class, () -> MonoBridge.mono(null, runtime));
    }

    @Test
    void aNullBodyResultCompletesEmpty() {
        Mono<String> empty = MonoBridge.mono(() -> {
            assertNull(MonoBridge.await(Mono.<String>empty()));
            return null;
        }, runtime);
        StepVerifier.create(empty).verifyComplete();
    }

    @Test
    void cancellationExceptionIsWhatTheSuspendedAwaitThrows() {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean awaiting = new AtomicBoolean();
        Mono<String> body = MonoBridge.mono(() -> {
            try {
                awaiting.set(true);
                return MonoBridge.await(Mono.<String>never());
            } catch (Throwable t) {
                thrown.set(t);
                throw t;
            }
        }, runtime);
        reactor.core.Disposable subscription = body.subscribe();
        await().atMost(WAIT).untilTrue(awaiting);
        subscription.dispose();
        await().atMost(WAIT).until(() -> thrown.get() != null);
        assertTrue(thrown.get() instanceof CancellationException, String.valueOf(thrown.get()));
    }
}
