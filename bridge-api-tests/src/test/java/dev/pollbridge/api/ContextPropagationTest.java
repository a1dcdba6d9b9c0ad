package dev.pollbridge.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every combinator polls its children with the poller's attachment (the per-task data the
 * runtime uses for task-locals), and a leaf's wake reaches the task. A leaf gets the task's own
 * waker, except under join and select, which give each child a waker of its own that wakes the
 * task ({@link WokenChildren}).
 */
class ContextPropagationTest {

    /** A pending future that records the context it was last polled with. */
    static final class RecordingFuture implements PollFuture<Object> {
        Context seen;

        @Override
        public Poll<Object> poll(Context cx) {
            seen = cx;
            return Poll.pending();
        }
    }

    /** A pending stream that records the context it was last polled with. */
    static final class RecordingStream implements PollStream<Object> {
        Context seen;

        @Override
        public Poll<Object> pollNext(Context cx) {
            seen = cx;
            return Poll.pending();
        }
    }

    static Stream<Arguments> futureCombinators() {
        List<Function<PollFuture<Object>, PollFuture<?>>> builders = List.of(
                child -> child.map(value -> value),
                child -> child.flatMap(Futures::ready),
                child -> child.recover(error -> null),
                child -> child.recoverWith(Futures::failed),
                child -> child.inspect(value -> {}),
                child -> child.inspectError(error -> {}),
                PollFuture::fuse,
                child -> Futures.defer(() -> child),
                child -> Futures.join(Futures.ready(1), child, (a, b) -> b),
                child -> Futures.joinAll(List.of(child)),
                child -> Futures.tryJoinAll(List.of(child)),
                child -> Futures.select(Futures.pending(), child));
        return builders.stream().map(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource("futureCombinators")
    void futureCombinatorsPassThePollersContextOn(Function<PollFuture<Object>, PollFuture<?>> build) {
        RecordingFuture child = new RecordingFuture();
        Object attachment = new Object();
        try (MockTask<?> task = MockTask.spawn(build.apply(child), attachment)) {
            task.poll();
            assertSame(attachment, child.seen.attachment());
            assertFalse(task.isWoken());
            child.seen.waker().wake();
            assertTrue(task.isWoken(), "the leaf's wake reaches the task");
        }
    }

    static Stream<Arguments> streamCombinators() {
        List<Function<PollStream<Object>, PollFuture<?>>> builders = List.of(
                input -> input.map(item -> item).next(),
                input -> input.filter(item -> true).next(),
                input -> input.take(1).next(),
                input -> Streams.concat(input).next(),
                input -> Streams.merge(Streams.empty(), input).next(),
                input -> input.fold(0, (a, b) -> a),
                input -> input.collect(java.util.stream.Collectors.toList()),
                input -> input.forEach(item -> {}),
                PollStream::next);
        return builders.stream().map(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource("streamCombinators")
    void streamCombinatorsPassThePollersContextOn(Function<PollStream<Object>, PollFuture<?>> build) {
        RecordingStream input = new RecordingStream();
        Object attachment = new Object();
        try (MockTask<?> task = MockTask.spawn(build.apply(input), attachment)) {
            task.poll();
            assertSame(attachment, input.seen.attachment());
            assertSame(task.waker(), input.seen.waker());
        }
    }
}
