package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.time.Duration;
import java.util.List;

/** The constructors behind {@code RuntimeStreams}, which checks the arguments first. */
public final class Operators {

    private Operators() {}

    public static <T> PollStream<T> buffer(PollStream<? extends T> stream, int capacity, Engine engine) {
        return new BufferStream<>("buffer", stream, capacity, false, engine);
    }

    public static <T> PollStream<T> conflate(PollStream<? extends T> stream, Engine engine) {
        return new BufferStream<>("conflate", stream, 1, true, engine);
    }

    public static <T> PollStream<T> debounce(PollStream<? extends T> stream, Duration timeout, Engine engine) {
        return new DebounceStream<>(stream, timeout, engine);
    }

    public static <T> PollStream<T> sample(PollStream<? extends T> stream, Duration period, Engine engine) {
        return new SampleStream<>(stream, period, engine);
    }

    public static <T> PollStream<T> throttle(PollStream<? extends T> stream, Duration period, Engine engine) {
        return new ThrottleStream<>(stream, period, engine);
    }

    public static <T> PollStream<T> timeout(PollStream<? extends T> stream, Duration limit, Engine engine) {
        return new ItemTimeoutStream<>(stream, limit, engine);
    }

    public static <T> PollStream<List<T>> chunksTimeout(PollStream<? extends T> stream, int maxSize,
            Duration timeout, Engine engine) {
        return new ChunksTimeoutStream<>(stream, maxSize, timeout, engine);
    }
}
