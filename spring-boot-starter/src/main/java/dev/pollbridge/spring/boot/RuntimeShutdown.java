package dev.pollbridge.spring.boot;

import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.Objects;
import org.springframework.beans.factory.DisposableBean;

/**
 * Shuts the starter's runtime down when the application context closes
 * ({@code pollbridge.shutdown.await-termination-period}). A bean that depends on the runtime, so
 * Spring destroys it first, after the context's lifecycle beans stopped (the web server has
 * stopped taking requests, and drained them if Boot's graceful shutdown is on): with a period it
 * waits that long for the runtime's tasks to finish ({@link PollRuntime#shutdownGracefully}), then
 * aborts the rest; with none it aborts them at once ({@link PollRuntime#close()}). Either way each
 * task's future is closed exactly once and every runtime thread has ended when it returns.
 */
final class RuntimeShutdown implements DisposableBean {

    private static final System.Logger LOGGER = System.getLogger(RuntimeShutdown.class.getName());

    private final PollRuntime runtime;
    private final Duration awaitTermination;

    RuntimeShutdown(PollRuntime runtime, Duration awaitTermination) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.awaitTermination = Objects.requireNonNull(awaitTermination, "awaitTermination");
        if (awaitTermination.isNegative()) {
            throw new IllegalArgumentException(
                    "pollbridge.shutdown.await-termination-period must not be negative, was " + awaitTermination);
        }
    }

    @Override
    public void destroy() {
        if (awaitTermination.isZero()) {
            runtime.close();
        } else if (!runtime.shutdownGracefully(awaitTermination)) {
            LOGGER.log(System.Logger.Level.WARNING, "Pollbridge runtime {0}: tasks still running after {1} "
                    + "(pollbridge.shutdown.await-termination-period) were aborted", runtime, awaitTermination);
        }
    }
}
