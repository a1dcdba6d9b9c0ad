package dev.pollbridge.runtime.internal.async;

/**
 * Chooses the process-wide launcher for {@code Async} bodies, once, when first used.
 *
 * <p>Virtual threads when the JDK has them (Java 21+), unless the system property
 * {@value #VIRTUAL_PROPERTY} is {@code false}; otherwise a {@link PooledLauncher} whose bound is
 * the system property {@value #MAX_THREADS_PROPERTY} (default {@value #DEFAULT_MAX_THREADS}).
 */
public final class BodyLaunchers {

    /** Set to {@code false} to use the platform-thread pool even where virtual threads exist. */
    public static final String VIRTUAL_PROPERTY = "dev.pollbridge.async.virtualThreads";
    /** The bound of the platform-thread pool. */
    public static final String MAX_THREADS_PROPERTY = "dev.pollbridge.async.maxPlatformThreads";
    /** The bound of the platform-thread pool when the property is not set. */
    public static final int DEFAULT_MAX_THREADS = 256;

    private static final String THREAD_NAME_PREFIX = "pollbridge-async-";

    private BodyLaunchers() {}

    /** The launcher every {@code Async} body uses. */
    public static BodyLauncher defaultLauncher() {
        return Holder.DEFAULT;
    }

    /** Lazy holder: detection runs on first use, not when the runtime module loads. */
    private static final class Holder {
        static final BodyLauncher DEFAULT = choose();
    }

    private static BodyLauncher choose() {
        boolean allowVirtual = !"false".equalsIgnoreCase(System.getProperty(VIRTUAL_PROPERTY, "true"));
        if (allowVirtual) {
            var virtual = VirtualThreadLauncher.find(THREAD_NAME_PREFIX);
            if (virtual.isPresent()) {
                return virtual.get();
            }
        }
        int maxThreads = Integer.getInteger(MAX_THREADS_PROPERTY, DEFAULT_MAX_THREADS);
        if (maxThreads <= 0) {
            throw new IllegalArgumentException(MAX_THREADS_PROPERTY + " must be positive: " + maxThreads);
        }
        return new PooledLauncher(maxThreads, THREAD_NAME_PREFIX);
    }
}
