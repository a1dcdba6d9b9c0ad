package dev.pollbridge.runtime.internal.bridge;

/** Which throwables the bridges never turn into signals. */
final class Fatal {

    private Fatal() {}

    /**
     * Rethrows a {@link VirtualMachineError} (out of memory, stack overflow, internal error):
     * the JVM is in no state to deliver it as an {@code onError} or a failed poll. Everything
     * else is the caller's to turn into a signal.
     */
    static void rethrowIfFatal(Throwable error) {
        if (error instanceof VirtualMachineError) {
            throw (VirtualMachineError) error;
        }
    }
}
