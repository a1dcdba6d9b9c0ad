package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import dev.pollbridge.test.runtime.TestRuntime;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The snippets of docs/testing.md (and of the testing parts of runtime.md and time.md), run. */
class TestingDocTest {

    @Test
    // tag::probe-future[]
    void selectClosesTheLoserExactlyOnce() {
        ProbeFuture<String> fast = new ProbeFuture<>();
        ProbeFuture<String> slow = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(Futures.select(fast, slow))) {
            assertPending(task.poll());           // both children polled, both wakers stored
            fast.complete("fast");                // any thread may complete it
            assertTrue(task.isWoken());           // ... and it woke the task
            assertReady(task.poll(), "fast");
        }
        assertEquals(1, slow.closes());           // the loser was closed once
        assertTrue(slow.isCancelled());           // before it completed: that is a cancellation
        assertEquals(0, fast.pollsAfterReady());  // nobody polled the winner again (rule 9)
    }
    // end::probe-future[]

    @Test
    // tag::probe-stream[]
    void takeClosesItsUpstreamAsSoonAsItHasEnough() {
        ProbeStream<Integer> source = new ProbeStream<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(source.take(2))) {
            assertPending(task.pollNext());
            source.emit(1);
            source.emit(2);
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 2);      // the second item closes the upstream at once
            assertTrue(source.isClosed());
            assertDone(task.pollNext());
        }
        assertEquals(1, source.closes());
    }
    // end::probe-stream[]

    @Test
    void testRuntime() {
        PollFuture<Integer> work = Futures.lazy(() -> 6 * 7);
        // tag::test-runtime[]
        try (TestRuntime rt = TestRuntime.create()) {  // workers(0): no threads of its own
            JoinHandle<Integer> handle = rt.spawn(work);
            rt.spawn(cx -> Poll.failed(new IOException("lost"))).close(); // detached: nobody joins it
            rt.runUntilIdle();                         // runs queued tasks on this thread, in FIFO order
            assertTrue(handle.isFinished());
            assertEquals(42, rt.blockOn(handle));
            assertInstanceOf(IOException.class, rt.uncaughtFailures().get(0));
        }
        // end::test-runtime[]
    }

    @Test
    void virtualClockAndMockTask() {
        // tag::virtual-clock[]
        VirtualClock clock = new VirtualClock();            // reads 0 until advanced
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build();
             MockTask<Void> task = MockTask.spawn(runtime.sleep(Duration.ofSeconds(30)))) {
            assertPending(task.poll());
            clock.advance(Duration.ofSeconds(29));
            assertFalse(task.isWoken());
            clock.advance(Duration.ofSeconds(1));          // the waker is called in here, on this thread
            assertTrue(task.isWoken());
            assertReady(task.poll(), null);
        }
        // end::virtual-clock[]
    }

    @Test
    void virtualTimeOnATestRuntime() {
        PollFuture<String> neverAnswers = Futures.pending();
        // tag::virtual-time[]
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {  // workers(0) on a VirtualClock at 0
            JoinHandle<String> reply = rt.spawn(rt.runtime().timeout(neverAnswers, Duration.ofSeconds(30)));
            rt.advance(Duration.ofSeconds(29));            // runs the task (its timer set), moves the clock
            assertFalse(reply.isFinished());
            rt.advance(Duration.ofSeconds(1));             // fires the timer; the woken task closes
            assertTrue(reply.isFinished());                // neverAnswers and fails
            CompletionException failure = assertThrows(CompletionException.class, () -> rt.blockOn(reply));
            assertInstanceOf(TimeoutException.class, failure.getCause());
        }
        // end::virtual-time[]
    }

    /** Code under test: a quote service's answer ("19.99") in cents. */
    static PollFuture<Long> priceInCents(PollFuture<String> quote) {
        return quote.map(text -> new BigDecimal(text).movePointRight(2).longValueExact());
    }

    @Nested
    // tag::future-contract[]
    class PriceInCentsContractTest extends PollFutureContract<Long> {
        @Override
        protected FutureSubject<Long> subject() {
            ProbeFuture<String> quote = new ProbeFuture<>();        // stands in for the quote service
            return FutureSubject.of(priceInCents(quote))            // the future under test, not yet polled
                    .completesWith(1999L, () -> quote.complete("19.99"))
                    .failsWith(quote::fail)                         // fails with the error the contract picks
                    .upstream(Upstream.of(quote));                  // what it must close exactly once
        }
    }
    // end::future-contract[]

    /** A producer: the promise's read end, also under the dropped-value checks. */
    @Nested
    class PromiseReaderContractTest extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Promise<String> promise = new Promise<>();
            return FutureSubject.of(promise.future())
                    .completesWith("config", () -> promise.complete("config"))
                    .failsWith(promise::fail);
        }

        // tag::dropped-values[]
        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Promise<AutoCloseable> promise = new Promise<>();          // one more producer of the kind
            return FutureSubject.of(promise.future())
                    .completesWith(value, () -> promise.complete(value));  // ready with the contract's value
        }
        // end::dropped-values[]
    }

    @Nested
    // tag::stream-contract[]
    class EvenNumbersContractTest extends PollStreamContract<Integer> {
        @Override
        protected StreamSubject<Integer> subject() {
            Channel<Integer> numbers = Channel.bounded(8);
            return StreamSubject.of(numbers.stream().filter(n -> n % 2 == 0))
                    .emits(i -> numbers.trySend(2 * i), i -> 2 * i)  // item i: send it, expect it
                    .completes(numbers::close);                      // it cannot fail: those checks skip
        }
    }
    // end::stream-contract[]

    @Test
    void drainToDone() {
        ProbeStream<String> names = ProbeStream.of("a", "b");
        try (MockStreamTask<String> task = MockStreamTask.spawn(names.map(String::toUpperCase))) {
            assertEquals(List.of("A", "B"), task.drainToDone());
        }
    }
}
