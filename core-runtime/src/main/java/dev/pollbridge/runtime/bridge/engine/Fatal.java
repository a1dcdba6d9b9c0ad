package dev.pollbridge.runtime.bridge.engine;

/**
 * Which throwables the bridges never turn into ordinary signals: the JVM-fatal errors, the set of
 * RxJava's {@code Exceptions.throwIfFatal} and Reactor's {@code Exceptions.throwIfJvmFatal}
 * ({@link VirtualMachineError}: out of memory, stack overflow, internal error;
 * {@link LinkageError}: a class that fails to load, link or initialize; {@link ThreadDeath}).
 *
 * <p>The rule ({@code docs/reliability.md}, "JVM-fatal errors"): on a thread the bridge does not
 * own (the poll that subscribes or requests, the subscribing thread, a publisher's signalling
 * thread) a fatal error propagates, as RxJava's and Reactor's {@code subscribe} throw it; on a
 * runtime thread of the bridge (the task that drives a subscription) and in every {@code close()},
 * {@code cancel()} and {@code dispose()} (which never throw), it goes to the direction's failure
 * sink, exactly once, and a subscriber waiting for the outcome also gets it as its error. It never
 * escapes into a runtime worker.
 */
public final class Fatal {

    private Fatal() {}

    /** True if {@code error} is JVM-fatal (see the class comment). */
    @SuppressWarnings("removal") // ThreadDeath: RxJava and Reactor still count it
    public static boolean isFatal(Throwable error) {
        return error instanceof VirtualMachineError || error instanceof LinkageError || error instanceof ThreadDeath;
    }

    /** Rethrows {@code error} if it is JVM-fatal; everything else is the caller's to turn into a signal. */
    public static void rethrowIfFatal(Throwable error) {
        if (isFatal(error)) {
            throw (Error) error;
        }
    }
}
