package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.runtime.internal.task.UnwindScopes;

/**
 * Rule A4 for continuation-mode bodies: the carried thread-locals ({@link ThreadCarrier}, such as
 * MDC) are those of the poll that resumes the body, and whatever the body sets in them is put back
 * when it suspends, so nothing it set is left on the worker for its next task.
 */
final class BodyThreadLocals {

    private BodyThreadLocals() {}

    /** A scope over the carried thread-locals as they are now (the poll's); null without a carrier. Never throws. */
    static AutoCloseable enter(Fiber body) {
        ThreadCarrier carrier = ThreadCarrier.loaded();
        if (carrier == null) {
            return null;
        }
        try {
            return carrier.install(carrier.capture());
        } catch (Throwable broken) {
            Endings.report(broken, "capturing thread-locals for " + body.describe(), UnwindScopes.current());
            return null;
        }
    }

    /** Puts the carried thread-locals back as they were at {@link #enter}. Never throws. */
    static void exit(AutoCloseable scope, Fiber body) {
        if (scope == null) {
            return;
        }
        try {
            scope.close();
        } catch (Throwable broken) {
            Endings.report(broken, "restoring thread-locals after " + body.describe(), UnwindScopes.current());
        }
    }
}
