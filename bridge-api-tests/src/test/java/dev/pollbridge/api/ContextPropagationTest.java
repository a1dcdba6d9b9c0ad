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
 * waker, except under join, select, merge and the future sets, which give each child a waker of
 * its own that wakes the task ({@link WokenChildren}, {@link ReadySet}).
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
                child -> Futures.select(Futures.pending(), child),
                child -> Futures.selectAllWithRest(List.of(Futures.pending(), child)),
                child -> Futures.abortable(child),
                child -> FuturesUnordered.of(List.of(child)).next(),
                child -> FuturesOrdered.of(List.of(child)).next(),
                child -> Streams.bufferUnordered(Streams.of(child), 2).next(),
                child -> Streams.buffered(Streams.of(child), 2).next());
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
                input -> input.scan(0, (a, b) -> a).take(2).collect(java.util.stream.Collectors.toList()),
                input -> input.distinctUntilChanged().next(),
                input -> input.chunks(2).next(),
                input -> input.zip(Streams.of(1), (a, b) -> a).next(),
                input -> input.mapAsync(2, Futures::ready).next(),
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

    /** Combinators that poll each input with a waker of its own ({@link ReadySet}): its wake reaches the task. */
    static Stream<Arguments> streamCombinatorsWithInputWakers() {
        List<Function<PollStream<Object>, PollFuture<?>>> builders = List.of(
                input -> Streams.merge(Streams.empty(), input).next(),
                input -> Streams.merge(input).next());
        return builders.stream().map(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource("streamCombinatorsWithInputWakers")
    void streamCombinatorsWithInputWakersPassTheAttachmentOnAndWakeTheTask(
            Function<PollStream<Object>, PollFuture<?>> build) {
        RecordingStream input = new RecordingStream();
        Object attachment = new Object();
        try (MockTask<?> task = MockTask.spawn(build.apply(input), attachment)) {
            task.poll();
            assertSame(attachment, input.seen.attachment());
            assertFalse(task.isWoken());
            input.seen.waker().wake();
            assertTrue(task.isWoken(), "the input's wake reaches the task");
        }
    }
}
