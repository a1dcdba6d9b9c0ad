package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The adapters meet through {@code PollStream}: a Flowable becomes a Flux and a Flux becomes a
 * Flowable, with values, errors, completion and cancellation intact.
 */
class ReactorInteropTest extends OnRuntime {

    ReactorInteropTest() {
        super(2, "interop-");
    }

    @AfterEach
    void nothingUndeliverable() {
        rxErrors.assertNone();
    }

    @Test
    void aFlowableThroughAStreamIsAFluxWithItsValuesErrorsAndCancellation() {
        Flux<Integer> values = FluxBridge.toFlux(() -> FlowableBridge.toPollStream(Flowable.range(1, 1_000)), runtime);
        StepVerifier.create(values.reduce(0L, (sum, item) -> sum + item)).expectNext(500_500L).verifyComplete();

        IllegalStateException boom = new IllegalStateException("boom");
        Flux<String> failing = FluxBridge.toFlux(
                () -> FlowableBridge.toPollStream(Flowable.just("a").concatWith(Flowable.error(boom))), runtime);
        StepVerifier.create(failing).expectNext("a").expectErrorSatisfies(error -> assertSame(boom, error)).verify(WAIT);

        AtomicInteger cancels = new AtomicInteger();
        Flux<Long> endless = FluxBridge.toFlux(() -> FlowableBridge.toPollStream(
                Flowable.interval(1, TimeUnit.MILLISECONDS).doOnCancel(cancels::incrementAndGet)), runtime);
        StepVerifier.create(endless.take(3)).expectNext(0L, 1L, 2L).verifyComplete();
        await().atMost(WAIT).until(() -> cancels.get() == 1);
    }

    @Test
    void aFluxThroughAStreamIsAFlowableWithItsValuesErrorsAndCancellation() throws InterruptedException {
        TestSubscriber<Long> sum = FlowableBridge.toFlowable(() -> FluxBridge.toPollStream(Flux.range(1, 1_000)), runtime)
                .reduce(0L, (total, item) -> total + item)
                .toFlowable()
                .test();
        sum.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        sum.assertResult(500_500L);

        IllegalStateException boom = new IllegalStateException("boom");
        TestSubscriber<String> failing = FlowableBridge.toFlowable(
                () -> FluxBridge.toPollStream(Flux.just("a").concatWith(Flux.error(boom))), runtime).test();
        failing.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        failing.assertValues("a").assertError(error -> error == boom);

        AtomicInteger cancels = new AtomicInteger();
        TestSubscriber<Long> taken = FlowableBridge.toFlowable(() -> FluxBridge.toPollStream(
                Flux.interval(Duration.ofMillis(1)).doOnCancel(cancels::incrementAndGet)), runtime).take(3).test();
        taken.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        taken.assertResult(0L, 1L, 2L);
        await().atMost(WAIT).until(() -> cancels.get() == 1);
    }

    /**
     * Issue 24, item 16: an empty Mono made a Single failed with {@code NullPointerException},
     * where Reactor's {@code Mono.single()} and RxJava's own {@code Single.fromPublisher} fail with
     * {@code NoSuchElementException}: a future's {@code null} is the empty case here.
     */
    @Test
    void anEmptyMonoAsASingleFailsWithNoSuchElementExceptionAsReactorAndRxJavaDo() throws InterruptedException {
        assertThrows(NoSuchElementException.class, () -> Mono.empty().single().block(), "Reactor");
        Single.fromPublisher(Mono.empty()).test().assertError(NoSuchElementException.class); // RxJava
        TestObserver<Object> ours = SingleBridge.toSingle(() -> MonoBridge.toPollFuture(Mono.empty()), runtime).test();
        ours.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        ours.assertError(error -> error instanceof NoSuchElementException
                && error.getMessage().contains("MaybeBridge.toMaybe"));
        assertTrue(ours.values().isEmpty());
    }
}
