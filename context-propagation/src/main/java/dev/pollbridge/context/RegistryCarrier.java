package dev.pollbridge.context;

import dev.pollbridge.runtime.internal.async.ThreadCarrier;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;

/**
 * Carries the thread-locals of Micrometer's global {@code ContextRegistry} (SLF4J's MDC, tracing,
 * security: whatever has a {@code ThreadLocalAccessor} there) into {@code Async} bodies, in both
 * modes: a body sees, at every resume, the values of the poll that resumes it, and what it sets
 * is put back as it was when it suspends, so nothing leaks to a worker's next task. Found by the
 * runtime through {@link java.util.ServiceLoader} when this module is on the class or module path;
 * nothing to configure. Snapshots are taken with {@code clearMissing}, so a value absent from the
 * poll is absent in the body too.
 */
public final class RegistryCarrier implements ThreadCarrier {

    private final ContextSnapshotFactory snapshots = ContextSnapshotFactory.builder().clearMissing(true).build();

    /** The provider the runtime's {@code ServiceLoader} instantiates. */
    public RegistryCarrier() {}

    @Override
    public Object capture() {
        return snapshots.captureAll();
    }

    @Override
    public AutoCloseable install(Object snapshot) {
        return ((ContextSnapshot) snapshot).setThreadLocals();
    }
}
