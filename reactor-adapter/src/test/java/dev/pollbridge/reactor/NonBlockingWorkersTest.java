package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * PollRuntime workers are Reactor non-blocking threads: {@code block()} on a worker throws, as it does
 * on {@code Schedulers.parallel()}; elsewhere (the blocking pool, {@code blockOn}, any other
 * thread) it works as before.
 */
@Timeout(60)
class NonBlockingWorkersTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("nonblocking-").build();

    @AfterEach
    void close() {
        runtime.close();
    }

    /** What {@code action} threw inside a poll on a worker, or null; the task ends either way. */
    private Throwable thrownOnAWorker(Runnable action) {
        return runtime.blockOn(runtime.spawn(cx -> {
            try {
                action.run();
                return Poll.ready(null);
            } catch (Throwable thrown) {
                return Poll.ready(thrown);
            }
        }));
    }

    @Test
    void loadingTheBridgeRegistersTheWorkers() throws Exception {
        Class.forName(ReactorBridge.class.getName()); // initialized: the registration ran
        Thread worker = runtime.blockOn(runtime.spawn(cx -> Poll.ready(Thread.currentThread())));
        assertTrue(Schedulers.isNonBlockingThread(worker), "asked from another thread");
        boolean insideATask = runtime.blockOn(runtime.spawn(cx -> Poll.ready(Schedulers.isInNonBlockingThread())));
        assertTrue(insideATask);
        assertFalse(Schedulers.isInNonBlockingThread(), "the test thread");
    }

    @Test
    void blockOnAWorkerThrowsReactorsOwnError() {
        MonoBridge.toPollFuture(Mono.empty()).close(); // loads the bridge
        Throwable thrown = thrownOnAWorker(() -> Mono.just(1).hide().block());
        assertTrue(thrown instanceof IllegalStateException, () -> "got " + thrown);
        assertTrue(thrown.getMessage().startsWith("block()/blockFirst()/blockLast() are blocking, which is not supported in thread nonblocking-worker-"),
                thrown.getMessage());

        assertTrue(thrownOnAWorker(() -> Flux.just(1, 2).hide().blockLast()) instanceof IllegalStateException);
        assertTrue(thrownOnAWorker(() -> Mono.just(1).hide().block(Duration.ofSeconds(1))) instanceof IllegalStateException);
        assertTrue(thrownOnAWorker(() -> Flux.just(1).hide().toIterable().iterator().next()) instanceof IllegalStateException);
    }

    @Test
    void blockingElsewhereIsAllowed() {
        ReactorBridge.registerNonBlockingWorkers();
        Integer onTheBlockingPool = runtime.blockOn(runtime.spawnBlocking(() -> Mono.just(1).hide().block()));
        assertEquals(1, onTheBlockingPool);
        Integer insideBlockOn = runtime.blockOn(cx -> Poll.ready(Mono.just(2).hide().block()));
        assertEquals(2, insideBlockOn);
        assertEquals(3, Mono.just(3).hide().block(), "any other thread");
        // The deterministic runtime polls on the caller's thread: the caller's business, not a worker.
        try (PollRuntime deterministic = PollRuntime.builder().workers(0).build()) {
            Integer onTheCaller = deterministic.blockOn(deterministic.spawn(cx -> Poll.ready(Mono.just(4).hide().block())));
            assertEquals(4, onTheCaller);
        }
    }

    @Test
    void workersOfAThreadFactoryAreNonBlockingToo() {
        ReactorBridge.registerNonBlockingWorkers();
        try (PollRuntime custom = PollRuntime.builder().workers(1).threadFactory(body -> new Thread(body, "my-thread")).build()) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            custom.blockOn(custom.spawn(cx -> {
                try {
                    Mono.just(1).hide().block();
                } catch (IllegalStateException expected) {
                    thrown.set(expected);
                }
                return Poll.ready(null);
            }));
            assertTrue(thrown.get().getMessage().endsWith("not supported in thread my-thread"), thrown.get().getMessage());
        }
    }

    @Test
    void registerAgainAfterReactorsResetRestoresTheCheck() {
        try {
            Schedulers.resetNonBlockingThreadPredicate();
            Integer unchecked = runtime.blockOn(runtime.spawn(cx -> Poll.ready(Mono.just(1).hide().block())));
            assertEquals(1, unchecked, "Reactor forgot every predicate");
        } finally {
            ReactorBridge.registerNonBlockingWorkers();
        }
        assertTrue(thrownOnAWorker(() -> Mono.just(1).hide().block()) instanceof IllegalStateException);
    }

    @Test
    void aTaskThatBlocksFailsWithTheErrorAndTheWorkerKeepsServing() {
        ReactorBridge.registerNonBlockingWorkers();
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> runtime.blockOn(runtime.spawn(cx -> Poll.ready(Mono.never().block()))));
        assertTrue(failure.getMessage().contains("are blocking"), failure.getMessage());
        assertEquals(List.of(1, 2), runtime.blockOn(MonoBridge.toPollFuture(Flux.just(1, 2).collectList())));
    }
}
