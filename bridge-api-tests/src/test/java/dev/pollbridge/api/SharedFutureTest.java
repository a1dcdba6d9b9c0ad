package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link Futures#shared}: the contract of its clones, one rule per test. */
class SharedFutureTest {

    @Test
    void isLazyUntilAClonePolls() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        SharedFuture<String> first = Futures.shared(inner);
        SharedFuture<String> second = first.share();
        assertEquals(0, inner.polls(), "building and sharing run nothing (rule 2)");
        try (MockTask<String> task = MockTask.spawn(second)) {
            assertPending(task.poll());
        }
        assertEquals(1, inner.polls());
        first.close();
    }

    @Test
    void everyCloneSeesTheSameValueAndTheFutureUnderneathIsPolledOnce() {
        ProbeFuture<Object> inner = new ProbeFuture<>();
        SharedFuture<Object> shared = Futures.shared(inner);
        MockTask<Object> a = MockTask.spawn(shared.share());
        MockTask<Object> b = MockTask.spawn(shared.share());
        assertPending(a.poll());
        assertPending(b.poll());
        assertEquals(2, inner.polls(), "each clone's poll polls the future underneath while nobody else does");
        Object value = new Object();
        inner.complete(value);
        assertTrue(a.isWoken(), "every waiting clone is woken on completion");
        assertTrue(b.isWoken());
        assertSame(value, assertReady(a.poll()));
        assertSame(value, assertReady(b.poll()));
        assertEquals(3, inner.polls(), "the second clone read the stored outcome");
        assertEquals(1, inner.closes(), "the future underneath is closed when it completes");
        MockTask<Object> late = MockTask.spawn(shared.share());
        assertSame(value, assertReady(late.poll()), "a clone made after completion is ready at once");
        a.close();
        b.close();
        late.close();
        shared.close();
        assertEquals(1, inner.closes());
    }

    @Test
    void everyCloneSeesTheSameFailure() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        SharedFuture<String> shared = Futures.shared(inner);
        MockTask<String> a = MockTask.spawn(shared.share());
        assertPending(a.poll());
        IllegalStateException boom = new IllegalStateException("boom");
        inner.fail(boom);
        assertSame(boom, assertFailed(a.poll(), IllegalStateException.class));
        assertSame(boom, assertFailed(MockTask.spawn(shared).poll(), IllegalStateException.class));
    }

    @Test
    void aCloneKeepsOnlyItsLatestWaker() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        SharedFuture<String> shared = Futures.shared(inner);
        CountingWaker old = new CountingWaker();
        CountingWaker latest = new CountingWaker();
        assertPending(shared.poll(Context.of(old)));
        assertPending(shared.poll(Context.of(latest)));
        inner.complete("v");
        assertFalse(old.isWoken(), "the replaced waker is not woken (rule 7)");
        assertEquals(1, latest.count());
        assertReady(shared.poll(Context.of(latest)), "v");
    }

    @Test
    void aClonePolledWhileAnotherPollsWaitsAndIsWokenByTheOutcome() {
        // The future underneath polls a second clone from inside its own poll: that clone must
        // not poll it again (one poller at a time), and must still be woken by the outcome.
        AtomicReference<MockTask<String>> nested = new AtomicReference<>();
        AtomicInteger innerPolls = new AtomicInteger();
        AtomicReference<Waker> innerWaker = new AtomicReference<>();
        AtomicReference<String> value = new AtomicReference<>();
        PollFuture<String> inner = cx -> {
            innerPolls.incrementAndGet();
            if (nested.get() != null && innerPolls.get() == 1) {
                assertPending(nested.get().poll()); // re-entrant: another clone polled meanwhile
            }
            innerWaker.set(cx.waker());
            String v = value.get();
            return v == null ? Poll.pending() : Poll.ready(v);
        };
        SharedFuture<String> shared = Futures.shared(inner);
        MockTask<String> outer = MockTask.spawn(shared.share());
        nested.set(MockTask.spawn(shared.share()));
        assertPending(outer.poll());
        assertEquals(1, innerPolls.get(), "the nested clone did not poll the future underneath");
        value.set("done");
        innerWaker.get().wake();
        assertTrue(outer.isWoken());
        assertTrue(nested.get().isWoken(), "the clone that found another polling was registered and woken");
        assertReady(nested.get().poll(), "done");
        assertReady(outer.poll(), "done");
        assertEquals(2, innerPolls.get());
    }

    @Test
    void closingAWokenCloneHandsTheWakeToTheOthers() {
        // Inside a's poll the future underneath wakes (taking a's waker) and b registers after
        // that wake, finding a polling. If a is then closed instead of polled, the wake it got
        // must reach b, or b waits for a wake that already happened.
        AtomicReference<MockTask<String>> b = new AtomicReference<>();
        AtomicInteger polls = new AtomicInteger();
        PollFuture<String> inner = cx -> {
            if (polls.incrementAndGet() == 1) {
                cx.waker().wake(); // progress during the poll: every registered clone is woken
                assertPending(b.get().poll()); // b arrives now, after the wake
                return Poll.pending();
            }
            return Poll.ready("v");
        };
        SharedFuture<String> shared = Futures.shared(inner);
        MockTask<String> a = MockTask.spawn(shared.share());
        b.set(MockTask.spawn(shared.share()));
        assertPending(a.poll());
        assertTrue(a.isWoken(), "a was woken by the progress");
        assertFalse(b.get().isWoken(), "b registered after the wake");
        a.close(); // a goes away without polling again
        assertTrue(b.get().isWoken(), "the others are woken so that one of them polls on");
        assertReady(b.get().poll(), "v");
        b.get().close();
        shared.close();
    }

    @Test
    void theLastCloseCancelsAnUnfinishedFutureAndEarlierClosesDoNot() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        SharedFuture<String> shared = Futures.shared(inner);
        SharedFuture<String> clone = shared.share();
        MockTask<String> task = MockTask.spawn(clone);
        assertPending(task.poll());
        shared.close();
        shared.close(); // idempotent
        assertEquals(0, inner.closes(), "another clone is still open");
        assertThrows(IllegalStateException.class, shared::share, "a closed clone cannot share");
        task.close();
        assertEquals(1, inner.closes(), "the last clone closed the unfinished future: cancelled");
        assertTrue(inner.isCancelled());

        ProbeFuture<String> neverPolled = new ProbeFuture<>();
        Futures.shared(neverPolled).close();
        assertEquals(1, neverPolled.closes(), "closed unpolled when its only clone is");
    }

    @Test
    void aSharedValueIsNotClosedByTheClones() {
        Resource resource = new Resource();
        SharedFuture<Resource> shared = Futures.shared(Futures.ready(resource));
        SharedFuture<Resource> other = shared.share();
        assertSame(resource, assertReady(MockTask.spawn(shared).poll()));
        other.close();
        shared.close();
        assertEquals(0, resource.closes.get(), "held by several owners: none of them releases it");
    }

    @Test
    void pollAfterReadyOrCloseFails() {
        SharedFuture<String> shared = Futures.shared(Futures.ready("v"));
        SharedFuture<String> clone = shared.share();
        Context cx = Context.of(new CountingWaker());
        assertReady(shared.poll(cx), "v");
        assertThrows(IllegalStateException.class, () -> shared.poll(cx), "rule 9, per clone");
        clone.close();
        assertThrows(IllegalStateException.class, () -> clone.poll(cx));
        assertThrows(NullPointerException.class, () -> Futures.shared(null));
    }

    @Test
    void aPollThatThrowsFailsEveryCloneInsteadOfLeavingThemWaiting() {
        IllegalStateException broken = new IllegalStateException("poll threw");
        SharedFuture<String> shared = Futures.shared(cx -> {
            throw broken;
        });
        MockTask<String> other = MockTask.spawn(shared.share());
        assertSame(broken, assertFailed(MockTask.spawn(shared).poll(), IllegalStateException.class));
        assertSame(broken, assertFailed(other.poll(), IllegalStateException.class));
    }

    /** A value that holds a resource. */
    private static final class Resource implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }
}
