package dev.pollbridge.reactor;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.internal.bridge.UncaughtFailures;
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
     * Hands {@code error} to the runtime's handler directly, on the calling thread (the worker
     * that ran the runnable), also once the runtime is closed. JVM-fatal errors are rethrown.
     */
    static void report(Runtime runtime, Throwable error) {
        Exceptions.throwIfJvmFatal(error);
        UncaughtFailures.of(runtime).report("a runnable given to the runtime's Reactor scheduler threw", error);
    }
}
