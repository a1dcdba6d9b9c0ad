package dev.pollbridge.reactor;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.Runtime;
import java.util.concurrent.RejectedExecutionException;
import reactor.core.Exceptions;

/**
 * Where a {@code Runnable} given to {@link RuntimeScheduler} goes when it throws: to the
 * runtime's uncaught-failure handler ({@code RuntimeBuilder.uncaughtFailureHandler}), the same
 * place as the failure of any detached task. Reactor's own schedulers send such failures to
 * {@code Schedulers.onHandleError} and the thread's uncaught-exception handler; a Pollbridge
 * runtime has one handler for all of its tasks, and a scheduled runnable is one of them.
 */
final class TaskFailures {

    private TaskFailures() {}

    /**
     * Reports {@code error} through a detached failed task, so the runtime's handler receives
     * it on a runtime thread. If the runtime is already closed, the calling thread's
     * uncaught-exception handler receives it instead. JVM-fatal errors are rethrown.
     */
    static void report(Runtime runtime, Throwable error) {
        Exceptions.throwIfJvmFatal(error);
        try {
            runtime.spawn(Futures.failed(error)).close();
        } catch (RejectedExecutionException closed) {
            Thread thread = Thread.currentThread();
            thread.getUncaughtExceptionHandler().uncaughtException(thread, error);
        }
    }
}
