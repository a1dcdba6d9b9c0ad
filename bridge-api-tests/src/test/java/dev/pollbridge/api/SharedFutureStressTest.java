package dev.pollbridge.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Clones of one {@link Futures#shared} future polled from several threads at once, each thread
 * polling only when its clone was woken (as an executor does), while another thread completes
 * the future underneath after a few spurious wakes. Every clone must get the one value (a lost
 * wake shows up as a clone that waits with nobody to wake it), the future underneath must never
 * be polled by two threads at once, and it is closed exactly once. Bounded in iterations and in
 * time.
 */
class SharedFutureStressTest {

    private static final int ITERATIONS = 300;
    private static final int CLONES = 4;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(5);

    @Test
    void clonesPolledFromSeveralThreadsAllGetTheValueWithoutLostWakes() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int i = 0; i < ITERATIONS && System.nanoTime() - deadline < 0; i++) {
            runOnce(i);
        }
    }

    private static void runOnce(int iteration) throws Exception {
        Inner inner = new Inner();
        SharedFuture<Object> shared = Futures.shared(inner);
        List<SharedFuture<Object>> clones = new ArrayList<>();
        for (int c = 0; c < CLONES; c++) {
            clones.add(shared.share());
        }
        shared.close();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger received = new AtomicInteger();
        for (SharedFuture<Object> clone : clones) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    assertSame(inner.value, drive(clone));
                    received.incrementAndGet();
                } catch (Throwable error) {
                    failure.compareAndSet(null, error);
                }
            }, "clone-poller-" + iteration);
            threads.add(thread);
            thread.start();
        }
        Thread completer = new Thread(() -> {
            try {
                start.await();
                for (int wake = 0; wake < 3; wake++) {
                    inner.wakeSpuriously();
                    Thread.onSpinWait();
                }
                inner.complete();
            } catch (Throwable error) {
                failure.compareAndSet(null, error);
            }
        });
        completer.start();
        start.countDown();
        completer.join(10_000);
        for (Thread thread : threads) {
            thread.join(10_000);
            assertTrue(!thread.isAlive(), "a clone still waits: a lost wake");
        }
        if (failure.get() != null) {
            throw new AssertionError("iteration " + iteration, failure.get());
        }
        assertEquals(CLONES, received.get());
        assertEquals(0, inner.overlaps.get(), "the future underneath was polled by two threads at once");
        assertEquals(1, inner.closes.get(), "closed exactly once, at completion");
    }

    /**
     * {@code share()} on the last open clone racing that clone's {@code close()} (from another
     * thread, which the owner should not do, but a late share must not hang): either the share
     * wins, and its clone gets the value, or the close wins, and the share fails with
     * {@link IllegalStateException}; never a clone of a future that was already closed.
     */
    @Test
    void shareRacingTheLastCloseEitherWorksOrFailsButNeverHangs() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        int shared = 0;
        int refused = 0;
        for (int i = 0; i < ITERATIONS * 10 && System.nanoTime() - deadline < 0; i++) {
            Object value = new Object();
            SharedFuture<Object> last = Futures.shared(Futures.ready(value));
            AtomicInteger arrived = new AtomicInteger(); // a spin barrier: both threads start together
            Thread closer = new Thread(() -> {
                arrived.incrementAndGet();
                while (arrived.get() < 2) {
                    Thread.onSpinWait();
                }
                last.close();
            });
            closer.start();
            arrived.incrementAndGet();
            while (arrived.get() < 2) {
                Thread.onSpinWait();
            }
            SharedFuture<Object> late = null;
            try {
                late = last.share();
            } catch (IllegalStateException closedFirst) {
                refused++;
            }
            closer.join(10_000);
            if (late != null) {
                shared++;
                Poll<Object> poll = late.poll(Context.of(() -> {}));
                late.close();
                assertTrue(poll.isReady(), "iteration " + i + ": a clone of a closed shared future: " + poll);
                assertSame(value, poll.value());
            }
        }
        assertTrue(shared + refused > 0);
    }

    /** Polls {@code future} on this thread, waiting for a wake between polls; closes it after. */
    private static <T> T drive(PollFuture<T> future) throws InterruptedException {
        Semaphore wakes = new Semaphore(0);
        Context cx = Context.of(wakes::release);
        try {
            while (true) {
                Poll<T> poll = future.poll(cx);
                if (poll.isReady()) {
                    return poll.value();
                }
                if (poll.isFailed()) {
                    throw new AssertionError("failed", poll.error());
                }
                assertTrue(wakes.tryAcquire(5, TimeUnit.SECONDS), "pending, and nobody woke the clone: a lost wake");
                wakes.drainPermits();
            }
        } finally {
            future.close();
        }
    }

    /**
     * A future completed from another thread; it counts overlapping polls and closes. Its waker
     * slot is swapped atomically so the completer's wake cannot be lost between poll and store.
     */
    private static final class Inner implements PollFuture<Object> {
        final Object value = new Object();
        final AtomicInteger polling = new AtomicInteger();
        final AtomicInteger overlaps = new AtomicInteger();
        final AtomicInteger closes = new AtomicInteger();
        private final AtomicReference<Waker> waker = new AtomicReference<>();
        private volatile boolean done;

        @Override
        public Poll<Object> poll(Context cx) {
            if (polling.incrementAndGet() != 1) {
                overlaps.incrementAndGet();
            }
            try {
                waker.set(cx.waker()); // register, then check (rule 6)
                return done ? Poll.ready(value) : Poll.pending();
            } finally {
                polling.decrementAndGet();
            }
        }

        void wakeSpuriously() {
            Waker current = waker.get();
            if (current != null) {
                current.wake();
            }
        }

        void complete() {
            done = true;
            Waker current = waker.getAndSet(null);
            if (current != null) {
                current.wake();
            }
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }
}
