package dev.pollbridge.api;

/**
 * Tells a task that one of the futures it polls may now make progress, so it should be polled
 * again.
 *
 * <p><b>Thread safety.</b> {@link #wake()} may be called from any thread, any number of times,
 * before, during or after the poll that registered it. Wakes coalesce: ten calls may cause a
 * single poll (rule 8). A wake carries no value; the next poll reads the value from properly
 * synchronised state.
 *
 * <p><b>What implementations must do.</b> {@code wake()} never polls the task inline and never
 * blocks: it marks the task runnable and, at most, hands it to an executor queue or unparks a
 * thread. It must not throw.
 */
@FunctionalInterface
public interface Waker {

    /** Asks for the owning task to be polled again. Never blocks, never throws. */
    void wake();

    /**
     * A waker that does nothing; for futures known to be ready on their first poll.
     *
     * @return the shared no-op waker
     */
    static Waker noop() {
        return NoopWaker.INSTANCE;
    }
}
