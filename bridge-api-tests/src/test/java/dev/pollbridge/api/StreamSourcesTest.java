package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** fromIterable, of, empty and failed. */
class StreamSourcesTest {

    @Nested
    class FromIterable extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            AtomicInteger iterators = new AtomicInteger();
            Iterable<String> source = () -> {
                iterators.incrementAndGet();
                return List.of("a", "b").iterator();
            };
            return StreamSubject.of(Streams.fromIterable(source))
                    .readyAtOnce(List.of("a", "b"))
                    .upstream(Upstream.counting("iterable", iterators::get, () -> 0));
        }
    }

    @Nested
    class Of extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return StreamSubject.of(Streams.of("a", "b", "c")).readyAtOnce(List.of("a", "b", "c"));
        }
    }

    @Nested
    class Empty extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return StreamSubject.of(Streams.<String>empty()).readyAtOnce(List.of());
        }
    }

    @Nested
    class Failed extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return StreamSubject.of(Streams.<String>failed(new IllegalStateException("failed")))
                    .failsAtOnce(IllegalStateException.class);
        }
    }

    @Test
    void fromIterableCreatesItsIteratorOnTheFirstPoll() {
        AtomicInteger iterators = new AtomicInteger();
        Iterable<String> source = () -> {
            iterators.incrementAndGet();
            return List.of("a", "b").iterator();
        };
        PollStream<String> stream = Streams.fromIterable(source);
        assertEquals(0, iterators.get(), "building runs nothing");
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertEquals(List.of("a", "b"), task.drainToDone());
            assertThrows(IllegalStateException.class, task::pollNext);
        }
        assertEquals(1, iterators.get());
    }

    @Test
    void aClosedIterableStreamRejectsPolls() {
        AtomicInteger iterators = new AtomicInteger();
        PollStream<String> stream = Streams.fromIterable(() -> {
            iterators.incrementAndGet();
            return List.of("a").iterator();
        });
        stream.close();
        stream.close();
        assertThrows(IllegalStateException.class, () -> stream.pollNext(Context.of(Waker.noop())));
        assertEquals(0, iterators.get());
    }

    @Test
    void aThrowingIteratorOrANullElementFailsTheStream() {
        IllegalStateException error = new IllegalStateException("iterator");
        Iterable<String> throwing = () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public String next() {
                throw error;
            }
        };
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.fromIterable(throwing))) {
            assertSame(error, assertFailed(task.pollNext(), IllegalStateException.class));
            assertThrows(IllegalStateException.class, task::pollNext);
        }
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.fromIterable(Arrays.asList("a", null)))) {
            assertReady(task.pollNext(), "a");
            assertFailed(task.pollNext(), NullPointerException.class);
        }
    }

    @Test
    void ofCopiesItsItemsAndRejectsNull() {
        String[] items = {"a", "b"};
        PollStream<String> stream = Streams.of(items);
        items[0] = "changed";
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertEquals(List.of("a", "b"), task.drainToDone());
        }
        NullPointerException error = assertThrows(NullPointerException.class, () -> Streams.of("a", null));
        assertTrue(error.getMessage().contains("items[1]"), error.getMessage());
        assertThrows(NullPointerException.class, () -> Streams.fromIterable(null));
    }

    @Test
    void emptyIsDoneOnceAndFailedFailsOnce() {
        try (MockStreamTask<Object> task = MockStreamTask.spawn(Streams.empty())) {
            assertDone(task.pollNext());
            assertThrows(IllegalStateException.class, task::pollNext);
        }
        RuntimeException error = new RuntimeException("boom");
        try (MockStreamTask<Object> task = MockStreamTask.spawn(Streams.failed(error))) {
            assertSame(error, assertFailed(task.pollNext(), RuntimeException.class));
            assertThrows(IllegalStateException.class, task::pollNext);
        }
        assertThrows(NullPointerException.class, () -> Streams.failed(null));
    }
}
