package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.PollFuture;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The elastic pool behind {@code spawnBlocking}: up to {@code maxThreads} threads, started on
 * demand, each exiting after {@code keepAlive} without work; work beyond that waits in an
 * unbounded FIFO queue (a {@link ThreadPoolExecutor} with core = max and core time-out, which
 * never rejects while open). The pool records every thread it starts so that {@link #shutdown}
 * can join them: after it returns, no thread of the pool is alive.
 */
final class BlockingPool {

    private final ThreadPoolExecutor executor;
    /** Threads started and not yet joined; a thread removes itself only by dying (joined below). */
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

    BlockingPool(EngineConfig config) {
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory factory = body -> {
            Thread thread = new Thread(body, config.threadNamePrefix() + "blocking-" + counter.incrementAndGet());
            thread.setDaemon(config.daemon());
            threads.add(thread);
            return thread;
        };
        long keepAliveNanos = Math.max(1L, config.blockingKeepAlive().toNanos());
        executor = new ThreadPoolExecutor(
                config.blockingThreads(), config.blockingThreads(),
                keepAliveNanos, TimeUnit.NANOSECONDS,
                new LinkedBlockingQueue<>(), factory);
        executor.allowCoreThreadTimeOut(true);
    }

    /**
     * Submits {@code work}; it starts at once on a free or new thread, or queues.
     *
     * @throws RejectedExecutionException once the pool is shut down
     */
    <T> PollFuture<T> submit(Callable<T> work) {
        BlockingFuture<T> future = new BlockingFuture<>(work, this);
        executor.execute(future.job());
        return future;
    }

    /** Removes a job that has not started (used when its future is closed). */
    void forget(Runnable job) {
        executor.remove(job);
    }

    /** Threads running a job now. */
    int busy() {
        return executor.getActiveCount();
    }

    /** Threads alive and waiting for work. */
    int idle() {
        return Math.max(0, executor.getPoolSize() - executor.getActiveCount());
    }

    /** Jobs waiting for a thread. */
    int queued() {
        return executor.getQueue().size();
    }

    /**
     * Stops the pool: queued jobs are dropped (their futures fail with cancellation), running ones
     * are interrupted, and every pool thread except the caller is joined. Work that ignores
     * interrupts delays this until it returns.
     */
    void shutdown() {
        List<Runnable> dropped = executor.shutdownNow();
        for (Runnable job : dropped) {
            if (job instanceof BlockingFuture.Job) {
                ((BlockingFuture.Job) job).cancelQueued();
            }
        }
        boolean interrupted = false;
        Thread self = Thread.currentThread();
        for (Thread thread : threads) {
            if (thread == self) {
                continue;
            }
            for (;;) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            self.interrupt();
        }
    }
}
