package dev.pollbridge.test.runtime;

import dev.pollbridge.runtime.PollRuntime;

/**
 * Runs a test runtime's queued tasks for a linked virtual-time scheduler, at the instant its
 * clock reads then. Not from inside one of the runtime's own tasks (a scheduler task run inline
 * by a task's poll): the {@code runUntilIdle} that runs that task runs the rest too.
 */
final class Settle {

    private Settle() {}

    static Runnable of(TestRuntime runtime) {
        return () -> {
            if (PollRuntime.current().filter(current -> current == runtime.runtime()).isEmpty()) {
                runtime.runUntilIdle();
            }
        };
    }
}
