package dev.pollbridge.runtime;

import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockTask;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one failure rule (docs/runtime.md, "Failures"): every method that throws a future's failure
 * into your code ({@code blockOn} on either flavour, {@code Async.await}, {@code Async.next})
 * rethrows an unchecked failure as the same instance and wraps a checked one in a
 * {@link CompletionException} whose cause is that instance, unless the method declares its type.
 * An {@code Async} body that lets such a wrapper escape fails its future with the original, so
 * failures cross nested bodies unchanged.
 */
class FailureRuleTest {

    private static PollRuntime workers;
    private static PollRuntime currentThread;

    @BeforeAll
    static void start() {
        workers = PollRuntime.builder().workers(1).threadNamePrefix("failure-rule-").build();
        currentThread = PollRuntime.builder().workers(0).build();
    }

    @AfterAll
    static void stop() {
        workers.close();
        currentThread.close();
    }

    /** A method that throws a failure into plain code; {@code thrower} returns what it threw. */
    record Boundary(String name, Function<Throwable, Throwable> thrower) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Boundary> boundaries() {
        return List.of(
                new Boundary("PollRuntime.blockOn", failure -> thrown(() -> workers.blockOn(Futures.failed(failure)))),
                new Boundary("PollRuntime.blockOn, workers(0)",
                        failure -> thrown(() -> currentThread.blockOn(Futures.failed(failure)))),
                new Boundary("Async.await", failure -> thrownInBody(() -> Async.await(Futures.failed(failure)))),
                new Boundary("Async.next", failure -> thrownInBody(() -> {
                    try (PollStream<Object> stream = Streams.failed(failure)) {
                        return Async.next(stream);
                    }
                })));
    }

    private static Throwable thrown(Callable<?> call) {
        try {
            call.call();
        } catch (Throwable thrown) {
            return thrown;
        }
        throw new AssertionError("nothing was thrown");
    }

    /** What {@code call} throws inside an Async body, carried out of the body as its value. */
    private static Throwable thrownInBody(Callable<?> call) {
        return workers.blockOn(Async.run(() -> thrown(call)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boundaries")
    void aCheckedFailureIsWrappedInACompletionExceptionCausedByTheSameInstance(Boundary boundary) {
        IOException checked = new IOException("disk on fire");
        Throwable thrown = boundary.thrower().apply(checked);
        assertInstanceOf(CompletionException.class, thrown);
        assertSame(checked, thrown.getCause());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boundaries")
    void anUncheckedFailureIsRethrownAsTheSameInstance(Boundary boundary) {
        IllegalArgumentException unchecked = new IllegalArgumentException("bad id");
        assertSame(unchecked, boundary.thrower().apply(unchecked));
        AssertionError error = new AssertionError("an Error");
        assertSame(error, boundary.thrower().apply(error));
        CompletionException alreadyWrapped = new CompletionException(new IOException("inner"));
        assertSame(alreadyWrapped, boundary.thrower().apply(alreadyWrapped));
    }

    @Test
    void theDeclaringAwaitRethrowsTheDeclaredTypeItselfAndFollowsTheRuleForOthers() {
        IOException declared = new IOException("declared");
        TimeoutException otherChecked = new TimeoutException("not declared");
        IllegalStateException unchecked = new IllegalStateException("unchecked");
        assertSame(declared, thrownInBody(() -> Async.await(Futures.failed(declared), IOException.class)));
        Throwable wrapped = thrownInBody(() -> Async.await(Futures.failed(otherChecked), IOException.class));
        assertInstanceOf(CompletionException.class, wrapped);
        assertSame(otherChecked, wrapped.getCause());
        assertSame(unchecked, thrownInBody(() -> Async.await(Futures.failed(unchecked), IOException.class)));
    }

    @Test
    void aBodyThatLetsTheWrapperEscapeFailsWithTheOriginalSoNestingAddsNoWrappers() {
        IOException checked = new IOException("deep");
        try (MockTask<Object> task = MockTask.spawn(Async.run(() -> Async.await(Futures.failed(checked))))) {
            assertSame(checked, assertFailed(pollToCompletion(task), IOException.class));
        }
        Throwable outer = thrown(() -> workers.blockOn(
                Async.run(() -> Async.await(Async.run(() -> Async.await(Futures.failed(checked)))))));
        assertInstanceOf(CompletionException.class, outer);
        assertSame(checked, outer.getCause());
        // A wrapper without a cause is an ordinary failure: it stays as it is.
        CompletionException causeless = new CompletionException("no cause", null);
        assertSame(causeless, assertThrows(CompletionException.class, () -> workers.blockOn(Async.run(() -> {
            throw causeless;
        }))));
    }
}
