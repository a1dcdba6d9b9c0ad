package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.task.TaskScope;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/**
 * A Reactor context given from outside a bridged task ({@code withContext}, {@code toPollFuture(mono,
 * context)}, {@code toPollStream(flux, context)}), and inherited by the tasks a bridged task spawns.
 */
class ReactorContextFromOutsideTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Mono<String> USER = Mono.deferContextual(view -> Mono.just(view.getOrDefault("user", "nobody")));

    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("context-").build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    @Test
    void blockOnWithAContextGivesItToWhatItAwaits() {
        assertEquals("nobody", runtime.blockOn(MonoBridge.toPollFuture(USER)), "no context outside a bridged task");
        assertEquals("ada", runtime.blockOn(MonoBridge.toPollFuture(USER, Context.of("user", "ada"))));
        assertEquals("ada", runtime.blockOn(ReactorBridge.withContext(Context.of("user", "ada"),
                Futures.lazy(() -> ReactorBridge.currentContext().<String>get("user")))));
        assertEquals("grace", runtime.blockOn(ReactorBridge.withContext(Context.of("user", "grace"),
                Async.run(() -> MonoBridge.await(USER)))), "an Async body and what it awaits");
    }

    @Test
    void aStreamGetsTheContextToo() {
        Flux<String> users = Flux.deferContextual(view -> Flux.just(view.<String>get("user"), view.<String>get("user")));
        PollStream<String> stream = FluxBridge.toPollStream(users, Context.of("user", "linus"));
        assertEquals(List.of("linus", "linus"), runtime.blockOn(Streams.collect(stream, java.util.stream.Collectors.toList())));
        PollStream<String> scoped = ReactorBridge.withContext(Context.of("user", "ken"), FluxBridge.toPollStream(users, 1));
        assertEquals(List.of("ken", "ken"), runtime.blockOn(Streams.collect(scoped, java.util.stream.Collectors.toList())));
    }

    @Test
    void anExplicitContextReplacesTheOneInForceAndAnEmptyOneHidesIt() {
        Mono<String> replaced = MonoBridge.toMono(() -> MonoBridge.toPollFuture(USER, Context.of("user", "inner")), runtime)
                .contextWrite(Context.of("user", "outer"));
        StepVerifier.create(replaced).expectNext("inner").expectComplete().verify(WAIT);
        Mono<String> hidden = MonoBridge.toMono(() -> MonoBridge.toPollFuture(USER, Context.empty()), runtime)
                .contextWrite(Context.of("user", "outer"));
        StepVerifier.create(hidden).expectNext("nobody").expectComplete().verify(WAIT);
        // The factory runs on the subscribing thread: defer to read the context inside the task.
        Mono<String> merged = MonoBridge.toMono(() -> Futures.defer(() -> MonoBridge.toPollFuture(
                        Mono.deferContextual(view -> Mono.just(view.get("user") + "@" + view.get("tenant"))),
                        Context.of(ReactorBridge.currentContext()).put("tenant", "acme"))), runtime)
                .contextWrite(Context.of("user", "outer"));
        StepVerifier.create(merged).expectNext("outer@acme").expectComplete().verify(WAIT);
    }

    @Test
    void tasksSpawnedInsideABridgedTaskInheritTheContext() {
        // Spawned inside the task (the factory itself runs on the subscribing thread).
        Mono<String> spawned = MonoBridge.toMono(() -> Futures.defer(() -> runtime.spawn(MonoBridge.toPollFuture(USER))),
                runtime).contextWrite(Context.of("user", "ada"));
        StepVerifier.create(spawned).expectNext("ada").expectComplete().verify(WAIT);

        Mono<String> fromBody = MonoBridge.mono(() -> {
            String direct = Async.await(runtime.spawn(Futures.lazy(() -> ReactorBridge.currentContext().<String>get("user"))));
            String grandchild = Async.await(runtime.spawn(Async.run(() -> Async.await(runtime.spawn(MonoBridge.toPollFuture(USER))))));
            return direct + "/" + grandchild;
        }, runtime).contextWrite(Context.of("user", "grace"));
        StepVerifier.create(fromBody).expectNext("grace/grace").expectComplete().verify(WAIT);

        Mono<List<String>> scoped = MonoBridge.toMono(() -> Futures.defer(() -> {
            TaskScope<String> scope = TaskScope.open(runtime);
            scope.spawn(MonoBridge.toPollFuture(USER));
            scope.spawn(MonoBridge.toPollFuture(USER));
            return scope.joinAll().inspect(values -> scope.close());
        }), runtime).contextWrite(Context.of("user", "linus"));
        StepVerifier.create(scoped).expectNext(List.of("linus", "linus")).expectComplete().verify(WAIT);

        assertTrue(runtime.blockOn(runtime.spawn(Futures.lazy(ReactorBridge::currentContext))).isEmpty(),
                "a task spawned outside any bridged task has no context");
    }
}
