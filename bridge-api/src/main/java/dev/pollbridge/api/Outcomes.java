package dev.pollbridge.api;

/** The errors and casts every combinator shares, so each message is written once. */
final class Outcomes {

    private Outcomes() {}

    /** Rule 9: polling a future after ready or failed is a caller bug (the message says the fix). */
    static IllegalStateException polledAfterCompletion(String combinator) {
        return SingleUse.polledAfter(combinator, "it completed");
    }

    /** Rule 9: polling a stream after done or failed is a caller bug (the message says the fix). */
    static IllegalStateException polledAfterEnd(String combinator) {
        return SingleUse.polledAfter(combinator, "it ended");
    }

    /** Polling a combinator its owner already closed is a caller bug too. */
    static IllegalStateException polledAfterClose(String combinator) {
        return SingleUse.polledAfter(combinator, "close()");
    }

    /** The failure of a stream consumer that received {@code ready(null)}. */
    static NullPointerException nullItem(String combinator) {
        return new NullPointerException(
                combinator + ": the upstream stream yielded a null item (stream items must not be null)");
    }

    /**
     * Rethrows errors no future should turn into a value (the JVM is in trouble); every other
     * throwable from a user function becomes the combinator's failure.
     */
    static Throwable userFailure(Throwable error) {
        if (error instanceof VirtualMachineError || error instanceof LinkageError) {
            throw (Error) error;
        }
        return error;
    }

    /**
     * A poll of a child typed as {@code Poll<? extends T>}, seen as {@code Poll<T>}. Safe because
     * a {@link Poll} is immutable: it only ever hands its value out.
     */
    @SuppressWarnings("unchecked")
    static <T> Poll<T> widen(Poll<? extends T> poll) {
        return (Poll<T>) poll;
    }
}
