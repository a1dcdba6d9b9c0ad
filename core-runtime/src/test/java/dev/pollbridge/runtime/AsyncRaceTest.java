package dev.pollbridge.runtime;

import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.runtime.PollDriver.pollNextToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Bounded stress: close racing completion and hand-over. Each loop stops at its count or its time. */
class AsyncRaceTest {

    private static final long BUDGET_NANOS = 2_000_000_000L;

    @Test
    void closeRacingTheChildsCompletionClosesTheChildOnceAndRunsFinallyOnce() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        CyclicBarrier start = new CyclicBarrier(2);
        for (int i = 0; i < 100 && System.nanoTime() < deadline; i++) {
            ProbeFuture<Integer> child = new ProbeFuture<>();
            AtomicInteger finallies = new AtomicInteger();
            PollFuture<Integer> future = Async.run(() -> {
                try {
                    return Async.await(child);
                } finally {
                    finallies.incrementAndGet();
                }
            });
            MockTask<Integer> owner = MockTask.spawn(future);
            assertTrue(owner.poll().isPending());
            pollUntil(owner, child::hasWaker); // the owner polled the child: now race
            int value = i;
            Thread completer = new Thread(() -> {
                meet(start);
                child.complete(value);
            });
            completer.start();
            meet(start);
            owner.close();
            completer.join();
            soon().until(() -> finallies.get() == 1);
            soon().until(child::isClosed);
            assertEquals(1, child.closes());
            assertEquals(1, finallies.get());
        }
    }

    @Test
    void closeRacingTheConsumerNeverDeliversAnItemTwiceOrOutOfOrder() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int round = 0; round < 50 && System.nanoTime() < deadline; round++) {
            AtomicInteger finallies = new AtomicInteger();
            PollStream<Integer> stream = Async.stream(emitter -> {
                try {
                    for (int i = 0; ; i++) {
                        emitter.emit(i);
                    }
                } finally {
                    finallies.incrementAndGet();
                }
            });
            MockStreamTask<Integer> task = MockStreamTask.spawn(stream);
            int expected = 0;
            int stopAfter = round % 7;
            while (expected <= stopAfter) {
                Poll<Integer> poll = pollNextToCompletion(task);
                assertEquals(expected, poll.value());
                expected++;
            }
            task.close();
            soon().until(() -> finallies.get() == 1);
        }
    }

    private static void meet(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
