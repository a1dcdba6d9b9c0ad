package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import org.junit.jupiter.api.Test;

/**
 * The one-shot operations of issue 17, item 3: the producer's {@code close()} without a value,
 * {@code closed()} and {@code isClosed()}, and the reader's {@code tryReceive()}. Each test names
 * the test of Tokio's {@code tests/sync_oneshot.rs} it follows ({@code drop(tx)} is
 * {@code Promise.close()}, {@code drop(rx)} is closing the {@link PromiseFuture}).
 */
class PromiseCloseTest {

    /** Tokio: {@code close_tx}: a producer that gives up fails the reader, which was waiting. */
    @Test
    void closeTx() {
        Promise<String> promise = Promise.create();
        try (MockTask<String> reader = MockTask.spawn(promise.future())) {
            assertPending(reader.poll());
            promise.close();
            assertTrue(reader.isWoken());
            ChannelClosedException closed = assertFailed(reader.poll(), ChannelClosedException.class);
            assertTrue(closed.getMessage().contains("closed without a value"), closed.getMessage());
        }
    }

    /** A close after the value went in changes nothing; a close is idempotent. */
    @Test
    void closeAfterCompleteKeepsTheValue() {
        Promise<String> promise = Promise.create();
        promise.complete("value");
        promise.close();
        promise.close();
        try (MockTask<String> reader = MockTask.spawn(promise.future())) {
            assertReady(reader.poll(), "value");
        }
        Promise<String> closedFirst = Promise.create();
        closedFirst.close();
        assertFalse(closedFirst.tryComplete("late"), "closed without a value: nothing goes in later");
    }

    /** Tokio: {@code close_rx}: once the reader is closed, the producer sees it. */
    @Test
    void closeRx() {
        Promise<String> promise = Promise.create();
        PromiseFuture<String> reader = promise.future();
        assertFalse(promise.isClosed());
        reader.close();
        assertTrue(promise.isClosed());
        assertTrue(promise.isCancelled());
        assertFalse(promise.tryComplete("nobody wants it"));
    }

    /** Tokio: {@code async_rx_closed} and {@code close_after_recv}: closed() completes when the reader goes. */
    @Test
    void asyncRxClosed() {
        Promise<String> promise = Promise.create();
        PromiseFuture<String> reader = promise.future();
        try (MockTask<Void> closed = MockTask.spawn(promise.closed())) {
            assertPending(closed.poll());
            assertFalse(closed.isWoken());
            reader.close();
            assertTrue(closed.isWoken());
            assertReady(closed.poll(), null);
        }
        try (MockTask<Void> later = MockTask.spawn(promise.closed())) {
            assertReady(later.poll(), null); // already closed: ready at once
        }
    }

    /** closed() stays pending after completion while the reader is open, and completes when it closes. */
    @Test
    void closedWaitsForTheReaderEvenAfterCompletion() {
        Promise<String> promise = Promise.create();
        PromiseFuture<String> reader = promise.future();
        promise.complete("v");
        try (MockTask<Void> closed = MockTask.spawn(promise.closed())) {
            assertPending(closed.poll());
            assertFalse(promise.isClosed());
            assertEquals(Poll.ready("v"), reader.tryReceive());
            reader.close();
            assertTrue(promise.isClosed());
            assertFalse(promise.isCancelled(), "closed after the value: not a cancellation");
            assertTrue(closed.isWoken());
            assertReady(closed.poll(), null);
        }
    }

    /** A dropped closed() future leaves no waker behind to be woken. */
    @Test
    void aDroppedClosedFutureIsNotWoken() {
        Promise<String> promise = Promise.create();
        PromiseFuture<String> reader = promise.future();
        MockTask<Void> closed = MockTask.spawn(promise.closed());
        assertPending(closed.poll());
        closed.close();
        reader.close();
        assertFalse(closed.isWoken());
    }

    /** Tokio: {@code try_recv_after_completion} and {@code close_try_recv_poll}. */
    @Test
    void tryReceive() {
        Promise<Integer> promise = Promise.create();
        PromiseFuture<Integer> reader = promise.future();
        assertTrue(reader.tryReceive().isPending());
        promise.complete(17);
        assertEquals(Poll.ready(17), reader.tryReceive());
        assertThrows(IllegalStateException.class, reader::tryReceive, "the value was taken");
        assertThrows(IllegalStateException.class, () -> reader.poll(dev.pollbridge.api.Context.of(() -> { })));
        reader.close();
    }

    /** tryReceive sees a failure and a closed producer; it may not be used after close(). */
    @Test
    void tryReceiveSeesFailuresAndClosedProducers() {
        Promise<Integer> failing = Promise.create();
        PromiseFuture<Integer> failingReader = failing.future();
        failing.fail(new IllegalArgumentException("boom"));
        assertTrue(failingReader.tryReceive().error() instanceof IllegalArgumentException);

        Promise<Integer> abandoned = Promise.create();
        PromiseFuture<Integer> abandonedReader = abandoned.future();
        abandoned.close();
        assertTrue(abandonedReader.tryReceive().error() instanceof ChannelClosedException);

        Promise<Integer> dropped = Promise.create();
        PromiseFuture<Integer> droppedReader = dropped.future();
        droppedReader.close();
        assertThrows(IllegalStateException.class, droppedReader::tryReceive);
    }

    /** A producer in try-with-resources that fails half-way still releases its reader. */
    @Test
    void aProducerInTryWithResourcesNeverLeavesItsReaderHanging() {
        Promise<String> promise = Promise.create();
        PollFuture<String> reader = promise.future();
        assertThrows(IllegalStateException.class, () -> {
            try (Promise<String> producing = promise) {
                throw new IllegalStateException("the work failed before complete()");
            }
        });
        try (MockTask<String> task = MockTask.spawn(reader)) {
            assertFailed(task.poll(), ChannelClosedException.class);
        }
    }
}
