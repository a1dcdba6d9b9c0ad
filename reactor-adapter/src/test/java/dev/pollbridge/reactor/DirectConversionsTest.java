package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.Streams;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * {@code MonoBridge.toMono(PollFuture)} and {@code toFlux(PollStream)}, the forms that take the
 * future or stream itself, and the fluent {@code future.to(MonoBridge::toMono)}: single use,
 * with a second subscription refused by an error that names the {@code Supplier} form.
 */
class DirectConversionsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void startRuntime() {
        runtime = PollRuntime.builder().workers(2).uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    void closeRuntime() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    @Test
    void aFutureReadsLeftToRightAsAMono() {
        Mono<Integer> length = Futures.ready("four").map(String::length).to(MonoBridge::toMono);
        StepVerifier.create(length).expectNext(4).verifyComplete();
        StepVerifier.create(Futures.<String>ready(null).to(future -> MonoBridge.toMono(future, runtime)))
                .verifyComplete();
    }

    @Test
    void theSubscriptionOwnsTheFutureAndCancelClosesIt() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(MonoBridge.toMono(probe, runtime))
                .expectSubscription()
                .then(() -> await().atMost(WAIT).until(probe::hasWaker))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(() -> probe.closes() == 1);
        assertTrue(probe.isCancelled());
    }

    @Test
    void aSecondSubscriptionIsRefusedWithTheFix() {
        Mono<String> once = MonoBridge.toMono(Futures.ready("once"), runtime);
        StepVerifier.create(once).expectNext("once").verifyComplete();
        StepVerifier.create(once)
                .expectErrorSatisfies(error -> {
                    assertInstanceOf(IllegalStateException.class, error);
                    String message = error.getMessage();
                    assertTrue(message.startsWith("a Mono of one PollFuture (MonoBridge.toMono(future)) can be "
                            + "subscribed to only once"), message);
                    assertTrue(message.contains("rule 11") && message.contains("MonoBridge.toMono(() -> buildTheFuture())"),
                            message);
                })
                .verify(WAIT);
    }

    @Test
    void aSharedFutureKeepsItsManySubscriptionsAndAJoinHandleIsAdopted() {
        SharedFuture<String> shared = Futures.shared(Futures.ready("for all"));
        PollFuture<String> asFuture = shared;
        Mono<String> many = asFuture.to(future -> MonoBridge.toMono(future, runtime));
        StepVerifier.create(many.repeat(2)).expectNext("for all", "for all", "for all").verifyComplete();
        shared.close();

        JoinHandle<String> handle = runtime.spawn(Futures.ready("from a task"));
        StepVerifier.create(handle.to(future -> MonoBridge.toMono(future, runtime)))
                .expectNext("from a task").verifyComplete();
    }

    @Test
    void aStreamReadsLeftToRightAsAFluxOnce() {
        Flux<Integer> doubled = Streams.fromIterable(List.of(1, 2, 3)).map(i -> i * 2).to(FluxBridge::toFlux);
        StepVerifier.create(doubled).expectNext(2, 4, 6).verifyComplete();
        StepVerifier.create(doubled)
                .expectErrorSatisfies(error -> assertTrue(error.getMessage().contains(
                        "FluxBridge.toFlux(() -> buildTheStream())"), error.getMessage()))
                .verify(WAIT);
    }

    @Test
    void cancellingTheFluxClosesTheStream() {
        ProbeStream<String> probe = new ProbeStream<>();
        StepVerifier.create(FluxBridge.toFlux(probe, runtime))
                .then(() -> probe.emit("a"))
                .expectNext("a")
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(() -> probe.closes() == 1);
        IllegalStateException failure = new IllegalStateException("the same");
        StepVerifier.create(MonoBridge.toMono(Futures.<String>failed(failure), runtime))
                .expectErrorSatisfies(error -> assertSame(failure, error))
                .verify(WAIT);
    }
}
