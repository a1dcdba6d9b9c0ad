package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RecoverFutureTest extends FutureCombinatorContract {

    @Override
    protected int childCount() {
        return 1;
    }

    @Override
    protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
        return children.get(0).recover(error -> "recovered " + error.getMessage());
    }

    @Override
    protected Object expectedValue() {
        return "v0";
    }

    @Override
    protected Poll<?> expectedOnFailure(Throwable error) {
        return Poll.ready("recovered " + error.getMessage());
    }

    @Test
    void aValuePassesWithoutCallingTheHandler() {
        AtomicInteger calls = new AtomicInteger();
        try (MockTask<Integer> task = MockTask.spawn(Futures.ready(5).recover(error -> calls.incrementAndGet()))) {
            assertReady(task.poll(), 5);
        }
        assertEquals(0, calls.get());
    }

    @Test
    void aThrowingHandlerFailsWithTheOriginalSuppressed() {
        RuntimeException original = new RuntimeException("original");
        IllegalStateException handlerError = new IllegalStateException("handler");
        ProbeFuture<Integer> child = ProbeFuture.failedWith(original);
        try (MockTask<Integer> task = MockTask.spawn(child.recover(error -> {
            throw handlerError;
        }))) {
            IllegalStateException failure = assertFailed(task.poll(), IllegalStateException.class);
            assertArrayEquals(new Throwable[] {original}, failure.getSuppressed());
        }
        assertEquals(1, child.closes());
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Futures.recover(null, error -> 1));
        assertThrows(NullPointerException.class, () -> Futures.ready(1).recover(null));
    }
}
