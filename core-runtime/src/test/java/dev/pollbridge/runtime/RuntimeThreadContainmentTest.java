package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.runtime.Faults.throwingContext;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Item 1 of the fault-containment issue: user code called from a runtime thread (a waker, a
 * handler, a logging backend) never kills that thread; its failure reaches the uncaught-failure
 * handler, and the runtime stays healthy.
 */
@Timeout(30)
class RuntimeThreadContainmentTest {

    private static final String PREFIX = "contain-rt-";

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    private PollRuntime start(PollRuntimeBuilder builder) {
        runtime = builder.workers(1).threadNamePrefix(PREFIX).build();
        return runtime;
    }

    private PollRuntime start() {
        return start(PollRuntime.builder().uncaughtFailureHandler(uncaught::add));
    }

    @AfterEach
    void stop() {
        if (runtime != null) {
            runtime.close();
        }
    }

    @Test
    void aJoinWakerThatThrowsIsReportedAndTheWorkerLivesOn() {
        start();
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        JoinHandle<Integer> handle = runtime.spawn(probe);
        IllegalStateException broken = new IllegalStateException("broken join waker");
        assertTrue(handle.poll(throwingContext(broken)).isPending());
        probe.complete(1); // the worker completes the task and wakes the join waker, which throws

        await().until(() -> uncaught.contains(broken));
        assertEquals(1, handle.poll(Context.of(() -> {})).value());
        RuntimeHealth.assertHealthy(runtime, PREFIX, 1);
    }

    @Test
    void aSlowPollReportWhoseLoggerThrowsIsReportedAndTheWorkerLivesOn() {
        start(PollRuntime.builder().uncaughtFailureHandler(uncaught::add).slowPollThreshold(Duration.ofMillis(1)));
        IllegalStateException brokenLogger = new IllegalStateException("broken logging backend");
        try (LogCapture ignored = LogCapture.throwing(PREFIX, brokenLogger)) {
            JoinHandle<String> slow = runtime.spawn(cx -> {
                sleepMillis(20); // a poll that blocks, to be reported
                return Poll.ready("slow");
            });
            await().until(() -> uncaught.contains(brokenLogger));
            assertEquals("slow", runtime.blockOn(slow));
            RuntimeHealth.assertHealthy(runtime, PREFIX, 1);
        }
    }

    @Test
    void anUncaughtFailureHandlerAndALoggerThatBothThrowDoNotKillTheWorker() {
        CountDownLatch handled = new CountDownLatch(1);
        start(PollRuntime.builder().uncaughtFailureHandler(failure -> {
            handled.countDown();
            throw new IllegalStateException("broken handler");
        }));
        try (LogCapture ignored = LogCapture.throwing(PREFIX, new IllegalStateException("broken logging backend"))) {
            runtime.executor().execute(() -> {
                throw new IllegalArgumentException("detached failure");
            });
            await().until(() -> handled.getCount() == 0);
            RuntimeHealth.assertHealthy(runtime, PREFIX, 1);
        }
    }

    @Test
    void aTimerWakerThatThrowsACheckedExceptionSneakilyDoesNotStopTheTimers() {
        start();
        IOException checked = new IOException("checked, thrown sneakily by a waker");
        PollFuture<Void> sleep;
        do {
            sleep = runtime.sleep(Duration.ofMillis(50));
        } while (!sleep.poll(throwingContext(checked)).isPending()); // a loaded machine may be late
        await().until(() -> uncaught.contains(checked));

        JoinHandle<Void> limited = runtime.spawn(runtime.timeout(runtime.sleep(Duration.ofDays(1)), Duration.ofMillis(200)));
        await().atMost(Duration.ofSeconds(10)).until(limited::isFinished);
        assertInstanceOf(TimeoutException.class, limited.poll(Context.of(() -> {})).error());
        RuntimeHealth.assertHealthy(runtime, PREFIX, 1);
    }

    @Test
    void aBlockingJobWakerThatThrowsIsReportedAndThePoolThreadLivesOn() throws Exception {
        start(PollRuntime.builder().uncaughtFailureHandler(uncaught::add).blockingThreads(1));
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> first = new AtomicReference<>();
        PollFuture<Integer> job = runtime.spawnBlocking(() -> {
            first.set(Thread.currentThread());
            release.await();
            return 1;
        });
        IllegalStateException broken = new IllegalStateException("broken waker of a blocking job");
        assertTrue(job.poll(throwingContext(broken)).isPending());
        release.countDown();

        await().until(() -> uncaught.contains(broken));
        assertEquals(1, job.poll(Context.of(() -> {})).value());
        Thread second = runtime.blockOn(runtime.spawnBlocking(Thread::currentThread));
        assertSame(first.get(), second, "the pool thread survived the waker and ran the next job");
        RuntimeHealth.assertHealthy(runtime, PREFIX, 1);
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
