package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Futures;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An {@code Async} body awaits {@link Time}'s and {@link Retry}'s timers with no runtime in hand:
 * what it awaits is polled by its owner, with the owner's context, in both modes (the build runs
 * this class in thread mode too). Real time, lower bounds only.
 */
@Timeout(30)
class AsyncTimeTest {

    @Test
    void aBodyInATaskAwaitsTheTimersOfItsTasksRuntime() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            ProbeFuture<String> never = new ProbeFuture<>();
            JoinHandle<String> handle = runtime.spawn(Async.run(() -> {
                Async.await(Time.sleep(Duration.ofMillis(5)));
                String answer = Async.await(Time.timeoutOrNull(never, Duration.ofMillis(10)));
                return answer == null ? "timed out" : answer;
            }));
            assertEquals("timed out", runtime.blockOn(handle));
            assertEquals(1, never.closes());
        }
    }

    @Test
    void aBodyDrivenByBlockOnAwaitsTheTimersOfThatRuntime() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            CompletionException thrown = assertThrows(CompletionException.class, () -> runtime.blockOn(Async.run(
                    () -> Async.await(Time.timeout(new ProbeFuture<String>(), Duration.ofMillis(10))))));
            assertInstanceOf(TimeoutException.class, thrown.getCause());
            assertNull(runtime.blockOn(Async.run(() -> Async.await(Time.sleep(Duration.ofMillis(1))))));
        }
    }

    @Test
    void aBodyRetriesWithBackoff() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            AtomicInteger attempts = new AtomicInteger();
            String value = runtime.blockOn(Async.run(() -> Async.await(
                    Retry.backoff(3, Duration.ofMillis(1)).run(() -> attempts.incrementAndGet() < 3
                            ? Futures.failed(new IOException("not yet"))
                            : Futures.ready("third")))));
            assertEquals("third", value);
            assertEquals(3, attempts.get());
        }
    }
}
