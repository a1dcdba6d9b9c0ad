package dev.pollbridge.runtime.internal.scheduler;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;

/**
 * Makes every thread a runtime starts: its workers, its timer thread, its blocking-pool threads
 * and its stuck-worker watchdog.
 *
 * <ul>
 *   <li>Without a thread factory ({@link EngineConfig#threadFactory()} null) the runtime makes
 *       them itself: named {@code <prefix>worker-<n>}, {@code <prefix>timer} and
 *       {@code <prefix>blocking-<n>}, daemon threads or not as configured. A worker is a
 *       {@link WorkerThread}, which knows its engine and index.
 *   <li>With a factory, the factory makes all three kinds and the runtime starts them as they are
 *       (name, daemon flag, priority, group and handler are the factory's). A worker on such a
 *       thread cannot be recognised by its class, so it binds itself to the thread in a
 *       thread-local for as long as its loop runs ({@link #factoryWorker()}); only runtimes built
 *       with a factory pay for that lookup.
 * </ul>
 * A factory must return a new, unstarted thread that runs the runnable it was given; anything
 * else is an {@link IllegalStateException} where the thread was needed (at {@code build()} for
 * workers, at the first timer or blocking job for the others).
 */
public final class RuntimeThreads {

    /** The worker whose loop runs on this factory-made thread; unset on every other thread. */
    private static final ThreadLocal<Bound> FACTORY_WORKER = new ThreadLocal<>();

    /**
     * The factory-made threads running a worker loop now, so that {@link #isWorker(Thread)} can
     * answer for any thread, not only the current one. Each adds itself when its loop starts and
     * removes itself when the loop ends.
     */
    private static final Set<Thread> FACTORY_WORKER_THREADS = ConcurrentHashMap.newKeySet();

    /** A worker and its engine, bound to the factory-made thread that runs the worker's loop. */
    private record Bound(WorkStealingEngine engine, Worker worker) {}

    private RuntimeThreads() {}

    /** The thread that runs {@code worker}'s loop; not started. */
    static Thread worker(EngineConfig config, WorkStealingEngine engine, Worker worker, int index) {
        ThreadFactory factory = config.threadFactory();
        if (factory == null) {
            WorkerThread thread = new WorkerThread(engine, index, worker, config.threadNamePrefix() + "worker-" + index);
            thread.setDaemon(config.daemon());
            return thread;
        }
        Bound bound = new Bound(engine, worker);
        return checked(factory, () -> {
            Thread self = Thread.currentThread();
            FACTORY_WORKER.set(bound);
            FACTORY_WORKER_THREADS.add(self);
            try {
                worker.run();
            } finally {
                FACTORY_WORKER_THREADS.remove(self);
                FACTORY_WORKER.remove();
            }
        }, "worker");
    }

    /** The {@code number}-th thread of the blocking pool, running {@code body}; not started. */
    static Thread blocking(EngineConfig config, Runnable body, int number) {
        ThreadFactory factory = config.threadFactory();
        if (factory == null) {
            Thread thread = new Thread(body, config.threadNamePrefix() + "blocking-" + number);
            thread.setDaemon(config.daemon());
            return thread;
        }
        return checked(factory, body, "blocking");
    }

    /**
     * The thread of the stuck-worker watchdog (made at {@code build()} with the workers, if the
     * runtime has one), running {@code body}; not started.
     */
    static Thread watchdog(EngineConfig config, Runnable body) {
        ThreadFactory factory = config.threadFactory();
        if (factory == null) {
            Thread thread = new Thread(body, config.threadNamePrefix() + "watchdog");
            thread.setDaemon(config.daemon());
            return thread;
        }
        return checked(factory, body, "watchdog");
    }

    /** Makes the runtime's timer thread (started lazily by the time driver, real clocks only). */
    public static ThreadFactory timer(EngineConfig config) {
        ThreadFactory factory = config.threadFactory();
        if (factory == null) {
            return body -> {
                Thread thread = new Thread(body, config.threadNamePrefix() + "timer");
                thread.setDaemon(config.daemon());
                return thread;
            };
        }
        return body -> checked(factory, body, "timer");
    }

    /**
     * {@code engine}'s worker running on the current thread if that thread came from a thread
     * factory; null otherwise (a {@link WorkerThread} is recognised by its class instead).
     */
    static Worker factoryWorker(WorkStealingEngine engine) {
        if (FACTORY_WORKER_THREADS.isEmpty()) {
            return null; // no factory-made worker runs (one that does added itself before its loop): no lookup
        }
        Bound bound = FACTORY_WORKER.get();
        return bound != null && bound.engine() == engine ? bound.worker() : null;
    }

    /**
     * True if {@code thread} is a worker thread of some runtime: a {@link WorkerThread}, or a
     * factory-made thread while it runs a worker loop. Not the timer, blocking-pool or
     * {@code blockOn} threads.
     */
    public static boolean isWorker(Thread thread) {
        return thread instanceof WorkerThread || (!FACTORY_WORKER_THREADS.isEmpty() && FACTORY_WORKER_THREADS.contains(thread));
    }

    /** The engine whose worker runs on the current factory-made thread, or null. */
    static Engine factoryWorkerEngine() {
        if (FACTORY_WORKER_THREADS.isEmpty()) {
            return null; // as in factoryWorker: the common case costs no thread-local lookup
        }
        Bound bound = FACTORY_WORKER.get();
        return bound == null ? null : bound.engine();
    }

    private static Thread checked(ThreadFactory factory, Runnable body, String kind) {
        Thread thread = factory.newThread(body);
        if (thread == null) {
            throw new IllegalStateException("the runtime's thread factory returned null for a " + kind + " thread");
        }
        if (thread.getState() != Thread.State.NEW) {
            throw new IllegalStateException("the runtime's thread factory returned a started " + kind
                    + " thread (" + thread + "); it must return a new, unstarted one");
        }
        return thread;
    }
}
