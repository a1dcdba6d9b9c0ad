package dev.pollbridge.runtime.sync;

/**
 * A {@link BroadcastReceiver} fell so far behind that values it had not received were overwritten
 * (Tokio's {@code RecvError::Lagged(n)}): {@link #missed()} says how many. The receiver has
 * already moved on to the oldest value the channel still holds, so the next receive returns it.
 * A signal, not a bug: it carries no stack trace.
 */
public final class LaggedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** How many values the receiver lost. */
    private final long missed;

    /**
     * An exception for {@code missed} lost values.
     *
     * @param missed how many values the receiver lost, at least 1
     */
    public LaggedException(long missed) {
        super("the receiver lagged behind and missed " + missed + " value" + (missed == 1 ? "" : "s"), null, false, false);
        this.missed = missed;
    }

    /**
     * How many values the receiver lost.
     *
     * @return the number of values overwritten before the receiver took them
     */
    public long missed() {
        return missed;
    }
}
