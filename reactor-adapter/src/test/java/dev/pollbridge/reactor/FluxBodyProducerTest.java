package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.async.AsyncEmitter;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/**
 * The producer side of {@link FluxBridge#flux(dev.pollbridge.runtime.async.AsyncStreamBody, PollRuntime)}:
 * {@link AsyncEmitter#tryEmit} from another thread succeeds only while the subscriber has
 * requested more, and {@link AsyncEmitter#isClosed} tells that the subscriber went away.
 */
class FluxBodyProducerTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    /**
     * A producer thread offers items with tryEmit while the body waits: they reach the subscriber
     * in order and only as requested, and at most one is accepted beyond the requests (the
     * bridge's look-ahead poll holds it); the end goes out without more demand (issue 16 item 2).
     */
    @Test
    void tryEmitFromAnotherThreadFollowsTheSubscribersRequests() throws Exception {
        AtomicReference<AsyncEmitter<Integer>> leaked = new AtomicReference<>();
        AtomicInteger accepted = new AtomicInteger();
        Sinks.Empty<Void> end = Sinks.empty();
        Flux<Integer> flux = FluxBridge.flux(emitter -> {
            leaked.set(emitter); // handed to another thread, which offers items while the body waits
            MonoBridge.await(end.asMono());
        }, runtime);
        Thread producer = new Thread(() -> {
            await().atMost(WAIT).until(() -> leaked.get() != null);
            AsyncEmitter<Integer> emitter = leaked.get();
            for (int item = 1; item <= 3; item++) {
                while (!emitter.tryEmit(item)) { // no demand yet: keep the item and try again
                    if (emitter.isClosed()) {
                        return;
                    }
                    Thread.yield();
                }
                accepted.incrementAndGet();
            }
        }, "producer");

        // The script's then() steps run inside onNext on a runtime worker: they must not wait there.
        StepVerifier.create(flux, 0)
                .expectSubscription()
                .then(producer::start)
                .then(() -> assertTrue(accepted.get() <= 1, "nothing requested: at most the look-ahead item"))
                .thenRequest(1)
                .expectNext(1)
                .then(() -> assertTrue(accepted.get() <= 2, "one requested: " + accepted.get() + " accepted"))
                .thenRequest(2)
                .expectNext(2, 3)
                .then(end::tryEmitEmpty)
                .expectComplete() // no request needed for the end
                .verify(WAIT); // StepVerifier also fails on an onNext beyond the requests
        producer.join(WAIT.toMillis());
        assertFalse(producer.isAlive());
        assertEquals(3, accepted.get());
        assertTrue(leaked.get().isClosed(), "the body ended");
    }

    @Test
    void aCancelledSubscriptionIsSeenThroughIsClosedAndRefusesItems() {
        AtomicReference<AsyncEmitter<Integer>> leaked = new AtomicReference<>();
        AtomicBoolean finallyRan = new AtomicBoolean();
        Flux<Integer> flux = FluxBridge.flux(emitter -> {
            leaked.set(emitter);
            try {
                emitter.emit(1);
                MonoBridge.await(Sinks.empty().asMono()); // never completes: only the cancellation ends it
            } finally {
                finallyRan.set(true);
            }
        }, runtime);

        StepVerifier.create(flux.take(1)).expectNext(1).expectComplete().verify(WAIT);
        await().atMost(WAIT).until(() -> leaked.get().isClosed() && finallyRan.get());
        assertFalse(leaked.get().tryEmit(2));
    }
}
