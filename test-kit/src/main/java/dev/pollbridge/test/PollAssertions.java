package dev.pollbridge.test;

import dev.pollbridge.api.Poll;
import java.util.Objects;

/**
 * Assertions on {@link Poll} results. They throw {@link AssertionError}, so they work under any
 * test framework.
 */
public final class PollAssertions {

    private PollAssertions() {}

    /**
     * Asserts {@code pending}.
     *
     * @param poll the poll to check
     */
    public static void assertPending(Poll<?> poll) {
        if (!poll.isPending()) {
            throw new AssertionError("expected pending but was " + poll, errorOf(poll));
        }
    }

    /**
     * Asserts {@code ready} with any value, and returns the value.
     *
     * @param <T> the value type
     * @param poll the poll to check
     * @return the ready value, possibly {@code null}
     */
    public static <T> T assertReady(Poll<T> poll) {
        if (!poll.isReady()) {
            throw new AssertionError("expected ready but was " + poll, errorOf(poll));
        }
        return poll.value();
    }

    /**
     * Asserts {@code ready(expected)} (by {@link Objects#equals}).
     *
     * @param <T> the value type
     * @param poll the poll to check
     * @param expected the value it must carry
     */
    public static <T> void assertReady(Poll<T> poll, T expected) {
        T actual = assertReady(poll);
        if (!Objects.equals(actual, expected)) {
            throw new AssertionError("expected ready(" + expected + ") but was " + poll);
        }
    }

    /**
     * Asserts {@code failed} with an error of the given type, and returns the error.
     *
     * @param <E> the expected failure type
     * @param poll the poll to check
     * @param type the class the failure must be an instance of
     * @return the failure
     */
    public static <E extends Throwable> E assertFailed(Poll<?> poll, Class<E> type) {
        if (!poll.isFailed()) {
            throw new AssertionError("expected failed(" + type.getName() + ") but was " + poll);
        }
        Throwable error = poll.error();
        if (!type.isInstance(error)) {
            throw new AssertionError("expected failed(" + type.getName() + ") but was " + poll, error);
        }
        return type.cast(error);
    }

    /**
     * Asserts {@code done} (the normal end of a stream).
     *
     * @param poll the poll to check
     */
    public static void assertDone(Poll<?> poll) {
        if (!poll.isDone()) {
            throw new AssertionError("expected done but was " + poll, errorOf(poll));
        }
    }

    private static Throwable errorOf(Poll<?> poll) {
        return poll.isFailed() ? poll.error() : null;
    }
}
