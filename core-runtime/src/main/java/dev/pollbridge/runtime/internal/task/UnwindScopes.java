package dev.pollbridge.runtime.internal.task;

import java.util.function.BiConsumer;

/**
 * Finds the {@link UnwindScope} in charge of the calling thread (rule T11): the task being polled
 * or closed here, else the scope a thread installed for itself (the engine of a runtime whose
 * {@code blockOn} it is in, an {@code Async} body thread), else none.
 */
public final class UnwindScopes {

    /** Where failures of bodies cancelled by the close running on this thread go, if the closer named a place. */
    private static final ThreadLocal<BiConsumer<String, Throwable>> CANCEL_SINK = new ThreadLocal<>();

    private UnwindScopes() {}

    /**
     * Closes {@code target} with {@code sink} in charge of the failures of the {@code Async}
     * bodies the close cancels: what such a body throws after its cancellation (other than the
     * cancellation itself), now or when it ends, goes to {@code sink} instead of the scope's
     * uncaught-failure path. For adapters whose errors after cancellation have a hook of their
     * own (Reactor's {@code Hooks.onErrorDropped}, RxJava's {@code RxJavaPlugins.onError}).
     *
     * @throws Exception what {@code target.close()} throws
     */
    public static void closeReporting(AutoCloseable target, BiConsumer<String, Throwable> sink) throws Exception {
        BiConsumer<String, Throwable> previous = CANCEL_SINK.get();
        CANCEL_SINK.set(sink);
        try {
            target.close();
        } finally {
            if (previous == null) {
                CANCEL_SINK.remove();
            } else {
                CANCEL_SINK.set(previous);
            }
        }
    }

    /** The sink of {@link #closeReporting} in force on this thread, or null. */
    public static BiConsumer<String, Throwable> cancelSink() {
        return CANCEL_SINK.get();
    }

    /** The scope a body cancelled on this thread registers with, or null (nobody waits for it). */
    public static UnwindScope current() {
        Thread thread = Thread.currentThread();
        Task<?> task = thread instanceof BudgetedThread ? ((BudgetedThread) thread).currentTask : null;
        if (task != null) {
            return task;
        }
        ForeignThreadState here = ForeignThreadState.current(); // one lookup for the task and the scope
        return here.currentTask != null ? here.currentTask : here.installed;
    }

    /** The scope this thread installed for itself (outside any task), or null. */
    public static UnwindScope installed() {
        return ForeignThreadState.current().installed;
    }

    /** Installs {@code scope} on this thread; returns the previous one for {@link #restore}. */
    public static UnwindScope install(UnwindScope scope) {
        return ForeignThreadState.current().install(scope);
    }

    /**
     * Puts back what {@link #install} returned. The thread's {@link ForeignThreadState} stays, so
     * the next {@code blockOn} on this thread finds it instead of creating an entry (which also
     * makes {@code ThreadLocalMap} scan and clean its table); with a null scope it keeps no engine
     * alive.
     */
    public static void restore(UnwindScope previous) {
        ForeignThreadState.current().restore(previous);
    }
}
