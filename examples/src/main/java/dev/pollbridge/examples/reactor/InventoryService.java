package dev.pollbridge.examples.reactor;

import dev.pollbridge.examples.Story;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * An existing Reactor service, as found in a WebFlux code base: every call returns a cold
 * {@link Mono} that answers after a real delay on a Reactor timer thread. It knows nothing about
 * Pollbridge. When given a {@link Story}, it tells when each call is subscribed, answers, fails or
 * is cancelled, and on which kind of thread.
 */
public final class InventoryService {

    private final Story story;
    private final AtomicInteger reviewCalls = new AtomicInteger();

    /** A service that says nothing (the README example). */
    public InventoryService() {
        this(null);
    }

    public InventoryService(Story story) {
        this.story = story;
    }

    /** Units in stock, after 200 ms. */
    public Mono<Integer> stock(String sku) {
        return call("stock(" + sku + ")", Mono.just(Math.abs(sku.hashCode()) % 100), 200);
    }

    /** The price in cents, after 300 ms. */
    public Mono<Long> price(String sku) {
        return call("price(" + sku + ")", Mono.just(sku.length() * 125L), 300);
    }

    /** The same quote from one of several mirrors, each with its own latency. */
    public Mono<String> quote(String mirror, Duration latency) {
        return call("quote(" + mirror + ")", Mono.just("quote from " + mirror), latency.toMillis());
    }

    /** A report that takes two seconds: longer than anyone wants to wait. */
    public Mono<String> slowReport() {
        return call("slowReport()", Mono.just("report"), 2_000);
    }

    /** The flaky call: its first call fails with a checked IOException after 50 ms; later calls work. */
    public Mono<String> reviews(String sku) {
        if (reviewCalls.incrementAndGet() == 1) {
            return call("reviews(" + sku + ")", Mono.error(new IOException("reviews backend timed out")), 50);
        }
        return call("reviews(" + sku + ")", Mono.just("4.5 stars"), 50);
    }

    private <T> Mono<T> call(String name, Mono<T> answer, long delayMillis) {
        Mono<T> delayed = Mono.delay(Duration.ofMillis(delayMillis)).then(answer);
        if (story == null) {
            return delayed;
        }
        return delayed
                .doOnSubscribe(subscription -> story.say(name + " subscribed on " + story.thread()))
                .doOnNext(value -> story.say(name + " answered " + value + " on " + story.thread()))
                .doOnError(error -> story.say(name + " failed with " + error + " on " + story.thread()))
                .doOnCancel(() -> story.say(name + " cancelled on " + story.thread()));
    }
}
