package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/** The subscriber's Reactor context inside the task, and back into Reactor pipelines the task awaits. */
class ReactorContextTest {

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
    void outsideATaskTheContextIsEmpty() {
        assertTrue(ReactorBridge.currentContext().isEmpty());
    }

    @Test
    void aTaskStartedByASubscriptionSeesTheSubscribersContext() {
        Mono<String> user = MonoBridge.toMono(
                () -> Futures.lazy(() -> ReactorBridge.currentContext().getOrDefault("user", "nobody")), runtime);
        StepVerifier.create(user.contextWrite(Context.of("user", "ada"))).expectNext("ada").verifyComplete();
        StepVerifier.create(user).expectNext("nobody").verifyComplete();
    }

    @Test
    void contextSurvivesARoundTripReactorRuntimeReactor() {
        Mono<String> readsContext = Mono.deferContextual(view -> Mono.just(view.get("user") + "@" + view.get("tenant")))
                .delayElement(Duration.ofMillis(10));
        Mono<String> roundTrip = MonoBridge.toMono(() -> MonoBridge.toPollFuture(readsContext), runtime)
                .contextWrite(Context.of("user", "ada", "tenant", "acme"));
        StepVerifier.create(roundTrip).expectNext("ada@acme").verifyComplete();
    }

    @Test
    void aFluxConsumedInsideTheTaskSeesTheContextToo() {
        Flux<String> readsContext = Flux.deferContextual(view -> Flux.just(view.get("user"), view.get("user")));
        Mono<String> first = MonoBridge.toMono(() -> FluxBridge.toPollStream(readsContext).next(), runtime)
                .contextWrite(Context.of("user", "grace"));
        StepVerifier.create(first).expectNext("grace").verifyComplete();
    }

    @Test
    void theInnerPipelineKeepsItsOwnContextWritesAndTheOuterContext() {
        Mono<String> inner = Mono.deferContextual(view -> Mono.just(view.get("outer") + "+" + view.get("inner")))
                .contextWrite(Context.of("inner", "i"));
        Mono<String> outer = MonoBridge.toMono(() -> MonoBridge.toPollFuture(inner)
                        .map(value -> value + "|" + ReactorBridge.currentContext().getOrDefault("inner", "-")), runtime)
                .contextWrite(Context.of("outer", "o"));
        StepVerifier.create(outer).expectNext("o+i|-").verifyComplete();
    }

    @Test
    void anAsyncBodySeesTheContextAndPassesItOnToWhatItAwaits() {
        Mono<String> body = MonoBridge.mono(() -> {
            String direct = ReactorBridge.currentContext().get("user");
            String awaited = MonoBridge.await(Mono.deferContextual(view -> Mono.just(view.<String>get("user")))
                    .delayElement(Duration.ofMillis(5)));
            return direct + "/" + awaited;
        }, runtime);
        StepVerifier.create(body.contextWrite(Context.of("user", "linus"))).expectNext("linus/linus").verifyComplete();
    }
}
