package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class InspectFutureTest {

    @Nested
    class Values extends FutureCombinatorContract {
        final List<Object> seen = new ArrayList<>();

        @Override
        protected int childCount() {
            return 1;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return children.get(0).inspect(seen::add);
        }

        @Override
        protected Object expectedValue() {
            return "v0";
        }

        @Test
        void theActionSeesTheValueOnceAndOnlyOnSuccess() {
            ProbeFuture<Object> child = new ProbeFuture<>();
            child.complete("x");
            try (MockTask<?> task = MockTask.spawn(build(List.of(child)))) {
                task.poll();
            }
            assertEquals(List.of("x"), seen);
            List<Object> none = new ArrayList<>();
            try (MockTask<Object> task = MockTask.spawn(Futures.failed(new RuntimeException()).inspect(none::add))) {
                assertFailed(task.poll(), RuntimeException.class);
            }
            assertEquals(List.of(), none);
        }
    }

    @Nested
    class Errors extends FutureCombinatorContract {
        final List<Throwable> seen = new ArrayList<>();

        @Override
        protected int childCount() {
            return 1;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return children.get(0).inspectError(seen::add);
        }

        @Override
        protected Object expectedValue() {
            return "v0";
        }

        @Test
        void theActionSeesTheFailureOnceAndOnlyOnFailure() {
            RuntimeException error = new RuntimeException("boom");
            ProbeFuture<Object> child = new ProbeFuture<>();
            child.fail(error);
            try (MockTask<?> task = MockTask.spawn(build(List.of(child)))) {
                assertSame(error, assertFailed(task.poll(), RuntimeException.class));
            }
            assertEquals(List.of(error), seen);
            List<Throwable> none = new ArrayList<>();
            try (MockTask<Integer> task = MockTask.spawn(Futures.ready(1).inspectError(none::add))) {
                assertReady(task.poll(), 1);
            }
            assertEquals(List.of(), none);
        }
    }

    @Test
    void aThrowingActionFailsTheFuture() {
        IllegalStateException actionError = new IllegalStateException("action");
        ProbeFuture<Integer> child = ProbeFuture.completed(1);
        try (MockTask<Integer> task = MockTask.spawn(child.inspect(value -> {
            throw actionError;
        }))) {
            assertSame(actionError, assertFailed(task.poll(), IllegalStateException.class));
        }
        assertEquals(1, child.closes());
        RuntimeException original = new RuntimeException("original");
        try (MockTask<Object> task = MockTask.spawn(Futures.failed(original).inspectError(error -> {
            throw actionError;
        }))) {
            assertSame(actionError, assertFailed(task.poll(), IllegalStateException.class));
            assertArrayEquals(new Throwable[] {original}, actionError.getSuppressed());
        }
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Futures.inspect(null, value -> {}));
        assertThrows(NullPointerException.class, () -> Futures.ready(1).inspect(null));
        assertThrows(NullPointerException.class, () -> Futures.inspectError(null, error -> {}));
        assertThrows(NullPointerException.class, () -> Futures.ready(1).inspectError(null));
    }
}
