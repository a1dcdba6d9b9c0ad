package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.async.AsyncEmitter;
import static dev.pollbridge.runtime.PollDriver.assertNoViolations;
import static dev.pollbridge.runtime.PollDriver.soon;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link AsyncEmitter#tryEmit} from several threads at once, racing each other, the consumer's
 * polls on the runtime and the body's end: every item a {@code tryEmit} accepted reaches the
 * consumer exactly once, in each producer's order, and no refused item does. {@value #ROUNDS}
 * rounds, bounded by the timeout.
 */
@Tag("stress")
@Timeout(120)
class AsyncStreamProducerStressTest {

    private static final int ROUNDS = 300;
    private static final int PRODUCERS = 2;
    private static final int ITEMS_PER_PRODUCER = 40;

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("async-producer-stress-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Test
    void everyAcceptedItemArrivesOnceInItsProducersOrderAndNoRefusedOneDoes() throws Exception {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            AtomicReference<AsyncEmitter<Integer>> leaked = new AtomicReference<>();
            ProbeFuture<Void> end = new ProbeFuture<>();
            PollStream<Integer> stream = Async.stream(emitter -> {
                leaked.set(emitter);
                Async.await(end); // the body ends when the test says so, while producers still offer
            });
            JoinHandle<List<Integer>> consumer = runtime.spawn(Async.run(() -> {
                List<Integer> received = new ArrayList<>();
                try (stream) {
                    for (Integer item = Async.next(stream); item != null; item = Async.next(stream)) {
                        received.add(item);
                    }
                }
                return received;
            }));
            soon().until(() -> leaked.get() != null);
            AsyncEmitter<Integer> emitter = leaked.get();

            List<List<Integer>> accepted = new ArrayList<>();
            AtomicInteger acceptedTotal = new AtomicInteger();
            CountDownLatch producersDone = new CountDownLatch(PRODUCERS);
            for (int p = 0; p < PRODUCERS; p++) {
                List<Integer> mine = new ArrayList<>();
                accepted.add(mine);
                int base = p * ITEMS_PER_PRODUCER;
                Thread producer = new Thread(() -> {
                    try {
                        for (int i = 0; i < ITEMS_PER_PRODUCER && !emitter.isClosed(); i++) {
                            while (!emitter.tryEmit(base + i)) {
                                if (emitter.isClosed()) {
                                    return;
                                }
                                Thread.yield();
                            }
                            mine.add(base + i);
                            acceptedTotal.incrementAndGet();
                        }
                    } finally {
                        producersDone.countDown();
                    }
                }, "producer-" + p);
                producer.start();
            }
            // End the body while the producers are still offering (or right after they finished).
            soon().until(() -> acceptedTotal.get() >= ITEMS_PER_PRODUCER || producersDone.getCount() == 0);
            end.complete(null);
            List<Integer> received = runtime.blockOn(consumer);
            if (!producersDone.await(20, TimeUnit.SECONDS)) {
                violations.add("round " + round + ": a producer kept going after the stream ended");
                continue;
            }
            String problem = check(accepted, received);
            if (problem != null) {
                violations.add("round " + round + ": " + problem);
            }
        }
        assertNoViolations(violations, violations.size() + " of " + ROUNDS + " rounds lost, duplicated or reordered an item");
    }

    /** Null if {@code received} is exactly the accepted items, each producer's in its order. */
    private static String check(List<List<Integer>> accepted, List<Integer> received) {
        Map<Integer, Integer> producerOf = new HashMap<>();
        for (int p = 0; p < accepted.size(); p++) {
            for (Integer item : accepted.get(p)) {
                producerOf.put(item, p);
            }
        }
        if (received.size() != producerOf.size()) {
            return "accepted " + producerOf.size() + " items, received " + received.size();
        }
        int[] next = new int[accepted.size()];
        for (Integer item : received) {
            Integer p = producerOf.get(item);
            if (p == null) {
                return "received " + item + ", which no tryEmit accepted";
            }
            List<Integer> mine = accepted.get(p);
            if (next[p] >= mine.size() || !mine.get(next[p]).equals(item)) {
                return "received " + item + " out of producer " + p + "'s order " + mine;
            }
            next[p]++;
        }
        return null;
    }
}
