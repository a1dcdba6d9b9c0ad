package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.async.AsyncEngine;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class AsyncTest {

    @Test
    void straightLineCodeAwaitsThreeFuturesCompletedFromAnotherThread() throws Exception {
        ProbeFuture<Integer> first = new ProbeFuture<>();
        ProbeFuture<Integer> second = new ProbeFuture<>();
        ProbeFuture<Integer> third = new ProbeFuture<>();
        Thread testThread = Thread.currentThread();
        List<Thread> bodyThreads = new CopyOnWriteArrayList<>();
        PollFuture<String> sum = Async.run(() -> {
            bodyThreads.add(Thread.currentThread());
            int a = Async.await(first);
            int b = Async.await(second);
            int c = Async.await(third);
            return a + "+" + b + "+" + c + "=" + (a + b + c) + (Async.inBody() ? " in body" : "");
        });
        Thread completer = new Thread(() -> {
            soon().until(first::hasWaker);
            first.complete(1);
            soon().until(second::hasWaker);
            second.complete(2);
            soon().until(third::hasWaker);
            third.complete(3);
        }, "completer");
        try (MockTask<String> task = MockTask.spawn(sum)) {
            assertPending(task.poll());
            completer.start();
            assertReady(pollToCompletion(task), "1+2+3=6 in body");
        }
        completer.join();
        assertEquals(1, bodyThreads.size());
        if (Async.mode().usesThreads()) {
            assertNotSame(testThread, bodyThreads.get(0));
        } else {
            assertSame(testThread, bodyThreads.get(0), "continuation mode: the body runs in its owner's polls");
        }
        assertFalse(Async.inBody());
        for (ProbeFuture<Integer> probe : List.of(first, second, third)) {
            assertEquals(1, probe.closes(), "each awaited future is closed exactly once");
            assertFalse(probe.isCancelled());
            assertEquals(0, probe.pollsAfterReady());
        }
    }

    @Test
    void failureOfAnAwaitedFutureSurfacesAtTheAwaitAsTheSameInstance() {
        IOException checked = new IOException("disk on fire");
        IllegalArgumentException unchecked = new IllegalArgumentException("bad id");
        ProbeFuture<String> failsChecked = ProbeFuture.failedWith(checked);
        ProbeFuture<String> failsUnchecked = new ProbeFuture<>();
        AtomicReference<Throwable> caught = new AtomicReference<>();
        PollFuture<String> future = Async.run(() -> {
            try {
                Async.await(failsChecked, IOException.class);
            } catch (IOException e) { // compiles thanks to the declaring overload
                caught.set(e);
            }
            return Async.await(failsUnchecked); // not caught: fails the Async future
        });
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertPending(task.poll());
            pollUntil(task, failsUnchecked::hasWaker);
            failsUnchecked.fail(unchecked);
            assertSame(unchecked, assertFailed(pollToCompletion(task), IllegalArgumentException.class));
        }
        assertSame(checked, caught.get());
        assertEquals(1, failsChecked.closes());
        assertEquals(1, failsUnchecked.closes());
    }

    @Test
    void checkedFailureIsWrappedInCompletionExceptionCausedByTheSameInstance() {
        IOException checked = new IOException("gone");
        PollFuture<String> future = Async.run(() -> {
            try {
                return Async.await(ProbeFuture.<String>failedWith(checked));
            } catch (CompletionException e) {
                return e.getCause() == checked ? "cause is the same instance" : "other cause: " + e.getCause();
            }
        });
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertReady(pollToCompletion(task), "cause is the same instance");
        }
    }

    @Test
    void whatTheBodyThrowsFailsTheFutureWithThatInstance() {
        Exception checked = new Exception("checked");
        try (MockTask<Object> task = MockTask.spawn(Async.run(() -> {
            throw checked;
        }))) {
            assertSame(checked, assertFailed(pollToCompletion(task), Exception.class));
        }
    }

    @Test
    void aNullValueIsReady() {
        try (MockTask<Void> task = MockTask.spawn(Async.run(() -> null))) {
            assertReady(pollToCompletion(task), null);
        }
    }

    @Test
    void closingRunsFinallyButNotTheNextLineAndClosesTheAwaitedFutureOnce() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean nextLineRan = new AtomicBoolean();
        AtomicBoolean finallyRan = new AtomicBoolean();
        AtomicReference<Throwable> thrownAtAwait = new AtomicReference<>();
        AtomicInteger childClosesSeenInFinally = new AtomicInteger(-1);
        PollFuture<String> future = Async.run(() -> {
            try {
                Async.await(child);
                nextLineRan.set(true);
                return "unreachable";
            } catch (Throwable t) {
                thrownAtAwait.set(t);
                throw t;
            } finally {
                childClosesSeenInFinally.set(child.closes());
                finallyRan.set(true);
            }
        });
        MockTask<String> task = MockTask.spawn(future);
        assertPending(task.poll());
        pollUntil(task, child::hasWaker);
        long wakesBeforeClose = task.wakeCount();
        task.close();

        soon().untilTrue(finallyRan);
        assertFalse(nextLineRan.get());
        assertTrue(thrownAtAwait.get() instanceof CancellationException, String.valueOf(thrownAtAwait.get()));
        assertEquals(1, childClosesSeenInFinally.get(), "the child is closed before the body's finally runs");
        assertEquals(1, child.closes());
        assertTrue(child.isCancelled());
        assertEquals(wakesBeforeClose, task.wakeCount(), "a closed future's owner is not woken");
    }

    @Test
    void awaitsAfterCancellationFailAtOnceAndStillCloseTheirFuture() {
        ProbeFuture<String> pending = new ProbeFuture<>();
        ProbeFuture<String> ready = ProbeFuture.completed("would be ready");
        List<String> events = new CopyOnWriteArrayList<>();
        AtomicBoolean done = new AtomicBoolean();
        PollFuture<String> future = Async.run(() -> {
            try {
                Async.await(pending);
            } catch (CancellationException e) {
                events.add("first await cancelled");
            }
            try {
                Async.await(ready);
                events.add("second await returned");
            } catch (CancellationException e) {
                events.add("second await cancelled");
            } finally {
                done.set(true);
            }
            return "ignored";
        });
        MockTask<String> task = MockTask.spawn(future);
        assertPending(task.poll());
        pollUntil(task, pending::hasWaker);
        task.close();
        soon().untilTrue(done);
        assertEquals(List.of("first await cancelled", "second await cancelled"), events);
        assertEquals(0, ready.polls(), "a later await fails without polling");
        assertEquals(1, ready.closes());
        assertEquals(1, pending.closes());
    }

    @Test
    void awaitOutsideABodyFailsWithAPointerToBlockOnAndLeavesTheFutureAlone() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> Async.await(probe));
        assertTrue(error.getMessage().contains("PollRuntime.blockOn"), error.getMessage());
        assertTrue(error.getMessage().contains("outside an Async body"), error.getMessage());
        assertEquals(0, probe.polls());
        assertEquals(0, probe.closes());
        assertThrows(IllegalStateException.class, () -> Async.next(new dev.pollbridge.test.ProbeStream<String>()));
        assertThrows(NullPointerException.class, () -> Async.await(null));
        assertThrows(NullPointerException.class, () -> Async.run(null));
    }

    @Test
    void awaitOfAFutureThatAlreadyHasAnOwnerIsRefusedAndLeavesItToThatOwner() {
        ProbeFuture<String> owned = new ProbeFuture<>();
        PollFuture<Integer> firstOwner = owned.map(String::length); // map owns it from now on (rule 11)
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> Async.await(owned)))) {
            Poll<String> result = pollToCompletion(task);
            assertTrue(result.isFailed(), "the body's await was refused");
            assertTrue(result.error() instanceof IllegalStateException, result.error().toString());
            assertTrue(result.error().getMessage().contains("already owned by"), result.error().getMessage());
        }
        assertEquals(0, owned.polls(), "the refused await never polled it");
        assertEquals(0, owned.closes(), "nor closed it: it is its first owner's");
        firstOwner.close();
        assertEquals(1, owned.closes());
    }

    @Test
    void theBodyStartsOnTheFirstPollAndOnlyOnce() {
        CountingLauncher launcher = new CountingLauncher();
        AtomicInteger runs = new AtomicInteger();
        ProbeFuture<String> gate = new ProbeFuture<>();
        PollFuture<String> future = AsyncEngine.threadFuture(() -> {
            runs.incrementAndGet();
            return Async.await(gate);
        }, launcher);
        assertEquals(0, launcher.launches.get(), "building the future starts nothing");
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertPending(task.poll());
            assertEquals(1, launcher.launches.get());
            pollUntil(task, gate::hasWaker);
            assertPending(task.poll());
            assertPending(task.poll());
            gate.complete("go");
            assertReady(pollToCompletion(task), "go");
        }
        assertEquals(1, launcher.launches.get());
        assertEquals(1, runs.get());
    }

    @Test
    void closingBeforeTheFirstPollNeverRunsTheBody() {
        CountingLauncher launcher = new CountingLauncher();
        AtomicInteger runs = new AtomicInteger();
        PollFuture<Integer> future = AsyncEngine.threadFuture(runs::incrementAndGet, launcher);
        future.close();
        future.close(); // idempotent
        assertEquals(0, launcher.launches.get());
        assertEquals(0, runs.get());
        assertThrows(IllegalStateException.class, () -> future.poll(Context.of(new CountingWaker())));
    }

    @Test
    void pollingAfterReadyThrows() {
        PollFuture<String> future = Async.run(() -> "once");
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertReady(pollToCompletion(task), "once");
            IllegalStateException error = assertThrows(IllegalStateException.class, task::poll);
            assertTrue(error.getMessage().contains("after it returned"), error.getMessage());
        }
    }

    @Test
    void theLatestWakerIsTheOneWoken() {
        ProbeFuture<String> gate = new ProbeFuture<>();
        PollFuture<String> future = Async.run(() -> Async.await(gate));
        CountingWaker firstWaker = new CountingWaker();
        CountingWaker secondWaker = new CountingWaker();
        CountingWaker thirdWaker = new CountingWaker();
        try (future) {
            if (!Async.mode().usesThreads()) {
                // Continuation mode: each poll runs the body, whose await polls the gate with that poll's waker.
                assertPending(future.poll(Context.of(firstWaker)));
                assertPending(future.poll(Context.of(secondWaker)));
                assertPending(future.poll(Context.of(thirdWaker)));
                gate.complete("x");
                assertEquals(0, firstWaker.count());
                assertEquals(0, secondWaker.count());
                assertEquals(1, thirdWaker.count(), "the gate holds the latest waker");
                assertReady(future.poll(Context.of(thirdWaker)), "x");
                return;
            }
            assertPending(future.poll(Context.of(firstWaker)));
            soon().until(() -> firstWaker.count() == 1); // the body handed its await over
            assertPending(future.poll(Context.of(secondWaker))); // polls the gate with this waker
            assertTrue(gate.hasWaker());
            assertPending(future.poll(Context.of(thirdWaker)));
            gate.complete("x");
            assertEquals(1, thirdWaker.count(), "the gate holds the latest waker");
            assertEquals(0, secondWaker.count());
            assertPending(future.poll(Context.of(thirdWaker))); // hands "x" to the body
            soon().until(() -> thirdWaker.count() == 2); // the body ended and woke the latest waker
            assertEquals(1, firstWaker.count());
            assertEquals(0, secondWaker.count());
            assertReady(future.poll(Context.of(thirdWaker)), "x");
        }
    }

    @Test
    void noWakeIsLostBetweenTheBodyEndingAndAPoll() {
        // Bounded stress: bodies that end at once race the poll that registers the waker.
        // A lost wake makes pollToCompletion time out.
        long deadline = System.nanoTime() + 5_000_000_000L;
        for (int i = 0; i < 1_000 && System.nanoTime() < deadline; i++) {
            int expected = i;
            try (MockTask<Integer> task = MockTask.spawn(Async.run(() -> expected))) {
                assertReady(pollToCompletion(task), expected);
            }
        }
    }

    @Test
    void noWakeIsLostBetweenACompletionAndTheBodyParking() {
        long deadline = System.nanoTime() + 5_000_000_000L;
        for (int i = 0; i < 300 && System.nanoTime() < deadline; i++) {
            ProbeFuture<Integer> child = new ProbeFuture<>();
            int expected = i;
            try (MockTask<Integer> task = MockTask.spawn(Async.run(() -> Async.await(child) + 1))) {
                assertPending(task.poll());
                child.complete(expected); // races with the body's first poll of the child and its park
                assertReady(pollToCompletion(task), expected + 1);
            }
        }
    }

    @Test
    void anAwaitInsideTheAwaitedFuturesPollFailsThatAwaitAndNotTheOwner() {
        // The awaited future is polled by the owner, outside the body: an await in its poll is
        // refused there, and the refusal is the awaited future's failure, thrown at the body's await.
        PollFuture<String> blockingPoll = new PollFuture<>() {
            @Override
            public Poll<String> poll(Context cx) {
                return Poll.ready(Async.await(ProbeFuture.completed("nested")));
            }
        };
        try (MockTask<String> task = MockTask.spawn(Async.run(() -> {
            try {
                return Async.await(blockingPoll);
            } catch (IllegalStateException refused) {
                return "caught: " + refused.getMessage();
            }
        }))) {
            Poll<String> result = pollToCompletion(task);
            // Both modes: the awaited future's poll is the owner's (in continuation mode the body is
            // not "in" while its owner polls what it awaits), so there is no body to suspend there.
            assertTrue(result.value().startsWith("caught: Async.await was called outside an Async body"), result.value());
        }
    }

    @Test
    void anInterruptWhileSuspendedIsKeptForTheBody() {
        ProbeFuture<String> gate = new ProbeFuture<>();
        AtomicReference<Thread> bodyThread = new AtomicReference<>();
        PollFuture<Boolean> future = Async.run(() -> {
            bodyThread.set(Thread.currentThread());
            Async.await(gate);
            return Thread.currentThread().isInterrupted();
        });
        try (MockTask<Boolean> task = MockTask.spawn(future)) {
            assertPending(task.poll());
            pollUntil(task, gate::hasWaker);
            bodyThread.get().interrupt();
            assertPending(task.poll()); // an interrupt is not a completion
            gate.complete("done");
            assertReady(pollToCompletion(task), true);
        }
    }

    @Test
    void closingAnOuterBodyCancelsTheBodyItAwaits() {
        ProbeFuture<String> innermost = new ProbeFuture<>();
        AtomicBoolean innerFinally = new AtomicBoolean();
        PollFuture<String> inner = Async.run(() -> {
            try {
                return Async.await(innermost);
            } finally {
                innerFinally.set(true);
            }
        });
        MockTask<String> task = MockTask.spawn(Async.run(() -> Async.await(inner).toUpperCase()));
        assertPending(task.poll());
        pollUntil(task, innermost::hasWaker); // the owner polls inner, whose owner side polls innermost
        task.close();
        assertEquals(1, innermost.closes(), "closed on the closing thread, before close() returns");
        soon().untilTrue(innerFinally);
        assertEquals(1, innermost.closes());
        assertTrue(innermost.isCancelled());
    }

    @Test
    void nestedBodiesComposeValues() {
        ConcurrentLinkedQueue<String> order = new ConcurrentLinkedQueue<>();
        PollFuture<String> outer = Async.run(() -> {
            order.add("outer start");
            String inner = Async.await(Async.run(() -> {
                order.add("inner");
                return "in";
            }));
            order.add("outer end");
            return "out(" + inner + ")";
        });
        try (MockTask<String> task = MockTask.spawn(outer)) {
            assertReady(pollToCompletion(task), "out(in)");
        }
        assertEquals(List.of("outer start", "inner", "outer end"), List.copyOf(order));
    }
}
