package dev.pollbridge.runtime.sync;

/**
 * A {@link Channel} was closed: sending to it fails with this, and receiving from it fails with
 * this once it is also drained.
 */
public final class ChannelClosedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * An exception with the given message.
     *
     * @param message what was attempted on the closed channel
     */
    public ChannelClosedException(String message) {
        super(message);
    }
}
