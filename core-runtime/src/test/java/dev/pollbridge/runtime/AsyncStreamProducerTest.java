package dev.pollbridge.runtime;

import dev.pollbridge.runtime.async.AsyncEmitter;
import static dev.pollbridge.runtime.PollDriver.pollNextToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollNextUntil;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The producer side of {@link Async#stream}: {@link AsyncEmitter#tryEmit} (no wait, accepted only
 * while the consumer has polled without getting an item) and {@link AsyncEmitter#isClosed}, from
 * the body's thread and from other threads.
 */
class AsyncStreamProducerTest {

    /** A stream whose body hands its emitter out and then waits in an await for {@code gate}. */
    private static PollStream<String> leakingEmitter(AtomicReference<AsyncEmitter<String>> leaked, ProbeFuture<String> gate) {
        return Async.stream(emitter -> {
            leaked.set(emitter);
            Async.await(gate);
        });
    }

    @Test
    void tryEmitFromAnotherThreadIsAcceptedOnlyWhileTheConsumerWaitsAndWakesIt() {
        AtomicReference<AsyncEmitter<String>> leaked = new AtomicReference<>();
        ProbeFuture<String> gate = new ProbeFuture<>();
        try (MockStreamTask<String> task = MockStreamTask.spawn(leakingEmitter(leaked, gate))) {
            assertPending(task.pollNext());
            pollNextUntil(task, gate::hasWaker); // the body waits in its await; the consumer has polled: demand
            AsyncEmitter<String> emitter = leaked.get();
            assertFalse(emitter.isClosed());

            assertTrue(emitter.tryEmit("a"), "the consumer polled and got nothing yet");
            assertFalse(emitter.tryEmit("b"), "one item per demand: 'a' still waits");
            assertTrue(task.isWoken(), "the consumer is woken to take the item (if it was not woken since its last poll already)");
            assertReady(task.pollNext(), "a");

            assertFalse(emitter.tryEmit("c"), "the consumer took its item and has not polled since");
            assertPending(task.pollNext()); // polls again: demand, and the body still awaits
            assertFalse(task.isWoken());
            assertTrue(emitter.tryEmit("d"));
            assertTrue(task.isWoken(), "an accepted item wakes the consumer that waits for one");
            assertReady(task.pollNext(), "d");

            gate.complete("end");
            assertDone(pollNextToCompletion(task));
            assertTrue(emitter.isClosed(), "the body ended");
            assertFalse(emitter.tryEmit("e"), "nothing is accepted after the end");
        }
    }

    @Test
    void tryEmitOnTheBodyThreadKeepsTheOrderWithEmitAndAnUnwantedItemIsRefused() {
        List<Boolean> accepted = new ArrayList<>();
        CountDownLatch refusedChecked = new CountDownLatch(1);
        PollStream<String> stream = Async.stream(emitter -> {
            accepted.add(emitter.tryEmit("a")); // the first poll started the body: the consumer waits
            accepted.add(emitter.tryEmit("b")); // 'a' has not been taken: no demand for a second item
            refusedChecked.countDown();
            emitter.emit("c");
        });
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(pollNextToCompletion(task), "a");
            assertTrue(awaitLatch(refusedChecked));
            assertReady(pollNextToCompletion(task), "c");
            assertDone(pollNextToCompletion(task));
        }
        assertEquals(List.of(true, false), accepted);
    }

    @Test
    void anItemOfferedJustBeforeTheBodyEndsComesBeforeTheEnd() {
        PollStream<String> stream = Async.stream(emitter -> {
            assertTrue(emitter.tryEmit("last"));
        });
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(pollNextToCompletion(task), "last");
            assertDone(pollNextToCompletion(task));
        }
    }

    @Test
    void aBodyBusyInPlainCodeSeesTheConsumerGoAwayThroughIsClosed() throws Exception {
        // Thread mode only: the body blocks between items. In continuation mode it would block the
        // consumer's poll, which is why a body must not block there (docs/async.md#a-body-does-not-block).
        assumeTrue(Async.mode().usesThreads());
        AtomicReference<AsyncEmitter<String>> leaked = new AtomicReference<>();
        AtomicBoolean sawClosedInBody = new AtomicBoolean();
        CountDownLatch ended = new CountDownLatch(1);
        CountDownLatch working = new CountDownLatch(1);
        PollStream<String> stream = Async.stream(emitter -> {
            leaked.set(emitter);
            try {
                working.countDown();
                while (!emitter.isClosed()) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // simulates blocking work between items
                }
                sawClosedInBody.set(true);
                assertFalse(emitter.tryEmit("late"), "a closed stream accepts nothing");
            } finally {
                ended.countDown();
            }
        });
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        assertTrue(awaitLatch(working));
        assertFalse(leaked.get().isClosed());
        task.close();
        assertTrue(leaked.get().isClosed());
        assertTrue(awaitLatch(ended));
        assertTrue(sawClosedInBody.get());
    }

    @Test
    void anItemAcceptedFromAnotherThreadIsDroppedIfTheConsumerClosesBeforeTakingIt() {
        AtomicReference<AsyncEmitter<String>> leaked = new AtomicReference<>();
        ProbeFuture<String> gate = new ProbeFuture<>();
        MockStreamTask<String> task = MockStreamTask.spawn(leakingEmitter(leaked, gate));
        assertPending(task.pollNext());
        pollNextUntil(task, gate::hasWaker);
        assertTrue(leaked.get().tryEmit("accepted"));
        task.close();
        assertEquals(1, gate.closes(), "the body's await was cancelled");
        assertFalse(leaked.get().tryEmit("after close"));
    }

    @Test
    void aNullItemIsRefusedAtOnce() {
        AtomicReference<AsyncEmitter<String>> leaked = new AtomicReference<>();
        ProbeFuture<String> gate = new ProbeFuture<>();
        try (MockStreamTask<String> task = MockStreamTask.spawn(leakingEmitter(leaked, gate))) {
            assertPending(task.pollNext());
            pollNextUntil(task, gate::hasWaker);
            assertThrows(NullPointerException.class, () -> leaked.get().tryEmit(null));
            assertTrue(leaked.get().tryEmit("still wanted"), "a refused null took no demand");
        }
    }

    private static boolean awaitLatch(CountDownLatch latch) {
        soon().until(() -> latch.getCount() == 0);
        return true;
    }
}
