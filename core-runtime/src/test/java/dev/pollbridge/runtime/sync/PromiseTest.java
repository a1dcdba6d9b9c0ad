package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PromiseTest {

    @Test
    void completingWakesThePendingReader() {
        Promise<String> promise = Promise.create();
        try (MockTask<String> reader = MockTask.spawn(promise.future())) {
            assertPending(reader.poll());
            promise.complete("value");
            assertTrue(reader.isWoken());
            assertReady(reader.poll(), "value");
            assertThrows(IllegalStateException.class, reader::poll);
        }
    }

    @Test
    void aValueSetBeforeTheFirstPollIsReadyAtOnceAndNullIsAllowed() {
        Promise<Void> promise = new Promise<>();
        promise.complete(null);
        try (MockTask<Void> reader = MockTask.spawn(promise.future())) {
            assertReady(reader.poll(), null);
        }
        assertTrue(promise.isComplete());
    }

    @Test
    void failingDeliversTheError() {
        Promise<String> promise = Promise.create();
        try (MockTask<String> reader = MockTask.spawn(promise.future())) {
            assertPending(reader.poll());
            promise.fail(new IllegalArgumentException("boom"));
            assertFailed(reader.poll(), IllegalArgumentException.class);
        }
    }

    @Test
    void completingTwiceThrowsAndTryVariantsReturnFalse() {
        Promise<String> promise = Promise.create();
        assertTrue(promise.tryComplete("first"));
        assertThrows(IllegalStateException.class, () -> promise.complete("second"));
        assertThrows(IllegalStateException.class, () -> promise.fail(new RuntimeException()));
        assertFalse(promise.tryComplete("third"));
        assertFalse(promise.tryFail(new RuntimeException()));
        try (MockTask<String> reader = MockTask.spawn(promise.future())) {
            assertReady(reader.poll(), "first");
        }
    }

    @Test
    void closingTheReaderFirstCancelsThePromise() {
        Promise<String> promise = Promise.create();
        MockTask<String> reader = MockTask.spawn(promise.future());
        assertPending(reader.poll());
        reader.close();
        assertTrue(promise.isCancelled());
        assertFalse(promise.tryComplete("late"));
        promise.complete("dropped silently"); // no reader wants it; not an error
        assertFalse(promise.isComplete());
        assertEquals(0, reader.wakeCount());
    }

    @Test
    void theReaderRefusesAPollAfterCloseEvenWhenTheValueArrivedFirst() {
        Promise<String> promise = Promise.create();
        PollFuture<String> reader = promise.future();
        promise.complete("unread");
        reader.close();
        assertThrows(IllegalStateException.class, () -> reader.poll(Context.of(new CountingWaker())));
    }

    @Test
    void theReadEndIsTakenOnce() {
        Promise<String> promise = Promise.create();
        promise.future();
        assertThrows(IllegalStateException.class, promise::future);
    }

    @Test
    void nullErrorsAreRejected() {
        Promise<String> promise = Promise.create();
        assertThrows(NullPointerException.class, () -> promise.fail(null));
        assertThrows(NullPointerException.class, () -> promise.tryFail(null));
    }

    @Test
    void theLatestWakerIsWoken() {
        Promise<String> promise = Promise.create();
        PollFuture<String> reader = promise.future();
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(reader.poll(Context.of(first)));
        assertPending(reader.poll(Context.of(second)));
        promise.complete("x");
        assertEquals(0, first.count());
        assertEquals(1, second.count());
    }

    /** Holder with plain (non-volatile) fields, to check happens-before from complete to read. */
    private static final class Payload {
        int a;
        long b;
    }

    @Test
    void completeRacingCloseHasExactlyOneOutcomeAndPublishesTheValue() throws Exception {
        long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        CyclicBarrier start = new CyclicBarrier(2);
        for (int i = 0; i < 5_000 && System.nanoTime() < stopAt; i++) {
            Promise<Payload> promise = Promise.create();
            PollFuture<Payload> reader = promise.future();
            CountingWaker waker = new CountingWaker();
            assertPending(reader.poll(Context.of(waker)));
            AtomicReference<Boolean> completed = new AtomicReference<>();
            Thread producer = new Thread(() -> {
                Payload payload = new Payload();
                payload.a = 42;
                payload.b = 43;
                await(start);
                completed.set(promise.tryComplete(payload));
            });
            producer.start();
            await(start);
            Poll<Payload> seen = reader.poll(Context.of(waker));
            reader.close();
            producer.join();
            if (completed.get()) {
                assertFalse(promise.isCancelled(), "completed and cancelled");
                if (seen.isReady()) {
                    assertEquals(42, seen.value().a);
                    assertEquals(43, seen.value().b);
                } else {
                    assertEquals(1, waker.count(), "a completion after the last poll wakes");
                }
            } else {
                assertTrue(promise.isCancelled(), "neither completed nor cancelled");
                assertTrue(seen.isPending());
            }
        }
    }

    @Test
    void noWakeUpIsLostBetweenPollAndComplete() throws Exception {
        int rounds = 2_000;
        long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        for (int i = 0; i < rounds && System.nanoTime() < stopAt; i++) {
            Promise<Integer> promise = Promise.create();
            PollFuture<Integer> reader = promise.future();
            CountDownLatch go = new CountDownLatch(1);
            int value = i;
            Thread producer = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                promise.complete(value);
            });
            producer.start();
            ParkingPoller poller = new ParkingPoller(5_000);
            go.countDown();
            assertReady(poller.await(reader), value);
            reader.close();
            producer.join();
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
