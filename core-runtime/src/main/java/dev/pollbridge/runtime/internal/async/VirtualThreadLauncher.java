package dev.pollbridge.runtime.internal.async;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;

/**
 * Starts each body on a new virtual thread (Java 21+).
 *
 * <p>The jar is compiled with {@code --release 17}, so {@code Thread.ofVirtual()} cannot be named
 * in source. {@link #find(String)} looks it up by reflection once and keeps the
 * {@link ThreadFactory} of a {@code Thread.Builder.OfVirtual}; that factory is documented as safe
 * for concurrent use. On Java 17 the method does not exist, and on Java 19/20 without
 * {@code --enable-preview} it throws; either way {@link #find} returns empty.
 */
final class VirtualThreadLauncher implements BodyLauncher {

    private final ThreadFactory factory;

    private VirtualThreadLauncher(ThreadFactory factory) {
        this.factory = factory;
    }

    /** A launcher naming its threads {@code prefix0, prefix1, ...}, if this JDK has virtual threads. */
    static Optional<BodyLauncher> find(String prefix) {
        try {
            Method ofVirtual = Thread.class.getMethod("ofVirtual");
            Object builder = ofVirtual.invoke(null);
            Class<?> builderType = Class.forName("java.lang.Thread$Builder");
            builder = builderType.getMethod("name", String.class, long.class).invoke(builder, prefix, 0L);
            ThreadFactory factory = (ThreadFactory) builderType.getMethod("factory").invoke(builder);
            return Optional.of(new VirtualThreadLauncher(factory));
        } catch (NoSuchMethodException | ClassNotFoundException | IllegalAccessException
                | InvocationTargetException | RuntimeException unavailable) {
            // Java 17/18 (no such method) or 19/20 without preview (UnsupportedOperationException).
            return Optional.empty();
        }
    }

    @Override
    public void launch(Runnable body) {
        factory.newThread(body).start();
    }

    @Override
    public void withdraw(Runnable body) {
        // A virtual thread starts at once; the body sees the cancellation when it begins.
    }

    @Override
    public boolean virtual() {
        return true;
    }

    @Override
    public String toString() {
        return "virtual threads";
    }
}
