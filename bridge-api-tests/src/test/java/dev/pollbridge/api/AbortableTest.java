package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Futures#abortable}, ported from futures-rs's {@code futures/tests/future_abortable.rs};
 * each test names its peer test. A oneshot receiver there is a {@link ProbeFuture} here, and
 * futures-rs's {@code Err(Aborted)} is a {@link CancellationException}.
 */
class AbortableTest {

    /** futures-rs: {@code abortable_works}: aborted before the first poll, the future is never polled. */
    @Test
    void abortableWorks() {
        ProbeFuture<Void> rx = new ProbeFuture<>();
        AbortableFuture<Void> abortable = Futures.abortable(rx);
        AbortHandle handle = abortable.abortHandle();
        handle.abort();
        assertTrue(abortable.isAborted());
        assertTrue(handle.isAborted());
        try (MockTask<Void> task = MockTask.spawn(abortable)) {
            assertFailed(task.poll(), CancellationException.class);
        }
        assertEquals(0, rx.polls());
        assertTrue(rx.isCancelled());
        assertEquals(1, rx.closes());
    }

    /** futures-rs: {@code abortable_awakens}: an abort wakes the pending poller once. */
    @Test
    void abortableAwakens() {
        ProbeFuture<Void> rx = new ProbeFuture<>();
        AbortableFuture<Void> abortable = Futures.abortable(rx);
        try (MockTask<Void> task = MockTask.spawn(abortable)) {
            assertEquals(0, task.wakeCount());
            assertPending(task.poll());
            assertEquals(0, task.wakeCount());
            abortable.abortHandle().abort();
            assertEquals(1, task.wakeCount());
            assertTrue(abortable.isAborted());
            assertFailed(task.poll(), CancellationException.class);
            assertTrue(rx.isCancelled(), "the poll that saw the abort closed the inner future");
        }
        assertEquals(1, rx.closes());
    }

    /** futures-rs: {@code abortable_resolves}. */
    @Test
    void abortableResolves() {
        ProbeFuture<String> rx = new ProbeFuture<>();
        AbortableFuture<String> abortable = Futures.abortable(rx);
        rx.complete("value");
        assertFalse(abortable.isAborted());
        try (MockTask<String> task = MockTask.spawn(abortable)) {
            assertReady(task.poll(), "value");
            abortable.abortHandle().abort(); // after the end: the outcome stands
            assertEquals(0, task.wakeCount());
        }
        assertEquals(1, rx.closes());
    }

    @Test
    void anAbortFromAnotherThreadReachesAWaitingPoller() throws InterruptedException {
        for (int round = 0; round < 200; round++) {
            ProbeFuture<String> rx = new ProbeFuture<>();
            AbortableFuture<String> abortable = Futures.abortable(rx);
            CountDownLatch woken = new CountDownLatch(1);
            Context cx = Context.of(woken::countDown);
            Thread aborter = new Thread(abortable.abortHandle()::abort);
            aborter.start();
            Poll<String> poll = abortable.poll(cx);
            if (poll.isPending()) {
                assertTrue(woken.await(5, TimeUnit.SECONDS), "the abort raced the poll and was lost (round " + round + ")");
                poll = abortable.poll(cx);
            }
            assertFailed(poll, CancellationException.class);
            aborter.join();
            abortable.close();
            assertEquals(1, rx.closes());
        }
    }

    @Test
    void theHandleIsTheSameAndOwnsNothing() {
        ProbeFuture<String> rx = new ProbeFuture<>();
        AbortableFuture<String> abortable = Futures.abortable(rx);
        assertSame(abortable.abortHandle(), abortable.abortHandle());
        abortable.close();
        abortable.abortHandle().abort(); // after the close: nothing to wake, nothing thrown
        assertEquals(1, rx.closes());
        assertThrows(IllegalStateException.class, () -> abortable.poll(Context.of(Waker.noop())));
        assertThrows(NullPointerException.class, () -> Futures.abortable(null));
    }

    /** The combinator contract over the wrapped future. */
    @Nested
    class Contract extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 1;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.abortable(children.get(0));
        }

        @Override
        protected Object expectedValue() {
            return "v0";
        }
    }
}
