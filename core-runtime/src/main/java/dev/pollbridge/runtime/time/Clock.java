package dev.pollbridge.runtime.time;

/**
 * The runtime's source of monotonic time. The default is {@link #system()}; tests install a
 * virtual clock that they advance by hand, so that timers fire without real waiting.
 *
 * <p>Implementations are thread-safe; {@link #nanoTime()} never blocks and never goes backwards.
 */
public interface Clock {

    /**
     * Monotonic time in nanoseconds, with an arbitrary origin (like {@link System#nanoTime()}).
     *
     * @return the current time in nanoseconds
     */
    long nanoTime();

    /**
     * The real monotonic clock, {@link System#nanoTime()}.
     *
     * @return the system clock
     */
    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
