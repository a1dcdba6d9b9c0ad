package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import static dev.pollbridge.runtime.PollDriver.assertNoViolations;

/**
 * Issue 13, section 1: a value moves from an awaited child into an {@code Async} body only during
 * a poll of the body's owner, so closing the owner between two polls leaves a cancel-safe child's
 * value at its source. Each test runs {@value #ROUNDS} rounds (bounded by its timeout), counts
 * the rounds that break the property and expects none. Run on JDK 17 (the platform-thread pool)
 * and JDK 25 (virtual threads).
 */
@Tag("stress")
@Timeout(180)
class AsyncCancelSafetyStressTest {

    private static final int ROUNDS = 2_000;

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("async-cancel-safety-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Test
    void trySendThenCloseLosesNoItem() throws Exception {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            Channel<Integer> channel = Channel.bounded(1);
            Watched<Integer> receive = new Watched<>(channel.receive());
            AtomicBoolean resumed = new AtomicBoolean();
            CountDownLatch ended = new CountDownLatch(1);
            PollFuture<Integer> body = Async.run(() -> {
                try {
                    Integer item = Async.await(receive);
                    resumed.set(true);
                    return item;
                } finally {
                    ended.countDown();
                }
            });
            MockTask<Integer> owner = MockTask.spawn(body);
            assertPending(owner.poll());
            pollUntil(owner, () -> receive.pendingPolls() > 0);
            assertTrue(channel.trySend(round));
            owner.close(); // no poll of the owner since the send: the item must stay in the channel
            assertTrue(ended.await(20, java.util.concurrent.TimeUnit.SECONDS));
            if (resumed.get() || channel.size() != 1) {
                violations.add("round " + round + ": resumed=" + resumed.get() + ", left in channel=" + channel.size());
            }
        }
        assertNoViolations(violations, violations.size() + " of " + ROUNDS + " rounds lost the item");
    }

    @Test
    void onceAbortReturnedTheBodyNeverResumesNormallyEvenIfTheChildCompletesRightAfter() throws Exception {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            ProbeFuture<Integer> child = new ProbeFuture<>();
            AtomicBoolean nextLineRan = new AtomicBoolean();
            CountDownLatch ended = new CountDownLatch(1);
            JoinHandle<Integer> handle = runtime.spawn(Async.run(() -> {
                try {
                    int value = Async.await(child);
                    nextLineRan.set(true);
                    return value;
                } finally {
                    ended.countDown();
                }
            }));
            soon().until(child::hasWaker);
            handle.abort();
            child.complete(round);
            String joined;
            try {
                joined = "value " + runtime.blockOn(handle);
            } catch (CancellationException expected) {
                joined = "cancelled";
            }
            assertTrue(ended.await(20, java.util.concurrent.TimeUnit.SECONDS));
            if (nextLineRan.get() || !joined.equals("cancelled")) {
                violations.add("round " + round + ": next line ran=" + nextLineRan.get() + ", join: " + joined);
            }
        }
        assertNoViolations(violations,
                violations.size() + " of " + ROUNDS + " rounds ran the code after the await once abort() had returned");
    }

    @Test
    void aDroppedSemaphoreAcquireLosesNoPermit() throws Exception {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            Semaphore semaphore = new Semaphore(1);
            Permit held = semaphore.tryAcquire().orElseThrow();
            Watched<Permit> acquire = new Watched<>(semaphore.acquire());
            CountDownLatch ended = new CountDownLatch(1);
            PollFuture<Permit> body = Async.run(() -> {
                try {
                    return Async.await(acquire);
                } finally {
                    ended.countDown();
                }
            });
            MockTask<Permit> owner = MockTask.spawn(body);
            assertPending(owner.poll());
            pollUntil(owner, () -> acquire.pendingPolls() > 0);
            held.close(); // grants the permit to the waiting acquire and wakes its poller
            owner.close();
            assertTrue(ended.await(20, java.util.concurrent.TimeUnit.SECONDS));
            if (semaphore.availablePermits() != 1) {
                violations.add("round " + round + ": available=" + semaphore.availablePermits());
            }
        }
        assertNoViolations(violations, violations.size() + " of " + ROUNDS + " rounds lost the permit");
    }
}
