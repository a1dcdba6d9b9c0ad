package com.example;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class FirstReactor {

    public static void main(String[] args) {
        try (PollRuntime runtime = PollRuntime.create()) {
            // A Mono becomes a future: nothing subscribes until a task polls it.
            Mono<String> greeting = Mono.just("hello").delayElement(Duration.ofMillis(20));
            PollFuture<String> loud = MonoBridge.toPollFuture(greeting).map(String::toUpperCase);
            System.out.println(runtime.blockOn(loud));

            // Straight-line code: an Async body awaits Monos without blocking a runtime worker.
            PollFuture<Integer> sum = Async.run(() ->
                    MonoBridge.await(Mono.just(20)) + MonoBridge.await(Flux.range(1, 3).count()).intValue());
            System.out.println("sum: " + runtime.blockOn(sum));

            // And back: a body that emits items becomes a Flux. A call chained on the builder
            // needs the type witness <Integer>: Java cannot infer T from the lambda alone.
            List<Integer> squares = FluxBridge.<Integer>flux(emitter -> {
                        for (int i = 1; i <= 4; i++) {
                            emitter.emit(i);                             // waits for the Flux's demand
                        }
                    }, runtime)
                    .map(i -> i * i)
                    .collectList()
                    .block();
            System.out.println("squares: " + squares);
        }
    }
}
