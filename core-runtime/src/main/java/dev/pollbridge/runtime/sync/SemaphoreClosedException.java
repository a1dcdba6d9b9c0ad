package dev.pollbridge.runtime.sync;

/**
 * A {@link Semaphore} was closed: an acquire that was waiting fails with this, and so does every
 * later acquire or {@code tryAcquire}. Permits held when it closed stay valid and may still be
 * released.
 */
public final class SemaphoreClosedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * An exception with the given message.
     *
     * @param message the detail message
     */
    public SemaphoreClosedException(String message) {
        super(message);
    }
}
