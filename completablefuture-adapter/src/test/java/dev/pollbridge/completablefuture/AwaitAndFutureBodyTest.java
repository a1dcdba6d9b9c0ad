package dev.pollbridge.completablefuture;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CompletableFutureBridge#await(java.util.concurrent.CompletionStage)} (kotlinx-jdk8's
 * {@code CompletionStage.await()}) and {@link CompletableFutureBridge#future} (kotlinx-jdk8's
 * {@code future { }}), against real {@code CompletableFuture}s.
 */
class AwaitAndFutureBodyTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("cf-body-").build();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void awaitReturnsTheValueOfAStageCompletedLaterOnAnotherThread() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.future(
                () -> CompletableFutureBridge.await(stage) + "!", runtime);
        assertFalse(result.isDone());
        CompletableFuture.runAsync(() -> stage.complete("late"));
        assertEquals("late!", result.get(WAIT.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void awaitOfNullAndOfAFailureUnwrapsTheCause() {
        assertNull(runtime.blockOn(Async.run(() -> CompletableFutureBridge.await(CompletableFuture.completedFuture(null)))));
        IllegalStateException boom = new IllegalStateException("boom");
        CompletableFuture<String> wrapped = CompletableFuture.<String>failedFuture(boom).thenApply(s -> s);
        assertSame(boom, assertThrows(IllegalStateException.class,
                () -> runtime.blockOn(Async.run(() -> CompletableFutureBridge.await(wrapped)))));
    }

    @Test
    void aCheckedFailureEscapesTheBodyAsItself() throws Exception {
        IOException io = new IOException("disk");
        CompletableFuture<String> result = CompletableFutureBridge.future(
                () -> CompletableFutureBridge.await(CompletableFuture.<String>failedFuture(io)), runtime);
        ExecutionException error = assertThrows(ExecutionException.class, () -> result.get(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertSame(io, error.getCause());
    }

    @Test
    void cancellingTheFutureCancelsTheBodyAndTheStageItAwaits() {
        CompletableFuture<String> stage = new CompletableFuture<>();
        AtomicInteger bodyCancelled = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        CompletableFuture<String> result = CompletableFutureBridge.future(() -> {
            started.incrementAndGet();
            try {
                return CompletableFutureBridge.await(stage);
            } catch (CancellationException e) {
                bodyCancelled.incrementAndGet();
                throw e;
            }
        }, runtime);
        await().atMost(WAIT).until(() -> started.get() == 1 && stage.getNumberOfDependents() > 0);
        assertTrue(result.cancel(false));
        await().atMost(WAIT).until(() -> stage.isCancelled() && bodyCancelled.get() == 1);
        assertTrue(result.isCancelled());
    }

    @Test
    void theBodyStartsAtOnceWithoutAReader() {
        AtomicInteger ran = new AtomicInteger();
        CompletableFutureBridge.future(() -> ran.incrementAndGet(), runtime);
        await().atMost(WAIT).until(() -> ran.get() == 1);
    }

    @Test
    void theSharedRuntimeFormRunsTheBody() {
        assertEquals(42, CompletableFutureBridge.future(() -> 6 * 7).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join());
    }

    @Test
    void awaitOutsideABodyFailsAtOnceAndLeavesTheStageAlone() {
        CompletableFuture<String> stage = new CompletableFuture<>();
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> CompletableFutureBridge.await(stage));
        assertTrue(error.getMessage().startsWith("CompletableFutureBridge.await(CompletionStage) only works inside an Async body"),
                error.getMessage());
        assertTrue(error.getMessage().contains("CompletableFutureBridge.toPollFuture(stage)"), error.getMessage());
        assertEquals(0, stage.getNumberOfDependents());
        assertFalse(stage.isDone());
    }

    @Test
    void badInputFailsEarly() {
        assertThrows(NullPointerException.class, () -> CompletableFutureBridge.await(null));
        assertThrows(NullPointerException.class, () -> CompletableFutureBridge.future(null, runtime));
        assertThrows(NullPointerException.class, () -> CompletableFutureBridge.future(() -> 1, null));
        runtime.close();
        assertThrows(RejectedExecutionException.class, () -> CompletableFutureBridge.future(() -> 1, runtime));
    }

    /** {@code join()} wraps, as for any {@code CompletableFuture}; the cause is what the body threw. */
    @Test
    void joinWrapsTheBodysFailure() {
        IllegalArgumentException bad = new IllegalArgumentException("bad");
        CompletableFuture<String> result = CompletableFutureBridge.future(() -> {
            throw bad;
        }, runtime);
        CompletionException error = assertThrows(CompletionException.class, () -> result.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join());
        assertInstanceOf(IllegalArgumentException.class, error.getCause());
        assertSame(bad, error.getCause());
    }
}
