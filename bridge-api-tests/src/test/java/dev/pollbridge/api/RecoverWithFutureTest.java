package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecoverWithFutureTest extends FutureCombinatorContract {

    @Override
    protected int childCount() {
        return 2;
    }

    /** The second child is the fallback, handed over only on failure. */
    @Override
    protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
        return children.get(0).recoverWith(error -> children.get(1));
    }

    @Override
    protected boolean ownedFromBuild(int index) {
        return index == 0;
    }

    @Override
    protected Object expectedValue() {
        return "v0";
    }

    @Override
    protected Poll<?> expectedOnFailure(Throwable error) {
        return Poll.ready("v1");
    }

    @Test
    void theFallbackIsAwaitedAndItsWakeReachesTheTask() {
        ProbeFuture<String> primary = new ProbeFuture<>();
        ProbeFuture<String> fallback = new ProbeFuture<>();
        RuntimeException error = new RuntimeException("primary");
        try (MockTask<String> task = MockTask.spawn(primary.recoverWith(failure -> {
            assertSame(error, failure);
            assertTrue(primary.isClosed(), "the failed primary is closed before the fallback is built");
            return fallback;
        }))) {
            assertPending(task.poll());
            primary.fail(error);
            assertPending(task.poll());
            fallback.complete("fallback");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "fallback");
        }
        assertEquals(1, fallback.closes());
    }

    @Test
    void aFailingFallbackFailsTheResult() {
        IllegalStateException second = new IllegalStateException("second");
        try (MockTask<Object> task = MockTask.spawn(
                Futures.failed(new RuntimeException("first")).recoverWith(error -> Futures.failed(second)))) {
            assertSame(second, assertFailed(task.poll(), IllegalStateException.class));
        }
    }

    @Test
    void aThrowingHandlerFailsWithTheOriginalSuppressed() {
        RuntimeException original = new RuntimeException("original");
        try (MockTask<Object> task = MockTask.spawn(Futures.failed(original).recoverWith(error -> {
            throw new IllegalArgumentException("handler");
        }))) {
            IllegalArgumentException failure = assertFailed(task.poll(), IllegalArgumentException.class);
            assertArrayEquals(new Throwable[] {original}, failure.getSuppressed());
        }
        try (MockTask<Object> task = MockTask.spawn(Futures.failed(original).recoverWith(error -> null))) {
            assertFailed(task.poll(), NullPointerException.class);
        }
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Futures.recoverWith(null, error -> Futures.ready(1)));
        assertThrows(NullPointerException.class, () -> Futures.ready(1).recoverWith(null));
    }
}
