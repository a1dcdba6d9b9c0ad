package dev.pollbridge.runtime.internal.async;

/**
 * Rethrows any {@link Throwable} as it is, checked or not, without declaring it: the compiler
 * treats the type variable as {@link RuntimeException}. Used where a failure must reach a user's
 * {@code catch} block as the same instance (an {@code Async.await} of a failed future).
 */
public final class Sneaky {

    private Sneaky() {}

    /**
     * Throws {@code error}. The declared return type lets callers write {@code throw rethrow(e)}
     * so that the compiler sees the path end.
     */
    public static RuntimeException rethrow(Throwable error) {
        throw Sneaky.<RuntimeException>throwAs(error);
    }

    @SuppressWarnings("unchecked")
    private static <X extends Throwable> X throwAs(Throwable error) throws X {
        throw (X) error;
    }
}
