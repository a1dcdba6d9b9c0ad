package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;

/** The constructors behind {@code RuntimeStreams}, which checks the arguments first. */
public final class Operators {

    private Operators() {}

    public static <T> PollStream<T> buffer(PollStream<? extends T> stream, int capacity, PollRuntime runtime) {
        return new BufferStream<>("buffer", stream, capacity, false, runtime);
    }

    public static <T> PollStream<T> conflate(PollStream<? extends T> stream, PollRuntime runtime) {
        return new BufferStream<>("conflate", stream, 1, true, runtime);
    }

    public static <T> PollStream<T> debounce(PollStream<? extends T> stream, Duration timeout, PollRuntime runtime) {
        return new DebounceStream<>(stream, timeout, runtime);
    }

    public static <T> PollStream<T> sample(PollStream<? extends T> stream, Duration period, PollRuntime runtime) {
        return new SampleStream<>(stream, period, runtime);
    }

    public static <T> PollStream<T> throttle(PollStream<? extends T> stream, Duration period, PollRuntime runtime) {
        return new ThrottleStream<>(stream, period, runtime);
    }

    public static <T> PollStream<T> timeout(PollStream<? extends T> stream, Duration limit, PollRuntime runtime) {
        return new ItemTimeoutStream<>(stream, limit, runtime);
    }

    public static <T> PollStream<List<T>> chunksTimeout(PollStream<? extends T> stream, int maxSize,
            Duration timeout, PollRuntime runtime) {
        return new ChunksTimeoutStream<>(stream, maxSize, timeout, runtime);
    }
}
