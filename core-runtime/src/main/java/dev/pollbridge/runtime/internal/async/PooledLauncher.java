package dev.pollbridge.runtime.internal.async;

import java.util.Objects;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

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
 * <p><b>Starvation.</b> The bound can deadlock a program whose running bodies all wait for bodies
 * that are still queued (a body awaiting an {@code Async} future starts that future's body, which
 * needs a thread of its own). The pool counts the bodies parked in a suspension
 * ({@link #suspended()}); when every one of its threads holds a parked body while bodies wait in
 * the queue, it reports that once, as a {@code WARNING} through {@link System.Logger} that names
 * the system property raising the bound. The condition can also be a passing one (the parked
 * bodies await timers or I/O and will move on), which is why it is a warning, not a failure.
 * Counting is two atomic increments per suspension; the check runs only when the count reaches
 * the bound, or on a launch that queues.
 */
public final class PooledLauncher implements BodyLauncher, AutoCloseable {

    /** Seconds an idle pool thread lives before it ends. */
    public static final long KEEP_ALIVE_SECONDS = 30;

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime.Async");

    private final ThreadPoolExecutor pool;
    /** Bodies on this pool's threads parked in a suspension now. */
    private final AtomicInteger parked = new AtomicInteger();
    /** Set once, when starvation was first reported. */
    private final AtomicBoolean starvationReported = new AtomicBoolean();
    /** Receives the starvation report (the log, or a test's list). */
    private final Consumer<String> starvationReport;

    /** A pool of at most {@code maxThreads} daemon threads named {@code namePrefix + n}. */
    public PooledLauncher(int maxThreads, String namePrefix) {
        this(maxThreads, namePrefix, message -> LOGGER.log(System.Logger.Level.WARNING, message));
    }

    /** As {@link #PooledLauncher(int, String)}, reporting starvation to {@code starvationReport}. */
    public PooledLauncher(int maxThreads, String namePrefix, Consumer<String> starvationReport) {
        this.starvationReport = Objects.requireNonNull(starvationReport, "starvationReport");
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
        if (parked.get() >= pool.getMaximumPoolSize()) {
            checkStarvation();
        }
    }

    @Override
    public void suspended() {
        if (parked.incrementAndGet() >= pool.getMaximumPoolSize()) {
            checkStarvation();
        }
    }

    @Override
    public void resumed() {
        parked.decrementAndGet();
    }

    /**
     * Reports, once, that every thread holds a parked body while bodies wait for a thread. Both
     * callers change one side (the parked count, the queue) and then read the other, so the last
     * change of the two sees the condition.
     */
    private void checkStarvation() {
        int queued = pool.getQueue().size();
        if (queued > 0 && parked.get() >= pool.getMaximumPoolSize() && starvationReported.compareAndSet(false, true)) {
            try {
                starvationReport.accept("all " + pool.getMaximumPoolSize() + " threads of the Async body pool ("
                        + "Java 17 fallback) hold a body suspended in Async.await, next or emit, while " + queued
                        + " bodies wait for a thread. If the suspended bodies wait for the queued ones (an await of an"
                        + " Async future started inside a body), this is a deadlock: raise the bound with -D"
                        + BodyLaunchers.MAX_THREADS_PROPERTY + "=N (now " + pool.getMaximumPoolSize() + "), run on"
                        + " Java 21+ (virtual threads), or fan out with plain futures (Futures.join) instead of nested"
                        + " bodies. Reported once.");
            } catch (Throwable broken) {
                // A logging backend that throws must not break the body that noticed.
            }
        }
    }

    /** Bodies on this pool parked in a suspension now. */
    public int parked() {
        return parked.get();
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
