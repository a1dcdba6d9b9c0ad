package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.async.AsyncEngine;
import static dev.pollbridge.runtime.PollDriver.PATIENCE;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.internal.async.PooledLauncher;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Java 17 fallback: a bounded pool of platform threads, tested on any JDK. */
class AsyncPoolTest {

    private final PooledLauncher pool = new PooledLauncher(2, "async-pool-test-");

    @AfterEach
    void shutDown() {
        pool.close();
    }

    @Test
    void bodiesBeyondTheBoundWaitInTheQueueUntilAThreadFrees() {
        AtomicInteger started = new AtomicInteger();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        ProbeFuture<String> gate1 = new ProbeFuture<>();
        ProbeFuture<String> gate2 = new ProbeFuture<>();
        ProbeFuture<String> gate3 = new ProbeFuture<>();
        try (MockTask<String> one = task(gate1, started, threads);
                MockTask<String> two = task(gate2, started, threads);
                MockTask<String> three = task(gate3, started, threads)) {
            assertPending(one.poll());
            assertPending(two.poll());
            assertPending(three.poll());
            pollUntil(one, gate1::hasWaker);
            pollUntil(two, gate2::hasWaker);
            soon().during(Duration.ofMillis(200)).atMost(PATIENCE).until(() -> started.get() == 2);
            assertEquals(1, pool.queued());
            assertFalse(gate3.hasWaker());

            gate1.complete("one");
            assertReady(pollToCompletion(one), "one");
            pollUntil(three, gate3::hasWaker); // the queued body got the freed thread
            gate3.complete("three");
            gate2.complete("two");
            assertReady(pollToCompletion(three), "three");
            assertReady(pollToCompletion(two), "two");
        }
        assertEquals(3, started.get());
        assertEquals(2, threads.size(), "two threads served three bodies");
        assertTrue(threads.stream().allMatch(Thread::isDaemon));
    }

    @Test
    void aQueuedBodyThatIsClosedNeverRuns() {
        AtomicInteger started = new AtomicInteger();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        ProbeFuture<String> gate1 = new ProbeFuture<>();
        ProbeFuture<String> gate2 = new ProbeFuture<>();
        ProbeFuture<String> gate3 = new ProbeFuture<>();
        try (MockTask<String> one = task(gate1, started, threads);
                MockTask<String> two = task(gate2, started, threads)) {
            assertPending(one.poll());
            assertPending(two.poll());
            pollUntil(one, gate1::hasWaker);
            pollUntil(two, gate2::hasWaker);
            MockTask<String> queued = task(gate3, started, threads);
            assertPending(queued.poll());
            assertEquals(1, pool.queued());
            queued.close();
            assertEquals(0, pool.queued(), "closing withdrew the queued body");
            gate1.complete("one");
            gate2.complete("two");
            assertReady(pollToCompletion(one), "one");
            assertReady(pollToCompletion(two), "two");
            // A fresh body runs after the withdrawn one would have: FIFO, so it never will.
            try (MockTask<String> later = MockTask.spawn(AsyncEngine.threadFuture(() -> "later", pool))) {
                assertReady(pollToCompletion(later), "later");
            }
        }
        assertEquals(2, started.get());
        assertEquals(0, gate3.polls());
        assertEquals(0, gate3.closes(), "a body that never ran never took the future");
    }

    @Test
    void aPooledThreadCarriesNothingFromOneBodyToTheNext() {
        PooledLauncher single = new PooledLauncher(1, "async-pool-single-");
        try {
            ProbeFuture<String> gate = new ProbeFuture<>();
            try (MockTask<String> first = MockTask.spawn(AsyncEngine.threadFuture(() -> {
                Thread.currentThread().interrupt();
                return Async.await(gate);
            }, single))) {
                assertPending(first.poll());
                pollUntil(first, gate::hasWaker);
                gate.complete("first");
                assertReady(pollToCompletion(first), "first");
            }
            try (MockTask<String> second = MockTask.spawn(AsyncEngine.threadFuture(
                    () -> Thread.currentThread().isInterrupted() + " " + Async.inBody(), single))) {
                assertReady(pollToCompletion(second), "false true");
            }
        } finally {
            single.close();
        }
    }

    private MockTask<String> task(ProbeFuture<String> gate, AtomicInteger started, Set<Thread> threads) {
        return MockTask.spawn(AsyncEngine.threadFuture(() -> {
            started.incrementAndGet();
            threads.add(Thread.currentThread());
            return Async.await(gate);
        }, pool));
    }
}
