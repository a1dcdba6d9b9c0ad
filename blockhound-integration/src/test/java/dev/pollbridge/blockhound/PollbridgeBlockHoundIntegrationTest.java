package dev.pollbridge.blockhound;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncMode;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The integration under the real BlockHound agent (this module's tests run in a JVM of their own
 * with the agent installed): a blocking call in a poll on a worker is reported, the same call in
 * {@code spawnBlocking} is not, and the runtime's own waiting never is.
 */
@Timeout(60)
class PollbridgeBlockHoundIntegrationTest {

    private static final String PREFIX = "hound-";

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX).build();

    @BeforeAll
    static void installAgent() {
        BlockHoundAgent.install();
    }

    @BeforeEach
    void clear() {
        BlockHoundAgent.clearReports();
    }

    @AfterEach
    void close() {
        runtime.close();
    }

    /** A task that runs {@code body} in its first poll and is ready with its result. */
    private static <T> PollFuture<T> pollRunning(Callable<T> body) {
        return (Context cx) -> {
            try {
                return Poll.ready(body.call());
            } catch (Exception e) {
                return Poll.failed(e);
            }
        };
    }

    @Test
    void theIntegrationIsAServiceBlockHoundFinds() {
        List<Class<?>> found = StreamSupport.stream(ServiceLoader.load(BlockHoundIntegration.class).spliterator(), false)
                .map(Object::getClass).collect(Collectors.toList());
        assertTrue(found.contains(PollbridgeBlockHoundIntegration.class), found::toString);
    }

    @Test
    void sleepInsideAPollIsReported() {
        // tag::reported[]
        // BlockHound.install() ran once for this JVM; the integration is found as a service.
        JoinHandle<String> sleepsInAPoll = runtime.spawn(cx -> {
            try {
                Thread.sleep(1); // blocks the worker: rule 4
            } catch (InterruptedException e) {
                return Poll.failed(e);
            }
            return Poll.ready("slept");
        });
        // The task fails with BlockHound's error: "Blocking call! java.lang.Thread.sleep..."
        BlockingOperationError error = assertThrows(BlockingOperationError.class, () -> runtime.blockOn(sleepsInAPoll));

        JoinHandle<String> sleepsInTheBlockingPool = runtime.spawn(runtime.spawnBlocking(() -> {
            Thread.sleep(1); // where blocking belongs: not reported
            return "slept";
        }));
        assertEquals("slept", runtime.blockOn(sleepsInTheBlockingPool));
        // end::reported[]
        assertTrue(error.getMessage().startsWith("Blocking call! java.lang.Thread.sleep"), error.getMessage());
        List<String> reports = BlockHoundAgent.reportsOnThreads(PREFIX);
        assertEquals(1, reports.size(), reports::toString);
        assertTrue(reports.get(0).startsWith(PREFIX + "worker-"), reports::toString);
    }

    @Test
    void takeFromAnEmptyQueueInsideAPollIsReported() {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        // Only if the call were not reported: free the worker, so the test fails instead of hanging.
        CompletableFuture.delayedExecutor(5, TimeUnit.SECONDS).execute(() -> queue.offer("late"));
        // The report is thrown from the park inside the queue's condition wait; the JDK's lock code
        // then fails to re-acquire and throws IllegalMonitorStateException over it. Either way the
        // task fails, and the report was made on the worker.
        assertThrows(RuntimeException.class, () -> runtime.blockOn(runtime.spawn(pollRunning(queue::take))));
        List<String> reports = BlockHoundAgent.reportsOnThreads(PREFIX);
        assertEquals(1, reports.size(), reports::toString);
        assertTrue(reports.get(0).startsWith(PREFIX + "worker-") && reports.get(0).contains("Unsafe#park"), reports::toString);
    }

    @Test
    void blockingInAFuturesCloseIsReportedToo() {
        List<Throwable> uncaught = new ArrayList<>();
        try (PollRuntime reporting = PollRuntime.builder().workers(1).threadNamePrefix(PREFIX + "close-")
                .uncaughtFailureHandler(uncaught::add).build()) {
            PollFuture<String> sleepsInClose = new PollFuture<>() {
                @Override
                public Poll<String> poll(Context cx) {
                    return Poll.ready("done");
                }

                @Override
                public void close() {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
            assertEquals("done", reporting.blockOn(reporting.spawn(sleepsInClose)));
            await().until(() -> !uncaught.isEmpty());
            assertTrue(uncaught.get(0) instanceof BlockingOperationError, uncaught::toString);
        }
    }

    @Test
    void theSameCallsInsideSpawnBlockingAreNotReported() {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        JoinHandle<String> task = runtime.spawn(new PollFuture<String>() {
            private PollFuture<String> blocking;

            @Override
            public Poll<String> poll(Context cx) {
                if (blocking == null) {
                    blocking = runtime.spawnBlocking(() -> {
                        Thread.sleep(1);
                        queue.offer("taken");
                        return queue.take();
                    });
                }
                return blocking.poll(cx);
            }

            @Override
            public void close() {
                if (blocking != null) {
                    blocking.close();
                }
            }
        });
        assertEquals("taken", runtime.blockOn(task));
        assertEquals(List.of(), BlockHoundAgent.reportsOnThreads(PREFIX));
    }

    @Test
    void theRuntimesOwnWaitingIsNeverReported() {
        int tasks = 200;
        AtomicInteger done = new AtomicInteger();
        for (int i = 0; i < tasks; i++) {
            // From outside (the global queue), each spawning a child on its worker (the registry's
            // lock), sleeping on the timer, and using the blocking pool.
            runtime.spawn(new PollFuture<Void>() {
                private PollFuture<Void> sleep;
                private PollFuture<Integer> blocking;
                private boolean sleptEnough;
                private boolean blocked;

                @Override
                public Poll<Void> poll(Context cx) {
                    if (sleep == null) {
                        runtime.spawn(pollRunning(done::incrementAndGet)).close();
                        sleep = runtime.sleep(Duration.ofMillis(1));
                        blocking = runtime.spawnBlocking(() -> 1);
                    }
                    sleptEnough = sleptEnough || sleep.poll(cx).isReady();
                    blocked = blocked || blocking.poll(cx).isReady();
                    if (!sleptEnough || !blocked) {
                        return Poll.pending();
                    }
                    done.incrementAndGet();
                    return Poll.ready(null);
                }

                @Override
                public void close() {
                    sleep.close();
                    blocking.close();
                }
            }).close();
        }
        await().until(() -> done.get() == 2 * tasks);
        // Then idle: both workers park (and were unparked by the wakes above along the way).
        await().until(() -> runtime.metrics().parks() >= 2 && runtime.metrics().tasksAlive() == 0);
        assertEquals(0, runtime.metrics().deadWorkers());
        assertEquals(List.of(), BlockHoundAgent.reportsOnThreads(PREFIX));
    }

    @Test
    void asyncBodiesAndTheReactorSchedulerWaitWithoutReports() {
        // Awaiting never blocks: in thread mode it parks the body's own thread, in continuation
        // mode it suspends the body and the worker's poll returns.
        PollFuture<Integer> body = Async.run(() -> {
            Async.await(runtime.sleep(Duration.ofMillis(1)));
            return Async.await(runtime.spawnBlocking(() -> 7));
        });
        assertEquals(7, runtime.blockOn(runtime.spawn(body)));
        // Reactor operators hopping onto the runtime's Scheduler, with a delay on its timers.
        Scheduler onTheRuntime = ReactorBridge.scheduler(runtime);
        try {
            List<Integer> items = Flux.range(1, 50).publishOn(onTheRuntime).delayElements(Duration.ofMillis(1), onTheRuntime)
                    .map(i -> i * 2).collectList().block(Duration.ofSeconds(30));
            assertEquals(50, items.size());
        } finally {
            onTheRuntime.dispose();
        }
        assertEquals(List.of(), BlockHoundAgent.reportsOnThreads(PREFIX));
    }

    @Test
    void aBlockingCallInAContinuationModeBodyIsReportedAndSpawnBlockingIsNot() {
        assumeTrue(Async.mode() == AsyncMode.CONTINUATION, "continuation mode: the body runs on the worker");
        // One rule for blocking: a body does not block. In continuation mode the body runs inside
        // its owner's poll on the worker, so BlockHound sees (and fails) the blocking call there.
        PollFuture<String> blocking = Async.run(() -> {
            Thread.sleep(1);
            return "slept";
        });
        Throwable failure = assertThrows(Throwable.class, () -> runtime.blockOn(runtime.spawn(blocking)));
        assertTrue(failure instanceof BlockingOperationError, String.valueOf(failure));
        assertTrue(BlockHoundAgent.reportsOnThreads(PREFIX).stream().anyMatch(report -> report.contains("sleep")),
                BlockHoundAgent.reportsOnThreads(PREFIX)::toString);
        BlockHoundAgent.clearReports();
        // What to do instead: the blocking call on the blocking pool, awaited.
        PollFuture<String> offloaded = Async.run(() -> Async.await(runtime.spawnBlocking(() -> {
            Thread.sleep(1);
            return "slept";
        })));
        assertEquals("slept", runtime.blockOn(runtime.spawn(offloaded)));
        assertEquals(List.of(), BlockHoundAgent.reportsOnThreads(PREFIX));
    }

    @Test
    void timerAndBlockingPoolThreadsMarkedNonBlockingElsewhereStillWait() {
        // A user's predicate that marks every runtime thread (as a name-prefix predicate would):
        // the timer thread parks and the blocking pool's threads block and idle, all allowed.
        try (PollRuntime marked = PollRuntime.builder().workers(1).blockingKeepAlive(Duration.ofMillis(50))
                .threadFactory(body -> new BlockHoundAgent.MarkedThread(body, PREFIX + "marked")).build()) {
            assertEquals("slept", marked.blockOn(marked.spawnBlocking(() -> {
                Thread.sleep(1);
                return "slept";
            })));
            marked.blockOn(marked.spawn(marked.sleep(Duration.ofMillis(20))));
            marked.blockOn(marked.sleep(Duration.ofMillis(20)));
            await().until(() -> marked.metrics().blockingThreadsIdle() == 0 && marked.metrics().blockingThreadsBusy() == 0);
            assertEquals(List.of(), BlockHoundAgent.reportsOnThreads(PREFIX));
            // The worker is still checked.
            assertThrows(BlockingOperationError.class, () -> marked.blockOn(marked.spawn(pollRunning(() -> {
                Thread.sleep(1);
                return null;
            }))));
        }
    }

    @Test
    void reactorsBlockOnAWorkerThrowsBeforeItBlocks() {
        ReactorBridge.registerNonBlockingWorkers();
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> runtime.blockOn(runtime.spawn(pollRunning(() -> Mono.just(1).hide().block()))));
        assertTrue(failure.getMessage().contains("not supported in thread " + PREFIX + "worker-"), failure.getMessage());
        // The same Mono blocked in spawnBlocking, where blocking belongs.
        Integer fromThePool = runtime.blockOn(runtime.spawnBlocking(() -> Mono.delay(Duration.ofMillis(1)).thenReturn(2).block()));
        assertEquals(2, fromThePool);
        assertEquals(List.of(), BlockHoundAgent.reportsOnThreads(PREFIX));
    }
}
