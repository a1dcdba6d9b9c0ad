package dev.pollbridge.runtime;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Hooks the runtime's logger the way a logging backend sits behind {@link System.Logger}: a
 * {@code java.util.logging} filter (the default backend) on the logger named after
 * {@link PollRuntime}, consulted on every record. It records the messages logged from threads with a
 * given name prefix, or throws instead, as a broken backend would. Close it to remove it.
 *
 * <p>The filter is installed through reflection because the tests compile inside the runtime's
 * module, which does not read {@code java.logging} (core reflection needs no read edge).
 */
public final class LogCapture implements AutoCloseable {

    private final Object logger;
    private final Method setFilter;
    private final List<String> messages = new CopyOnWriteArrayList<>();

    private LogCapture(String prefix, RuntimeException toThrow) {
        try {
            Class<?> loggerClass = Class.forName("java.util.logging.Logger");
            Class<?> filterClass = Class.forName("java.util.logging.Filter");
            Class<?> recordClass = Class.forName("java.util.logging.LogRecord");
            Method getMessage = recordClass.getMethod("getMessage");
            logger = loggerClass.getMethod("getLogger", String.class).invoke(null, PollRuntime.class.getName());
            setFilter = loggerClass.getMethod("setFilter", filterClass);
            Object filter = Proxy.newProxyInstance(filterClass.getClassLoader(), new Class<?>[] {filterClass},
                    (proxy, method, args) -> {
                        if (!method.getName().equals("isLoggable")) {
                            return method.invoke(this, args); // Object methods
                        }
                        if (Thread.currentThread().getName().startsWith(prefix)) {
                            if (toThrow != null) {
                                throw toThrow;
                            }
                            messages.add((String) getMessage.invoke(args[0]));
                        }
                        return true;
                    });
            setFilter.invoke(logger, filter);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("java.util.logging is not the System.Logger backend", e);
        }
    }

    /** Records the runtime's log messages written on threads whose name starts with {@code prefix}. */
    public static LogCapture recording(String prefix) {
        return new LogCapture(prefix, null);
    }

    /** Throws {@code failure} from every log call made on threads whose name starts with {@code prefix}. */
    public static LogCapture throwing(String prefix, RuntimeException failure) {
        return new LogCapture(prefix, failure);
    }

    /** The messages recorded so far. */
    public List<String> messages() {
        return List.copyOf(messages);
    }

    @Override
    public void close() {
        try {
            setFilter.invoke(logger, (Object) null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
