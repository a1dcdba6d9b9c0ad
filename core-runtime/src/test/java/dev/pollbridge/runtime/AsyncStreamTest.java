package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.async.AsyncEngine;
import dev.pollbridge.runtime.async.AsyncEmitter;
import static dev.pollbridge.runtime.PollDriver.PATIENCE;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.runtime.PollDriver.pollNextToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.runtime.PollDriver.pollNextUntil;
import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class AsyncStreamTest {

    @Test
    void emitsItemsInOrderThenEnds() {
        PollStream<Integer> stream = Async.stream(emitter -> {
            for (int i = 1; i <= 5; i++) {
                emitter.emit(i);
            }
        });
        List<Integer> items = new ArrayList<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            for (var poll = pollNextToCompletion(task); !poll.isDone(); poll = pollNextToCompletion(task)) {
                items.add(assertReady(poll));
            }
            assertThrows(IllegalStateException.class, task::pollNext, "polling after done is a bug");
        }
        assertEquals(List.of(1, 2, 3, 4, 5), items);
    }

    @Test
    void theBodyRunsAtMostOneItemAheadOfTheConsumer() {
        // Thread mode: the body thread runs on after a hand-over. In continuation mode a body runs
        // only inside the consumer's polls, so it is never ahead (see AsyncModesTest).
        assumeTrue(Async.mode().usesThreads());
        AtomicInteger emitsStarted = new AtomicInteger();
        AtomicReference<Thread> bodyThread = new AtomicReference<>();
        PollStream<Integer> stream = Async.stream(emitter -> {
            bodyThread.set(Thread.currentThread());
            for (int i = 1; i <= 10; i++) {
                emitsStarted.incrementAndGet();
                emitter.emit(i);
            }
        });
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            var first = task.pollNext(); // starts the body
            int start = 0;
            if (first.isReady()) {
                assertEquals(1, first.value());
                start = 1;
            } else {
                assertPending(first);
            }
            for (int taken = start; taken < 10; taken++) {
                // The body is blocked in emit(taken + 1): it has started exactly one emit beyond
                // what the consumer took, and it stays there while nobody polls.
                int expectedEmits = taken + 1;
                soon().until(() -> emitsStarted.get() >= expectedEmits
                        && bodyThread.get().getState() == Thread.State.WAITING);
                assertEquals(expectedEmits, emitsStarted.get(), "emits started vs items taken: " + taken);
                soon().during(Duration.ofMillis(taken == 0 ? 200 : 5)).atMost(PATIENCE)
                        .until(() -> emitsStarted.get() == expectedEmits);
                assertReady(pollNextToCompletion(task), taken + 1);
            }
            assertDone(pollNextToCompletion(task));
        }
        assertEquals(10, emitsStarted.get());
    }

    @Test
    void aFailingBodyFailsTheStreamWithThatInstanceAfterItsItems() {
        IllegalStateException boom = new IllegalStateException("boom");
        PollStream<String> stream = Async.stream(emitter -> {
            emitter.emit("a");
            throw boom;
        });
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(pollNextToCompletion(task), "a");
            assertSame(boom, assertFailed(pollNextToCompletion(task), IllegalStateException.class));
            assertThrows(IllegalStateException.class, task::pollNext);
        }
    }

    @Test
    void aNullItemFailsTheStream() {
        PollStream<String> stream = Async.stream(emitter -> emitter.emit(null));
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertFailed(pollNextToCompletion(task), NullPointerException.class);
        }
    }

    @Test
    void closingWhileTheBodyWaitsInEmitCancelsIt() {
        AtomicBoolean nextLineRan = new AtomicBoolean();
        AtomicBoolean finallyRan = new AtomicBoolean();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicInteger emitsStarted = new AtomicInteger();
        PollStream<String> stream = Async.stream(emitter -> {
            try {
                emitter.emit("first");
                emitsStarted.incrementAndGet();
                emitter.emit("never taken");
                nextLineRan.set(true);
            } catch (Throwable t) {
                thrown.set(t);
                throw t;
            } finally {
                finallyRan.set(true);
            }
        });
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertReady(pollNextToCompletion(task), "first");
        if (Async.mode().usesThreads()) {
            soon().until(() -> emitsStarted.get() == 1); // the body thread runs on to its next emit
        }
        task.close(); // continuation mode: the first emit returns (its item was taken), the second throws
        soon().untilTrue(finallyRan);
        assertFalse(nextLineRan.get());
        assertTrue(thrown.get() instanceof CancellationException, String.valueOf(thrown.get()));
    }

    @Test
    void closingWhileTheBodyAwaitsClosesTheAwaitedFutureOnce() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean finallyRan = new AtomicBoolean();
        PollStream<String> stream = Async.stream(emitter -> {
            try {
                emitter.emit(Async.await(child));
            } finally {
                finallyRan.set(true);
            }
        });
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        pollNextUntil(task, child::hasWaker);
        task.close();
        assertEquals(1, child.closes(), "closed on the closing thread, before close() returns");
        soon().untilTrue(finallyRan);
        assertEquals(1, child.closes());
        assertTrue(child.isCancelled());
    }

    @Test
    void theBodyMayAwaitBetweenEmits() {
        ProbeFuture<String> slow = new ProbeFuture<>();
        PollStream<String> stream = Async.stream(emitter -> {
            emitter.emit("before");
            emitter.emit(Async.await(slow));
            emitter.emit("after");
        });
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(pollNextToCompletion(task), "before");
            assertPending(task.pollNext()); // a consumer that took an item polls for the next without a wake
            pollNextUntil(task, slow::hasWaker);
            slow.complete("awaited");
            assertReady(pollNextToCompletion(task), "awaited");
            assertReady(pollNextToCompletion(task), "after");
            assertDone(pollNextToCompletion(task));
        }
    }

    @Test
    void theBodyStartsOnTheFirstPoll() {
        CountingLauncher launcher = new CountingLauncher();
        PollStream<String> stream = AsyncEngine.threadStream(emitter -> emitter.emit("x"), launcher);
        assertEquals(0, launcher.launches.get());
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(pollNextToCompletion(task), "x");
            assertDone(pollNextToCompletion(task));
        }
        assertEquals(1, launcher.launches.get());
    }

    @Test
    void anEmitterUsedFromAnotherThreadIsRefused() throws Exception {
        AtomicReference<AsyncEmitter<String>> leaked = new AtomicReference<>();
        ProbeFuture<String> gate = new ProbeFuture<>();
        PollStream<String> stream = Async.stream(emitter -> {
            leaked.set(emitter);
            Async.await(gate);
        });
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            pollNextUntil(task, gate::hasWaker);
            assertThrows(IllegalStateException.class, () -> leaked.get().emit("from the test thread"));
            gate.complete("go");
            assertDone(pollNextToCompletion(task));
        }
    }

    @Test
    void nextReadsAStreamItemByItemInsideABody() {
        ProbeStream<Integer> numbers = new ProbeStream<>();
        PollStreamSum sum = new PollStreamSum(numbers);
        try (MockTask<Integer> task = MockTask.spawn(Async.run(sum::run))) {
            assertPending(task.poll());
            numbers.emit(1);
            numbers.emit(2);
            pollUntil(task, () -> numbers.queued() == 0 && numbers.polls() >= 3);
            numbers.emit(3);
            numbers.complete();
            assertReady(pollToCompletion(task), 6);
        }
        assertEquals(1, numbers.closes(), "the body's try-with-resources closed it");
        assertFalse(numbers.isCancelled());
    }

    @Test
    void nextRethrowsTheStreamFailure() {
        IllegalArgumentException failure = new IllegalArgumentException("bad row");
        ProbeStream<Integer> numbers = new ProbeStream<>();
        numbers.emit(1);
        numbers.fail(failure);
        try (MockTask<Integer> task = MockTask.spawn(Async.run(new PollStreamSum(numbers)::run))) {
            assertSame(failure, assertFailed(pollToCompletion(task), IllegalArgumentException.class));
        }
        assertEquals(1, numbers.closes());
    }

    /** Sums a stream with {@link Async#next}, closing it with try-with-resources. */
    private static final class PollStreamSum {
        private final PollStream<Integer> stream;

        PollStreamSum(PollStream<Integer> stream) {
            this.stream = stream;
        }

        Integer run() {
            try (stream) {
                int total = 0;
                for (Integer item = Async.next(stream); item != null; item = Async.next(stream)) {
                    total += item;
                }
                return total;
            }
        }
    }
}
