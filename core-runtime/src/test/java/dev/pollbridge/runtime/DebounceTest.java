package dev.pollbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.PollAssertions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#debounce}, ported from kotlinx.coroutines'
 * {@code flow/operators/DebounceTest.kt} on virtual time (tokio-stream has no debounce); each test
 * names its peer test. Not ported: the null-item tests (items are never null here), the selector
 * variants ({@code debounce { ... }}, not offered), and the isolated-context tests (no
 * dispatchers: the upstream is polled in the operator's own poll).
 */
class DebounceTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    private PollStream<String> debounce(PollStream<String> stream, long millis) {
        return RuntimeStreams.debounce(stream, Duration.ofMillis(millis), time.runtime);
    }

    /** kotlinx: {@code testBasic} (and {@code testDurationBasic}). */
    @Test
    void basic() {
        PollStream<String> flow = time.<String>script().emit("A").delay(1500).emit("B").delay(500).emit("C")
                .delay(250).emit("D").delay(2000).emit("E");
        List<VirtualTimeline.Timed<String>> result = time.collect(debounce(flow, 1000), 10_000);
        assertEquals(List.of(new VirtualTimeline.Timed<>("A", 1000), new VirtualTimeline.Timed<>("D", 3250),
                new VirtualTimeline.Timed<>("E", 4250)), result, "E goes out at once when upstream ends");
    }

    /** kotlinx: {@code testEmpty}. */
    @Test
    void empty() {
        assertEquals(List.of(), time.items(RuntimeStreams.debounce(Streams.empty(), Duration.ofMillis(Long.MAX_VALUE),
                time.runtime), 10));
    }

    /** kotlinx: {@code testScalar}: items ready at once end as the last one. */
    @Test
    void scalar() {
        assertEquals(List.of(3), time.items(RuntimeStreams.debounce(Streams.of(1, 2, 3), Duration.ofMillis(1000),
                time.runtime), 10));
    }

    /** kotlinx: {@code testPace}: items 99 ms apart never settle; 101 ms apart each does. */
    @Test
    void pace() {
        VirtualTimeline.Script<Integer> flow = time.script();
        for (int i = 0; i < 10; i++) {
            flow.emit(-i).delay(99);
        }
        for (int i = 0; i < 10; i++) {
            flow.emit(i).delay(101);
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
                time.items(RuntimeStreams.debounce(flow, Duration.ofMillis(100), time.runtime), 10_000));
    }

    /** kotlinx: {@code testUpstreamErrorDebounceNotTriggered}: the failure wins, the item held is dropped. */
    @Test
    void upstreamErrorDebounceNotTriggered() {
        IllegalStateException boom = new IllegalStateException("boom");
        VirtualTimeline.Script<String> flow = time.<String>script().emit("1").thenFail(boom);
        VirtualTimeline.Failed failed = assertThrows(VirtualTimeline.Failed.class,
                () -> time.collect(RuntimeStreams.debounce(flow, Duration.ofMillis(Long.MAX_VALUE), time.runtime), 10));
        assertSame(boom, failed.getCause());
        assertEquals(List.of(), failed.before);
        assertEquals(1, flow.closes);
    }

    /** kotlinx: {@code testUpstreamError}: a failure after an item went out. */
    @Test
    void upstreamError() {
        IllegalStateException boom = new IllegalStateException("boom");
        VirtualTimeline.Script<String> flow = time.<String>script().emit("1").delay(5).thenFail(boom);
        VirtualTimeline.Failed failed = assertThrows(VirtualTimeline.Failed.class,
                () -> time.collect(debounce(flow, 1), 10));
        assertSame(boom, failed.getCause());
        assertEquals(1, failed.before.size());
    }

    /** kotlinx: {@code testDownstreamError}: the consumer gives up: closing closes upstream and the timer. */
    @Test
    void downstreamError() {
        VirtualTimeline.Script<String> flow = time.<String>script().emit("1").thenHang();
        PollStream<String> debounced = debounce(flow, 100);
        try (MockStreamTask<String> task = MockStreamTask.spawn(debounced)) {
            PollAssertions.assertPending(task.pollNext());
            time.advance(100);
            assertTrue(task.isWoken());
            PollAssertions.assertReady(task.pollNext(), "1");
        }
        assertEquals(1, flow.closes);
        assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount(), "the timer is removed");
    }

    /** kotlinx: {@code testZeroDebounceTime}: every item passes. */
    @Test
    void zeroDebounceTime() {
        assertEquals(List.of("A", "B", "C"), time.items(debounce(Streams.of("A", "B", "C"), 0), 10));
    }

    /** kotlinx: {@code testFailsWithIllegalArgument}. */
    @Test
    void failsWithIllegalArgument() {
        assertThrows(IllegalArgumentException.class,
                () -> RuntimeStreams.debounce(Streams.empty(), Duration.ofMillis(-1), time.runtime));
        assertThrows(NullPointerException.class, () -> RuntimeStreams.debounce(Streams.empty(), null, time.runtime));
    }

    @Test
    void supersededItemsThatOwnAResourceAreClosed() {
        AtomicInteger closed = new AtomicInteger();
        record Item(int n, AtomicInteger closed) implements AutoCloseable {
            @Override
            public void close() {
                closed.incrementAndGet();
            }
        }
        VirtualTimeline.Script<Item> flow = time.<Item>script().emit(new Item(1, closed)).delay(10)
                .emit(new Item(2, closed)).delay(10).emit(new Item(3, closed)).delay(500);
        List<Item> out = time.items(RuntimeStreams.debounce(flow, Duration.ofMillis(100), time.runtime), 10_000);
        assertEquals(1, out.size());
        assertEquals(3, out.get(0).n());
        assertEquals(2, closed.get(), "items 1 and 2 were superseded and dropped");
    }
}
