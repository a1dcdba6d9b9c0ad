package dev.pollbridge.runtime.internal.async;

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Thread-locals that {@code Async} bodies carry (rule A4): those of a registry the runtime does
 * not know itself, such as Micrometer's {@code ContextRegistry} (SLF4J's MDC, tracing), provided
 * by {@code pollbridge-context-propagation} through {@link ServiceLoader}. Without a provider on
 * the class or module path, bodies carry task-locals only.
 *
 * <ul>
 *   <li>Thread mode: each owner poll {@link #capture}s the values on the owner's thread, and the
 *       body thread {@link #install}s the latest capture whenever it resumes, undoing it when it
 *       suspends again.
 *   <li>Continuation mode: the body runs inside its owner's poll and sees that poll's values as
 *       they are; a scope over them opened when it resumes ({@code install(capture())}) is closed
 *       when it suspends, which puts back what the poll had, so nothing the body set leaks to the
 *       worker's next task.
 * </ul>
 */
public interface ThreadCarrier {

    /** The carried thread-locals of the calling thread, as an immutable snapshot. */
    Object capture();

    /**
     * Sets the values of {@code snapshot} on the calling thread, clearing carried thread-locals
     * that it lacks; the returned scope puts back what the thread had.
     */
    AutoCloseable install(Object snapshot);

    /** The provider found on the class or module path, or null. Looked up once. */
    static ThreadCarrier loaded() {
        return Holder.LOADED;
    }

    /** Lazy holder: the lookup runs when the first body starts. */
    final class Holder {
        static final ThreadCarrier LOADED = find();

        private Holder() {}

        private static ThreadCarrier find() {
            try {
                Iterator<ThreadCarrier> providers =
                        ServiceLoader.load(ThreadCarrier.class, ThreadCarrier.class.getClassLoader()).iterator();
                return providers.hasNext() ? providers.next() : null;
            } catch (ServiceConfigurationError | RuntimeException broken) {
                System.getLogger("dev.pollbridge.runtime.Async").log(System.Logger.Level.WARNING,
                        "a ThreadCarrier provider could not be loaded; Async bodies carry task-locals only", broken);
                return null;
            }
        }
    }
}
