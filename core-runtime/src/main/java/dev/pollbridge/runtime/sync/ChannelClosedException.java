package dev.pollbridge.runtime.sync;

/**
 * A channel was closed: sending to a closed {@link Channel} fails with this, and receiving from it
 * fails with this once it is also drained. A {@link Promise} is a one-shot channel: its reader
 * fails with this when the producer {@linkplain Promise#close() closed} it without a value.
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
