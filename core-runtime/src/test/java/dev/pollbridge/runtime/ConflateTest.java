package dev.pollbridge.runtime;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#conflate}, ported from kotlinx.coroutines'
 * {@code flow/operators/ConflateTest.kt} ({@code testExample}) on virtual time, plus the items it
 * drops. tokio-stream has no conflate.
 */
class ConflateTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    /**
     * kotlinx: {@code testExample}: 30 items 100 ms apart, a slow consumer: it sees 1, then the
     * latest each time it is free. kotlinx's consumer takes 1 000 ms per item, so it is free at the
     * very instant items 11 and 21 come (1 100 ms, 2 100 ms), and kotlinx's dispatcher happens to
     * resume the consumer first; this test's driver runs the producer task first at an equal
     * instant (either order is right). A consumer of 990 ms per item meets no such tie and sees
     * kotlinx's answer.
     */
    @Test
    void example() {
        VirtualTimeline.Script<Integer> flow = time.script();
        for (int i = 1; i <= 30; i++) {
            flow.delay(100).emit(i);
        }
        PollStream<Integer> slow = RuntimeStreams.conflate(flow, time.runtime)
                .mapAsync(1, item -> time.runtime.sleep(Duration.ofMillis(990)).map(nothing -> item));
        assertEquals(List.of(1, 10, 20, 30), time.items(slow, 100_000));
    }

    @Test
    void theProducerNeverWaitsAndTheDroppedItemsAreClosed() {
        AtomicInteger closed = new AtomicInteger();
        record Item(int n, AtomicInteger closed) implements AutoCloseable {
            @Override
            public void close() {
                closed.incrementAndGet();
            }
        }
        ProbeStream<Item> upstream = new ProbeStream<>();
        for (int i = 0; i < 5; i++) {
            upstream.emit(new Item(i, closed));
        }
        upstream.complete();
        try (MockStreamTask<Item> consumer = MockStreamTask.spawn(RuntimeStreams.conflate(upstream, time.runtime))) {
            assertPending(consumer.pollNext());
            time.runUntilIdle();
            assertEquals(0, upstream.queued(), "the producer took everything without waiting");
            assertEquals(4, closed.get(), "items 0 to 3 were conflated away, and closed");
            assertEquals(4, assertReady(consumer.pollNext()).n());
            assertDone(consumer.pollNext());
        }
        assertEquals(1, upstream.closes());
    }
}
