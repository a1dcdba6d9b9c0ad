package dev.pollbridge.completablefuture;

import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.api.Poll;
import dev.pollbridge.test.MockTask;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every shape in which a stage can carry its failure, and what the bridged future fails with. */
class UnwrapTest {

    private static final IOException CAUSE = new IOException("disk on fire");
    private static final CompletionException NO_CAUSE_COMPLETION = new CompletionException("no cause", null);
    private static final ExecutionException NO_CAUSE_EXECUTION = new ExecutionException("no cause", null);

    static Stream<Arguments> shapes() {
        return Stream.of(
                shape("the raw cause", CAUSE, CAUSE),
                shape("CompletionException(cause)", new CompletionException(CAUSE), CAUSE),
                shape("ExecutionException(cause)", new ExecutionException(CAUSE), CAUSE),
                shape("CompletionException(CompletionException(cause))",
                        new CompletionException(new CompletionException(CAUSE)), CAUSE),
                shape("CompletionException(ExecutionException(CompletionException(cause)))",
                        new CompletionException(new ExecutionException(new CompletionException(CAUSE))), CAUSE),
                shape("ExecutionException(CompletionException(cause))",
                        new ExecutionException(new CompletionException(CAUSE)), CAUSE),
                shape("CompletionException without a cause", NO_CAUSE_COMPLETION, NO_CAUSE_COMPLETION),
                shape("ExecutionException without a cause", NO_CAUSE_EXECUTION, NO_CAUSE_EXECUTION),
                shape("CompletionException(ExecutionException without a cause)",
                        new CompletionException(NO_CAUSE_EXECUTION), NO_CAUSE_EXECUTION));
    }

    private static Arguments shape(String name, Throwable stored, Throwable expected) {
        return Arguments.of(name, stored, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void completeExceptionallyWith(String name, Throwable stored, Throwable expected) {
        CompletableFuture<String> source = new CompletableFuture<>();
        source.completeExceptionally(stored);
        assertSame(expected, failureOf(source));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void aDependentStageOfAFailedSource(String name, Throwable stored, Throwable expected) {
        CompletableFuture<String> source = new CompletableFuture<>();
        CompletableFuture<String> dependent = source.thenApply(String::trim);
        source.completeExceptionally(stored);
        assertSame(expected, failureOf(dependent));
    }

    static Stream<Arguments> producers() {
        RuntimeException thrown = new IllegalArgumentException("bad input");
        return Stream.of(
                Arguments.of("thrown by thenApply",
                        (Supplier<CompletableFuture<String>>) () -> CompletableFuture.completedFuture("x")
                                .thenApply(x -> { throw thrown; }), thrown),
                Arguments.of("thrown by supplyAsync",
                        (Supplier<CompletableFuture<String>>) () -> CompletableFuture.supplyAsync(() -> { throw thrown; }),
                        thrown),
                Arguments.of("thrown by a thenCompose function",
                        (Supplier<CompletableFuture<String>>) () -> CompletableFuture.completedFuture("x")
                                .thenCompose(x -> { throw thrown; }), thrown),
                Arguments.of("a failed inner stage of thenCompose",
                        (Supplier<CompletableFuture<String>>) () -> CompletableFuture.completedFuture("x")
                                .thenCompose(x -> CompletableFuture.failedFuture(thrown)), thrown),
                Arguments.of("rethrown by handle as CompletionException",
                        (Supplier<CompletableFuture<String>>) () -> CompletableFuture.<String>failedFuture(thrown)
                                .handle((v, e) -> { throw new CompletionException(e); }), thrown));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("producers")
    void failuresRaisedInsideStages(String name, Supplier<CompletableFuture<String>> stage, Throwable expected) {
        CompletableFuture<String> source = stage.get();
        source.exceptionally(e -> null).join(); // wait for supplyAsync without asserting on timing
        assertSame(expected, failureOf(source));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cancelled")
    void cancellationSurfacesAsCancellationException(String name, CompletableFuture<String> stage) {
        Throwable failure = failureOf(stage);
        if (!(failure instanceof CancellationException)) {
            throw new AssertionError("expected CancellationException but got " + failure, failure);
        }
    }

    static Stream<Arguments> cancelled() {
        CompletableFuture<String> cancelled = new CompletableFuture<>();
        cancelled.cancel(false);
        CompletableFuture<String> source = new CompletableFuture<>();
        CompletableFuture<String> dependent = source.thenApply(String::trim);
        source.cancel(true);
        return Stream.of(Arguments.of("a cancelled source", cancelled),
                Arguments.of("a dependent of a cancelled source", dependent));
    }

    private static Throwable failureOf(CompletableFuture<String> source) {
        try (MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source))) {
            Poll<String> poll = task.poll();
            if (!poll.isFailed()) {
                throw new AssertionError("expected failed but was " + poll);
            }
            return poll.error();
        }
    }
}
