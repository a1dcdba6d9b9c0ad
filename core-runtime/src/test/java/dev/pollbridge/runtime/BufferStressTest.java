package dev.pollbridge.runtime;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#buffer} and {@link RuntimeStreams#conflate} with the producer task on a
 * worker, the upstream fed from a third thread and the consumer on the test thread, racing:
 * every item arrives once and in order; a close racing the production closes the upstream once
 * and every item not delivered exactly once (those the producer took by the buffer, those still
 * queued upstream or emitted after the close by the upstream, rule 11). Bounded in rounds and in
 * time.
 */
class BufferStressTest {

    private static final int ROUNDS = 100;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(3);

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("buffer-stress-").build();

    @AfterEach
    void close() {
        runtime.close();
    }

    /** An item that counts its closes. */
    static final class Item implements AutoCloseable {
        final int n;
        final AtomicInteger closes = new AtomicInteger();

        Item(int n) {
            this.n = n;
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    /** Emits {@code items}, then the end, from a thread of its own. */
    private static Thread feed(ProbeStream<Item> upstream, List<Item> items) {
        Thread feeder = new Thread(() -> {
            items.forEach(upstream::emit);
            upstream.complete();
        });
        feeder.start();
        return feeder;
    }

    private static List<Item> items(int count) {
        return IntStream.range(0, count).mapToObj(Item::new).collect(Collectors.toList());
    }

    /** Polls on this thread, waiting for a wake between polls, as a task would; stops after {@code limit} items. */
    private static List<Item> consume(PollStream<Item> stream, int limit) throws InterruptedException {
        Semaphore wakes = new Semaphore(0);
        Context cx = Context.of(wakes::release);
        List<Item> taken = new ArrayList<>();
        while (taken.size() < limit) {
            Poll<Item> poll = stream.pollNext(cx);
            if (poll.isReady()) {
                taken.add(poll.value());
            } else if (poll.isPending()) {
                assertTrue(wakes.tryAcquire(5, TimeUnit.SECONDS), "pending, and nobody woke the consumer");
            } else {
                assertTrue(poll.isDone(), "ended with " + poll);
                break;
            }
        }
        return taken;
    }

    @Test
    void bufferDeliversEveryItemOnceInOrder() throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int round = 0; round < ROUNDS && System.nanoTime() < deadline; round++) {
            ProbeStream<Item> upstream = new ProbeStream<>();
            List<Item> items = items(500);
            Thread feeder = feed(upstream, items);
            PollStream<Item> buffered = RuntimeStreams.buffer(upstream, 1 + round % 8, runtime);
            List<Item> taken = consume(buffered, Integer.MAX_VALUE);
            buffered.close();
            feeder.join();
            assertEquals(items, taken, "round " + round);
            await().atMost(Duration.ofSeconds(5)).until(() -> upstream.closes() == 1);
            items.forEach(item -> assertEquals(0, item.closes.get(), "a delivered item is the consumer's"));
        }
    }

    @Test
    void aCloseRacingProductionClosesTheUpstreamOnceAndEachDroppedItemOnce() throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int round = 0; round < ROUNDS && System.nanoTime() < deadline; round++) {
            boolean conflate = round % 2 == 1;
            ProbeStream<Item> upstream = new ProbeStream<>();
            List<Item> items = items(200);
            Thread feeder = feed(upstream, items); // conflate may deliver fewer than asked: the end stops it
            PollStream<Item> stream = conflate ? RuntimeStreams.conflate(upstream, runtime)
                    : RuntimeStreams.buffer(upstream, 4, runtime);
            List<Item> taken = consume(stream, round % 20);
            stream.close();
            feeder.join();
            await().atMost(Duration.ofSeconds(5)).until(() -> upstream.closes() == 1);
            for (Item item : items) { // the buffer drops what it took; the probe what it still held or got after close
                int closes = item.closes.get();
                if (taken.contains(item)) {
                    assertEquals(0, closes, "round " + round + ": item " + item.n + " was delivered: it is the consumer's");
                } else {
                    assertEquals(1, closes, "round " + round + " (" + (conflate ? "conflate" : "buffer") + "): item "
                            + item.n + " was not delivered, and must be closed exactly once");
                }
            }
            if (!conflate) {
                for (int i = 0; i < taken.size(); i++) {
                    assertEquals(i, taken.get(i).n);
                }
            }
        }
    }
}
