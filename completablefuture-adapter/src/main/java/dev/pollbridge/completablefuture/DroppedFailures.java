package dev.pollbridge.completablefuture;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.Runtime;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;

/**
 * Where this adapter sends a failure nobody waits for: a {@code close()} or a
 * {@code cancel(false)} that threw (rule 11: close never throws). The same place as the generic
 * Reactive Streams bridges: the uncaught-failure handler of the runtime running the calling
 * thread, as the failure of a detached task; on a thread of no runtime (or a closed one), an
 * {@code ERROR} line through {@link System.Logger}. The exception goes on as it was thrown; a
 * {@link CancellationException}, which the runtime never reports, is wrapped in an
 * {@link IllegalStateException}.
 */
final class DroppedFailures {

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.completablefuture");

    private DroppedFailures() {}

    /** Reports {@code failure}; {@code what} says what happened. Rethrows only a {@link VirtualMachineError}. */
    static void report(String what, Throwable failure) {
        if (failure instanceof VirtualMachineError) {
            throw (VirtualMachineError) failure;
        }
        Optional<Runtime> runtime = Runtime.current();
        if (runtime.isPresent()) {
            Throwable reportable = failure instanceof CancellationException
                    ? new IllegalStateException(what, failure)
                    : failure;
            try {
                runtime.get().spawn(Futures.failed(reportable)).close(); // detached: to the handler
                return;
            } catch (RejectedExecutionException closed) {
                // The runtime is closing: log instead.
            }
        }
        LOGGER.log(System.Logger.Level.ERROR, what, failure);
    }
}
