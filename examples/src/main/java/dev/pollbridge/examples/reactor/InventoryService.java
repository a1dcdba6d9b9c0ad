package dev.pollbridge.examples.reactor;

import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * An existing Reactor service, as found in a WebFlux code base: every call returns a
 * {@link Mono} or {@link Flux} that completes later on a Reactor timer thread. It knows nothing
 * about Pollbridge; {@link ReactorExample} wraps it.
 */
public final class InventoryService {

    /** Units in stock, after 50 ms. */
    public Mono<Integer> stock(String sku) {
        return Mono.fromCallable(() -> Math.abs(sku.hashCode()) % 100)
                .delayElement(Duration.ofMillis(50))
                .doOnCancel(() -> System.out.println("  [reactor] stock(" + sku + ") cancelled"));
    }

    /** The price in cents, after 80 ms. */
    public Mono<Long> price(String sku) {
        return Mono.just(sku.length() * 125L).delayElement(Duration.ofMillis(80));
    }

    /** The same quote from one of two mirrors; each answers after its own latency. */
    public Mono<String> quote(String mirror, Duration latency) {
        return Mono.just("quote from " + mirror)
                .delayElement(latency)
                .doOnCancel(() -> System.out.println("  [reactor] " + mirror + " cancelled (it lost the select)"));
    }

    /** A report that takes two seconds: longer than anyone wants to wait. */
    public Mono<String> slowReport() {
        return Mono.just("report").delayElement(Duration.ofSeconds(2))
                .doOnCancel(() -> System.out.println("  [reactor] slowReport() cancelled by the timeout"));
    }

    /** Whoever is asking, read from the subscriber's Reactor context. */
    public Mono<String> caller() {
        return Mono.deferContextual(view -> Mono.just(view.getOrDefault("user", "anonymous")))
                .delayElement(Duration.ofMillis(10));
    }
}
