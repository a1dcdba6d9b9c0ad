package dev.pollbridge.runtime.internal.task;

import java.util.List;

/**
 * One cancelled {@code Async} body that is still unwinding, as registered with an
 * {@link UnwindScope} (rule T11). Immutable apart from the set it belongs to.
 */
public final class Unwind {

    private final UnwindSet set;
    private final String body;

    Unwind(UnwindSet set, String body) {
        this.set = set;
        this.body = body;
    }

    /**
     * Called once, on the body's thread, after the body's last {@code finally} ran.
     * {@code cleanupFailures} are what its cleanup threw (empty if nothing); they are attached to
     * the cancellation a joiner will see, or reported. Never throws.
     */
    public void ended(List<Throwable> cleanupFailures) {
        set.ended(this, cleanupFailures);
    }

    /** The body's name, for reports. */
    public String body() {
        return body;
    }

    @Override
    public String toString() {
        return body;
    }
}
