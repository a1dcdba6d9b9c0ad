package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;

/**
 * Issue 23, item 5 (kotlinx-rx3's {@code LeakedExceptionTest}, ported): when the failure of a
 * builder body races its cancellation ({@code combineLatest} cancels the other source at the first
 * error), the failure goes to {@code Hooks.onErrorDropped}, never to the runtime's uncaught-failure
 * handler. 10,000 rounds of two failing bodies, at most 30 seconds, in the mode of the JVM (CI
 * runs it in both).
 */
class BodyErrorsAfterCancelTest {

    private static final int ROUNDS = 10_000;
    private static final long BUDGET_NANOS = 30_000_000_000L;

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final AtomicInteger dropped = new AtomicInteger();
    private final List<Throwable> droppedOthers = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("leaked-").uncaughtFailureHandler(uncaught::add).build();
        Hooks.onErrorDropped(error -> {
            if (error instanceof TestException) {
                dropped.incrementAndGet();
            } else {
                droppedOthers.add(error);
            }
        });
    }

    @AfterEach
    void stop() {
        Hooks.resetOnErrorDropped();
        runtime.close();
    }

    static final class TestException extends RuntimeException {
        TestException() {
            super("thrown by a builder body", null, false, false);
        }
    }

    @Test
    @Timeout(90)
    void noBodyFailureAfterCancellationReachesTheRuntimesHandler() {
        Mono<String> mono = MonoBridge.mono(() -> {
            throw new TestException();
        }, runtime);
        Flux<String> flux = FluxBridge.flux(emitter -> {
            emitter.emit("x");
            throw new TestException();
        }, runtime);
        long deadline = System.nanoTime() + BUDGET_NANOS;
        int rounds = 0;
        for (; rounds < ROUNDS && System.nanoTime() - deadline < 0; rounds++) {
            Flux<String> source = rounds % 2 == 0 ? mono.flux() : flux;
            Flux.combineLatest(source, source, (a, b) -> a + b)
                    .onErrorResume(error -> Flux.empty())
                    .blockLast(Duration.ofSeconds(10));
        }
        await().until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(), uncaught, "failures that reached the runtime's handler in " + rounds + " rounds");
        assertEquals(List.of(), droppedOthers);
        assertTrue(rounds > 0); // bounded in rounds and time: a loaded machine may stop at the time bound
    }
}
