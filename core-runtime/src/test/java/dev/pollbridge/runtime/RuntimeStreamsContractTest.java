package dev.pollbridge.runtime;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Nested;

/**
 * Every operator of {@link RuntimeStreams} keeps the pull-model contract over a {@link ProbeStream}
 * upstream, on a runtime with the real clock (the timers are 1 ms, so an item goes out soon after
 * its trigger; the contract waits for the wake, as a task would) and, for {@code buffer} and
 * {@code conflate}, a worker thread that runs the producer task (the upstream is then closed on
 * that thread, after the consumer's close: reached asynchronously).
 */
class RuntimeStreamsContractTest {

    private static final Duration SHORT = Duration.ofMillis(1);

    /** The subject {@code operator} builds over a fresh probe on a fresh runtime. */
    private static StreamSubject<Object> subject(int workers,
            BiFunction<PollStream<Object>, PollRuntime, PollStream<?>> operator, boolean asynchronousClose) {
        PollRuntime runtime = PollRuntime.builder().workers(workers).threadNamePrefix("streams-contract-").build();
        ProbeStream<Object> source = new ProbeStream<>();
        @SuppressWarnings("unchecked")
        PollStream<Object> stream = (PollStream<Object>) operator.apply(source, runtime);
        Upstream upstream = Upstream.of(source);
        if (asynchronousClose) {
            upstream.reachedAsynchronously();
        }
        return StreamSubject.of(stream)
                .emits(i -> source.emit("e" + i), i -> "e" + i)
                .completes(source::complete)
                .failsWith(source::fail)
                .upstream(upstream)
                .closing(runtime);
    }

    @Nested
    class Buffer extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            return RuntimeStreamsContractTest.subject(1, (source, runtime) -> RuntimeStreams.buffer(source, 4, runtime),
                    true);
        }
    }

    @Nested
    class Conflate extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            return RuntimeStreamsContractTest.subject(1, RuntimeStreams::conflate, true);
        }
    }

    @Nested
    class Debounce extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            return RuntimeStreamsContractTest.subject(0, (source, runtime) -> RuntimeStreams.debounce(source, SHORT, runtime),
                    false);
        }
    }

    @Nested
    class Sample extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            return RuntimeStreamsContractTest.subject(0, (source, runtime) -> RuntimeStreams.sample(source, SHORT, runtime),
                    false);
        }
    }

    @Nested
    class Throttle extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            return RuntimeStreamsContractTest.subject(0, (source, runtime) -> RuntimeStreams.throttle(source, SHORT, runtime),
                    false);
        }
    }

    /** Items well within the limit. */
    @Nested
    class Timeout extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            return RuntimeStreamsContractTest.subject(0,
                    (source, runtime) -> RuntimeStreams.timeout(source, Duration.ofHours(1), runtime), false);
        }
    }

    /** The limit passes first (virtual time): the stream fails and closes its upstream. */
    @Nested
    class TimeoutElapses extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = PollRuntime.builder().workers(0).clock(clock).build();
            ProbeStream<Object> source = new ProbeStream<>();
            return StreamSubject.of(RuntimeStreams.<Object>timeout(source, Duration.ofSeconds(1), runtime))
                    .fails(() -> clock.advance(Duration.ofSeconds(1)), TimeoutException.class)
                    .upstream(Upstream.of(source))
                    .closing(runtime);
        }
    }

    /** Each item goes out alone, as its chunk's time is up. */
    @Nested
    class ChunksTimeout extends PollStreamContract<Object> {
        @Override
        protected StreamSubject<Object> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            ProbeStream<Object> source = new ProbeStream<>();
            return StreamSubject.of((PollStream<Object>) (PollStream<?>) RuntimeStreams.chunksTimeout(source, 10, SHORT, runtime))
                    .emits(i -> source.emit("e" + i), i -> List.of("e" + i))
                    .completes(source::complete)
                    .failsWith(source::fail)
                    .upstream(Upstream.of(source))
                    .closing(runtime);
        }
    }
}
