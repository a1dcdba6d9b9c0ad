package dev.pollbridge.runtime.internal.task;

/**
 * Finds the {@link UnwindScope} in charge of the calling thread (rule T11): the task being polled
 * or closed here, else the scope a thread installed for itself (the engine of a runtime whose
 * {@code blockOn} it is in, an {@code Async} body thread), else none.
 */
public final class UnwindScopes {

    /** Scopes installed by threads that are not inside a task's poll or close. Own thread only. */
    private static final ThreadLocal<UnwindScope> INSTALLED = new ThreadLocal<>();

    private UnwindScopes() {}

    /** The scope a body cancelled on this thread registers with, or null (nobody waits for it). */
    public static UnwindScope current() {
        Task<?> task = Task.current();
        return task != null ? task : INSTALLED.get();
    }

    /** The scope this thread installed for itself (outside any task), or null. */
    public static UnwindScope installed() {
        return INSTALLED.get();
    }

    /** Installs {@code scope} on this thread; returns the previous one for {@link #restore}. */
    public static UnwindScope install(UnwindScope scope) {
        UnwindScope previous = INSTALLED.get();
        INSTALLED.set(scope);
        return previous;
    }

    /** Puts back what {@link #install} returned. */
    public static void restore(UnwindScope previous) {
        if (previous == null) {
            INSTALLED.remove();
        } else {
            INSTALLED.set(previous);
        }
    }
}
