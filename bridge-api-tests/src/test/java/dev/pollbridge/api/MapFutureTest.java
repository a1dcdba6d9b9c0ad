package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MapFutureTest extends FutureCombinatorContract {

    @Override
    protected int childCount() {
        return 1;
    }

    @Override
    protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
        return children.get(0).map(value -> value + "!");
    }

    @Override
    protected Object expectedValue() {
        return "v0!";
    }

    @Test
    void aThrowingMapperFailsAfterTheChildIsClosed() {
        ProbeFuture<Integer> child = ProbeFuture.completed(1);
        IllegalArgumentException error = new IllegalArgumentException("bad");
        try (MockTask<Object> task = MockTask.spawn(Futures.map(child, value -> {
            assertTrue(child.isClosed(), "the finished child is closed before the function runs");
            throw error;
        }))) {
            assertSame(error, assertFailed(task.poll(), IllegalArgumentException.class));
        }
        assertEquals(1, child.closes());
    }

    @Test
    void theMapperIsNotCalledOnFailureNorBeforeThePoll() {
        AtomicInteger calls = new AtomicInteger();
        ProbeFuture<Integer> child = new ProbeFuture<>();
        try (MockTask<Integer> task = MockTask.spawn(Futures.map(child, value -> calls.incrementAndGet()))) {
            child.fail(new IllegalStateException("x"));
            assertFailed(task.poll(), IllegalStateException.class);
        }
        assertEquals(0, calls.get());
    }

    @Test
    void aFatalJvmErrorIsNotTurnedIntoAFailure() {
        try (MockTask<Object> task = MockTask.spawn(Futures.ready(1).map(value -> {
            throw new StackOverflowError("fatal");
        }))) {
            assertThrows(StackOverflowError.class, task::poll);
        }
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        NullPointerException noFuture = assertThrows(NullPointerException.class,
                () -> Futures.map(null, value -> value));
        assertTrue(noFuture.getMessage().contains("future"));
        NullPointerException noMapper = assertThrows(NullPointerException.class,
                () -> Futures.ready(1).map(null));
        assertTrue(noMapper.getMessage().contains("mapper"));
    }
}
