package dev.pollbridge.runtime.internal.async;

import java.util.concurrent.CompletionException;

/**
 * The one rule for a future's failure thrown into plain code (docs/runtime.md, "Failures"), as
 * {@code CompletableFuture.join()} and Reactor's {@code block()} do it: an unchecked failure
 * ({@link RuntimeException}, {@link Error}) is thrown as the same instance; a checked one is
 * wrapped in a {@link CompletionException} whose cause is that instance, unless the method
 * declares its type. {@code PollRuntime.blockOn}, {@code Async.await} and {@code Async.next} use it.
 */
public final class Failures {

    private Failures() {}

    /**
     * What a method that declares no checked exception throws for {@code failure}: an
     * {@link Error} is thrown from here; the returned exception is for {@code throw}, so that the
     * compiler sees the path end.
     */
    public static RuntimeException unchecked(Throwable failure) {
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure instanceof RuntimeException unchecked) {
            return unchecked;
        }
        return new CompletionException(failure);
    }

    /** As {@link #unchecked}, except that a {@code declared} failure is thrown as it is. */
    public static <X extends Throwable> RuntimeException declaring(Throwable failure, Class<X> declared) throws X {
        if (declared.isInstance(failure)) {
            throw declared.cast(failure);
        }
        return unchecked(failure);
    }

    /**
     * The failure an {@code Async} body's future fails with when the body throws {@code thrown}:
     * the cause of a {@link CompletionException} (what {@link #unchecked} wrapped on the way out
     * of an await the body did not catch), else {@code thrown} itself. So a failure crosses any
     * number of nested bodies as the same instance.
     */
    public static Throwable unwrapped(Throwable thrown) {
        Throwable failure = thrown;
        while (failure instanceof CompletionException && failure.getCause() != null) {
            failure = failure.getCause();
        }
        return failure;
    }
}
