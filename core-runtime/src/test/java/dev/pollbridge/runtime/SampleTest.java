package dev.pollbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#sample}, ported from kotlinx.coroutines' {@code flow/operators/SampleTest.kt}
 * on virtual time (tokio-stream has no sample); each test names its peer test. Not ported: the
 * null-item tests, and the isolated-context and downstream-error tests (no dispatchers here; a
 * consumer that gives up closes the stream, covered by the contract test).
 */
class SampleTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    private <T> List<T> sample(PollStream<T> stream, long millis) {
        return time.items(RuntimeStreams.sample(stream, Duration.ofMillis(millis), time.runtime), 100_000);
    }

    /** kotlinx: {@code testBasic} (and {@code testDurationBasic}): an item due at a tick goes to the next window. */
    @Test
    void basic() {
        PollStream<String> flow = time.<String>script().emit("A").delay(1500).emit("B").delay(500).emit("C")
                .delay(250).emit("D").delay(2000).emit("E");
        assertEquals(List.of("A", "B", "D"), sample(flow, 1000));
    }

    /** kotlinx: {@code testDelayedFirst}. */
    @Test
    void delayedFirst() {
        assertEquals(List.of(1), sample(time.<Integer>script().delay(60).emit(1).delay(60), 100));
    }

    /** kotlinx: {@code testBasic2}. */
    @Test
    void basic2() {
        PollStream<Integer> flow = time.<Integer>script().emit(1).emit(2).delay(501).emit(3).delay(100).emit(4)
                .delay(100).emit(5).emit(6).delay(301).emit(7).delay(501);
        assertEquals(List.of(2, 6, 7), sample(flow, 500));
    }

    /** kotlinx: {@code testFixedDelay}: the item held when upstream ends is dropped. */
    @Test
    void fixedDelay() {
        assertEquals(List.of("A"), sample(time.<String>script().emit("A").delay(150).emit("B"), 100));
    }

    /** kotlinx: {@code testEmpty}. */
    @Test
    void empty() {
        assertEquals(List.of(), sample(Streams.empty(), Long.MAX_VALUE));
    }

    /** kotlinx: {@code testScalar}: upstream ends before the first tick: nothing. */
    @Test
    void scalar() {
        assertEquals(List.of(), sample(Streams.of(1, 2, 3), Long.MAX_VALUE));
    }

    /** kotlinx: {@code testLongWait}: quiet periods produce no item; the grid stays. */
    @Test
    void longWait() {
        PollStream<String> flow = time.<String>script().emit("A").delay(3500).emit("B").delay(900).emit("C")
                .delay(3000);
        List<VirtualTimeline.Timed<String>> result =
                time.collect(RuntimeStreams.sample(flow, Duration.ofMillis(1000), time.runtime), 100_000);
        assertEquals(List.of(new VirtualTimeline.Timed<>("A", 1000), new VirtualTimeline.Timed<>("B", 4000),
                new VirtualTimeline.Timed<>("C", 5000)), result);
    }

    /** kotlinx: {@code testPace}. */
    @Test
    void pace() {
        VirtualTimeline.Script<Integer> flow = time.script();
        for (int i = 0; i < 4; i++) {
            flow.emit(-i).delay(50);
        }
        for (int i = 0; i < 4; i++) {
            flow.emit(i).delay(100);
        }
        assertEquals(List.of(-1, -3, 0, 1, 2, 3), sample(flow, 100));
    }

    /** kotlinx: {@code testUpstreamError} and {@code testUpstreamErrorSampleNotTriggered}. */
    @Test
    void upstreamError() {
        IllegalStateException boom = new IllegalStateException("boom");
        VirtualTimeline.Script<Integer> flow = time.<Integer>script().emit(1).thenFail(boom);
        VirtualTimeline.Failed failed = assertThrows(VirtualTimeline.Failed.class,
                () -> time.collect(RuntimeStreams.sample(flow, Duration.ofMillis(Long.MAX_VALUE), time.runtime), 10));
        assertSame(boom, failed.getCause());
        assertEquals(1, flow.closes);
        assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount(), "the ticker is removed");
    }

    /** kotlinx: {@code testFailsWithIllegalArgument}. */
    @Test
    void failsWithIllegalArgument() {
        assertThrows(IllegalArgumentException.class, () -> RuntimeStreams.sample(Streams.empty(), Duration.ZERO, time.runtime));
        assertThrows(IllegalArgumentException.class,
                () -> RuntimeStreams.sample(Streams.empty(), Duration.ofMillis(-1), time.runtime));
    }
}
