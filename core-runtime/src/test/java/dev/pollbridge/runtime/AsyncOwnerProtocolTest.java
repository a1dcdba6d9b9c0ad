package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.runtime.PollDriver.PATIENCE;
import static dev.pollbridge.runtime.PollDriver.pollNextUntil;
import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The owner/body protocol of {@code Async} (issue 13): the owner polls what the body awaits, on
 * its own thread and with its own context, and a value reaches the body only during an owner
 * poll. These are contract tests of the hand-over: no lost wake, the latest waker wins, ready is
 * final, a close between polls leaves the value at its source.
 */
@Timeout(60)
class AsyncOwnerProtocolTest {

    @Test
    void theAwaitedFutureIsPolledOnTheOwnersThreadWithTheOwnersWaker() {
        Thread owner = Thread.currentThread();
        List<Thread> pollers = new CopyOnWriteArrayList<>();
        List<Waker> wakers = new CopyOnWriteArrayList<>();
        ProbeFuture<String> probe = new ProbeFuture<>();
        PollFuture<String> child = cx -> {
            pollers.add(Thread.currentThread());
            wakers.add(cx.waker());
            return probe.poll(cx);
        };
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> Async.await(child)))) {
            assertPending(task.poll());
            pollUntil(task, probe::hasWaker);
            probe.complete("v");
            assertTrue(task.isWoken(), "the child's wake is the owner's wake");
            assertReady(pollToCompletion(task), "v");
            assertEquals(List.of(owner), List.copyOf(new java.util.LinkedHashSet<>(pollers)));
            assertTrue(wakers.stream().allMatch(w -> w == task.waker()), wakers.toString());
        }
    }

    @Test
    void aValueReachesTheBodyOnlyDuringAnOwnerPoll() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean resumed = new AtomicBoolean();
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> {
            String value = Async.await(child);
            resumed.set(true);
            return value;
        }))) {
            assertPending(task.poll());
            pollUntil(task, child::hasWaker);
            child.complete("v");
            soon().during(Duration.ofMillis(100)).atMost(PATIENCE).untilFalse(resumed); // nobody polled the owner
            assertEquals(1, child.polls(), "the child is polled by owner polls only");
            if (!Async.mode().usesThreads()) {
                assertReady(task.poll(), "v"); // continuation mode: this poll runs the body to its end
                assertTrue(resumed.get());
                assertEquals(1, child.closes());
                return;
            }
            assertPending(task.poll()); // this poll takes "v" from the child and hands it to the body
            soon().untilTrue(resumed);
            assertEquals(1, child.closes(), "the finished child was closed by the owner's poll");
            assertReady(pollToCompletion(task), "v");
        }
    }

    @Test
    void noWakeIsLostWhenTheBodySuspendsBetweenTheOwnersCheckAndItsReturn() {
        // Each await hands a future over: the body publishes it and wakes the owner, which may be
        // anywhere in its poll at that moment. A lost wake makes pollToCompletion time out.
        long deadline = System.nanoTime() + 10_000_000_000L;
        for (int round = 0; round < 500 && System.nanoTime() < deadline; round++) {
            int start = round;
            try (MockTask<Integer> task = MockTask.spawn(Async.run(() -> {
                int total = start;
                for (int i = 0; i < 20; i++) {
                    total += Async.await(dev.pollbridge.api.Futures.ready(1));
                }
                return total;
            }))) {
                assertReady(pollToCompletion(task), start + 20);
            }
        }
    }

    @Test
    void aChildThatWakesDuringTheOwnersPollIsPolledAgain() {
        // The child stores the waker and wakes it before its poll returns pending: the owner's
        // poll returns pending with the wake already delivered, so the executor polls again.
        PollFuture<String> wakesAtOnce = new PollFuture<>() {
            private int polls;

            @Override
            public Poll<String> poll(Context cx) {
                if (polls++ == 0) {
                    cx.waker().wake();
                    return Poll.pending();
                }
                return Poll.ready("second poll");
            }
        };
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> Async.await(wakesAtOnce)))) {
            assertReady(pollToCompletion(task), "second poll");
        }
    }

    @Test
    void readyIsFinalAndAPollAfterCloseIsRefused() {
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> "once"))) {
            assertReady(pollToCompletion(task), "once");
            assertThrows(IllegalStateException.class, task::poll);
        }
        PollFuture<String> closed = Async.run(() -> Async.await(new ProbeFuture<String>()));
        Context cx = Context.of(new CountingWaker());
        assertPending(closed.poll(cx));
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.poll(cx));
    }

    @Test
    void closeBetweenTwoOwnerPollsLeavesTheChildsValueAtItsSourceAndTheAwaitThrows() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean resumed = new AtomicBoolean();
        MockTask<String> task = MockTask.spawn(Async.run(() -> {
            try {
                String value = Async.await(child);
                resumed.set(true);
                return value;
            } catch (Throwable t) {
                thrown.set(t);
                throw t;
            }
        }));
        assertPending(task.poll());
        pollUntil(task, child::hasWaker);
        child.complete("kept");
        task.close();
        assertEquals(1, child.closes(), "closed on the closing thread");
        assertTrue(child.isCancelled() || child.polls() == 1, "the value was never taken out of the child");
        soon().until(() -> thrown.get() != null);
        assertTrue(thrown.get() instanceof CancellationException, String.valueOf(thrown.get()));
        assertFalse(resumed.get());
    }

    @Test
    void aValueHandedOverBeforeTheCloseBelongsToTheBody() {
        ProbeFuture<String> child = new ProbeFuture<>();
        ProbeFuture<String> next = new ProbeFuture<>();
        List<String> events = new CopyOnWriteArrayList<>();
        MockTask<String> task = MockTask.spawn(Async.run(() -> {
            String value = Async.await(child);
            events.add("resumed with " + value);
            try {
                return Async.await(next);
            } catch (CancellationException e) {
                events.add("next await cancelled");
                throw e;
            }
        }));
        assertPending(task.poll());
        pollUntil(task, child::hasWaker);
        child.complete("v");
        assertPending(task.poll()); // hands "v" to the body
        task.close();               // right after: the body keeps "v", its next await throws
        soon().until(() -> events.size() == 2);
        assertEquals(List.of("resumed with v", "next await cancelled"), events);
        assertEquals(1, next.closes());
        // Thread mode: the body got "v" after that poll, so its next await never reached the
        // closed owner. Continuation mode: the same poll ran the body on into its next await.
        assertEquals(Async.mode().usesThreads() ? 0 : 1, next.polls());
    }

    @Test
    void nextIsServedByTheOwnerAndAnItemStaysInTheStreamWhenTheOwnerIsClosedBetweenPolls() {
        ProbeStream<Integer> numbers = new ProbeStream<>();
        AtomicBoolean gotItem = new AtomicBoolean();
        MockTask<Integer> task = MockTask.spawn(Async.run(() -> {
            try (PollStream<Integer> stream = numbers) {
                Integer item = Async.next(stream);
                gotItem.set(true);
                return item;
            }
        }));
        assertPending(task.poll());
        pollUntil(task, () -> numbers.polls() > 0);
        numbers.emit(7);
        task.close();
        soon().until(numbers::isClosed); // the body's try-with-resources
        assertFalse(gotItem.get());
        assertEquals(1, numbers.queued(), "the item was not taken out of the stream");
    }

    @Test
    void anEmitWhoseItemTheConsumerTookReturnsNormallyEvenIfTheStreamIsClosedRightAfter() {
        List<String> violations = new CopyOnWriteArrayList<>();
        for (int round = 0; round < 2_000; round++) {
            List<String> events = new CopyOnWriteArrayList<>();
            AtomicBoolean ended = new AtomicBoolean();
            PollStream<String> stream = Async.stream(emitter -> {
                try {
                    emitter.emit("a");
                    events.add("a delivered");
                    emitter.emit("b");
                    events.add("b delivered");
                } catch (CancellationException e) {
                    events.add("cancelled");
                } finally {
                    ended.set(true);
                }
            });
            MockStreamTask<String> task = MockStreamTask.spawn(stream);
            assertReady(PollDriver.pollNextToCompletion(task), "a");
            task.close(); // right after the consumer took "a"
            soon().untilTrue(ended);
            if (!events.equals(List.of("a delivered", "cancelled"))) {
                violations.add("round " + round + ": " + events);
            }
        }
        PollDriver.assertNoViolations(violations, violations.size() + " of 2000 emits misreported their item");
    }

    @Test
    void theWakeOfAnAwaitedChildReachesTheOwnersTaskOnTheRuntime() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("async-owner-").build()) {
            List<String> pollThreads = new CopyOnWriteArrayList<>();
            ProbeFuture<String> probe = new ProbeFuture<>();
            PollFuture<String> child = cx -> {
                pollThreads.add(Thread.currentThread().getName() + (PollRuntime.current().isPresent() ? " in runtime" : ""));
                return probe.poll(cx);
            };
            JoinHandle<String> handle = runtime.spawn(Async.run(() -> Async.await(child)));
            soon().until(probe::hasWaker);
            probe.complete("done");
            assertEquals("done", runtime.blockOn(handle));
            assertTrue(pollThreads.stream().allMatch(name -> name.startsWith("async-owner-worker-") && name.endsWith(" in runtime")),
                    pollThreads.toString());
        }
    }

    @Test
    void awaitOnARuntimeWorkerOutsideABodyFailsFastAndNamesTheTask() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("async-misuse-").build()) {
            ProbeFuture<String> probe = new ProbeFuture<>();
            PollFuture<String> blocking = cx -> Poll.ready(Async.await(probe));
            IllegalStateException error = assertThrows(IllegalStateException.class, () -> runtime.blockOn(runtime.spawn(blocking)));
            assertTrue(error.getMessage().contains("async-misuse-worker-0"), error.getMessage());
            assertTrue(error.getMessage().contains("which polls task-"), error.getMessage());
            assertTrue(error.getMessage().contains("outside any Async body"), error.getMessage());
            assertEquals(0, probe.polls());
        }
    }

    @Test
    void aFailureThrownByTheChildsPollIsThatAwaitsFailureAsTheSameInstance() {
        IllegalStateException broken = new IllegalStateException("poll threw");
        PollFuture<String> throwing = cx -> {
            throw broken;
        };
        AtomicReference<Throwable> caught = new AtomicReference<>();
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> {
            try {
                return Async.await(throwing);
            } catch (IllegalStateException e) {
                caught.set(e);
                return "recovered";
            }
        }))) {
            assertReady(pollToCompletion(task), "recovered");
        }
        assertSame(broken, caught.get());
    }
}
