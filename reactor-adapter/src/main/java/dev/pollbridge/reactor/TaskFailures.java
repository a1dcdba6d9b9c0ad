package dev.pollbridge.reactor;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.engine.UncaughtFailures;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import reactor.core.scheduler.Schedulers;

/**
 * Where a {@code Runnable} given to {@link RuntimeScheduler} goes when it throws: where Reactor's
 * own schedulers send it, mapped onto the runtime. A Reactor scheduler hands the failure to
 * {@code Schedulers.handleError}, which passes it to the thread's uncaught-exception handler and
 * then to the hook set with {@code Schedulers.onHandleError}. Here the runtime's uncaught-failure
 * handler ({@code PollRuntimeBuilder.uncaughtFailureHandler}, the same place as the failure of any
 * detached task) stands in for the thread's handler, and the {@code onHandleError} hook is called
 * as on Reactor's schedulers: each once per failure, in that order, on the worker that ran the
 * runnable.
 *
 * <h2>How the hook is reached</h2>
 * Reactor does not expose {@code handleError} or the hook it calls. It does call them, from its
 * public API, for a scheduler made with {@code Schedulers.fromExecutor} whose executor throws:
 * that scheduler reports the exception through {@code handleError} and then throws a
 * {@code RejectedExecutionException}. So {@link #report} schedules a no-op on such a scheduler
 * whose executor throws the failure, with the worker's uncaught-exception handler set to the
 * runtime's handler for the duration of that call (and put back after). Reactor's
 * {@code onScheduleHook} decorators see that no-op (they wrap it; it never runs). Per failure this
 * costs one small scheduler object; nothing on the path of a runnable that does not throw.
 */
final class TaskFailures {

    private static final Runnable NOTHING = () -> {};

    private TaskFailures() {}

    /**
     * Reports {@code error}, thrown by a scheduled runnable on the calling worker, to the runtime's
     * handler and to {@code Schedulers.onHandleError}, once each. Also once the runtime is closed.
     */
    static void report(PollRuntime runtime, Throwable error) {
        Thread thread = Thread.currentThread();
        Thread.UncaughtExceptionHandler own = explicitHandlerOf(thread);
        thread.setUncaughtExceptionHandler((failed, failure) -> UncaughtFailures.of(runtime)
                .report("a runnable given to the runtime's Reactor scheduler threw", failure));
        Executor failing = command -> {
            throw Sneaky.<RuntimeException>raise(error);
        };
        try {
            Schedulers.fromExecutor(failing).schedule(NOTHING);
        } catch (RejectedExecutionException expected) {
            // Reactor's answer once handleError has run: the executor "rejected" the task.
        } catch (Throwable hookFailure) {
            // The onHandleError hook threw: nothing else can take it (a runnable's failure must
            // not fail the worker's task).
            UncaughtFailures.of(runtime).report("a Schedulers.onHandleError hook threw", hookFailure);
        } finally {
            thread.setUncaughtExceptionHandler(own);
        }
    }

    /** The handler set on {@code thread}, or null (the getter answers its thread group then). */
    private static Thread.UncaughtExceptionHandler explicitHandlerOf(Thread thread) {
        Thread.UncaughtExceptionHandler handler = thread.getUncaughtExceptionHandler();
        return handler == thread.getThreadGroup() ? null : handler;
    }

    /** Throws any throwable from an executor, which may only throw unchecked ones. */
    private static final class Sneaky {
        @SuppressWarnings("unchecked")
        static <E extends Throwable> E raise(Throwable error) throws E {
            throw (E) error;
        }
    }
}
