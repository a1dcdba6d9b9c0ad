package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Dropped;

/**
 * The uncaught-failure sink of runtime code that may run on any thread and holds no runtime of
 * its own. A runtime in hand reports through {@code PollRuntime.reportUncaught} (the facade) or
 * {@link Engine#reportUncaught} (the engine). Any thread; never throws.
 */
public final class RuntimeFailures {

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime");

    /**
     * The sink of runtime code that may run on any thread (a channel, a promise, a task scope, an
     * {@code Async} body): a failure goes to the uncaught-failure handler of the runtime running
     * the calling thread when it is reported ({@link Engine#current()}: a worker, a thread in
     * {@code blockOn}), else to {@link System.Logger} at {@code WARNING}. The one line a runtime
     * producer drops a value with: {@code Dropped.close(value, what, RuntimeFailures.CURRENT_THREAD)}.
     */
    public static final Dropped.Sink CURRENT_THREAD = RuntimeFailures::reportOnCurrentThread;

    private RuntimeFailures() {}

    private static void reportOnCurrentThread(String source, Throwable failure) {
        Engine engine = Engine.current();
        if (engine != null) {
            engine.reportUncaught(failure, source);
        } else {
            LOGGER.log(System.Logger.Level.WARNING, source + " threw", failure);
        }
    }
}
