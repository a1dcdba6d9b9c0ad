package dev.pollbridge.runtime.internal.async;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs bodies on a bounded pool of daemon platform threads: the fallback for Java 17.
 *
 * <p>At most {@code maxThreads} bodies run (or wait suspended) at once; each holds its thread
 * for its whole life, including while it is parked in an await. Bodies launched beyond the
 * bound wait in a FIFO queue and start as threads free up. The queue holds one entry per
 * polled, unstarted {@code Async} future, so its length is bounded by the futures the program
 * itself created; a cancelled body is {@linkplain #withdraw removed} from it. Idle threads end
 * after {@link #KEEP_ALIVE_SECONDS}; the threads are daemons, so the pool never keeps the JVM
 * alive.
 *
 * <p>The bound can deadlock a program whose running bodies all wait for bodies that are still
 * queued; the documentation of {@code Async} says so and names the system property that raises
 * the bound.
 */
public final class PooledLauncher implements BodyLauncher, AutoCloseable {

    /** Seconds an idle pool thread lives before it ends. */
    public static final long KEEP_ALIVE_SECONDS = 30;

    private final ThreadPoolExecutor pool;

    /** A pool of at most {@code maxThreads} daemon threads named {@code namePrefix + n}. */
    public PooledLauncher(int maxThreads, String namePrefix) {
        if (maxThreads <= 0) {
            throw new IllegalArgumentException("maxThreads must be positive: " + maxThreads);
        }
        AtomicLong counter = new AtomicLong();
        ThreadFactory daemons = runnable -> {
            Thread thread = new Thread(runnable, namePrefix + counter.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
        pool = new ThreadPoolExecutor(maxThreads, maxThreads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), daemons);
        pool.allowCoreThreadTimeOut(true);
    }

    @Override
    public void launch(Runnable body) {
        pool.execute(body);
    }

    @Override
    public void withdraw(Runnable body) {
        pool.remove(body);
    }

    @Override
    public boolean virtual() {
        return false;
    }

    /** The bound on running bodies. */
    public int maxThreads() {
        return pool.getMaximumPoolSize();
    }

    /** Bodies launched and not started yet. */
    public int queued() {
        return pool.getQueue().size();
    }

    /** Stops taking bodies; running ones finish. For pools made by tests; never blocks. */
    @Override
    public void close() {
        pool.shutdown();
    }

    @Override
    public String toString() {
        return "pool of " + maxThreads() + " platform threads";
    }
}
