package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.PollFuture;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The elastic pool behind {@code spawnBlocking}: a job goes to an idle thread if there is one,
 * else to a new thread while there are fewer than {@code maxThreads}, else it waits in an
 * unbounded FIFO queue; a thread exits after {@code keepAlive} without work.
 *
 * <p>Built on {@link ThreadPoolExecutor} with no core threads and a {@link HandOffQueue} (the
 * pattern of Tomcat's {@code TaskQueue}): the executor's {@code offer} succeeds only as a direct
 * hand-off to a thread waiting for work, so the executor starts a new thread instead of queueing
 * while below the maximum; at the maximum the executor rejects, and the rejection handler queues
 * the job for real. (A plain executor with core = max would start a new thread for every job
 * until the maximum, even with idle threads around.) The pool records every thread it starts so
 * that {@link #shutdown} can join them: after it returns, no thread of the pool is alive.
 *
 * <h2>The queueing window</h2>
 * The executor decides "full" while the last thread is still counted, but that thread may be
 * ending its keep-alive: it saw an empty queue and exits before the rejection handler queues
 * the job. The executor's own guard (an exiting thread starts a replacement if the queue is not
 * empty) looks at the queue before the job lands, so the job would wait for the next
 * submission. Hence, after queueing, the handler looks at the pool size: a thread still in the
 * pool leaves it only after it checked the queue again (the executor removes a thread from its
 * set before that check, under the same lock {@code getPoolSize} takes), so it will see the job;
 * an empty pool gets a new thread through a no-op job, which then takes the queued one.
 */
final class BlockingPool {

    /** Submitted to start a thread for a job queued while the pool was empty; does nothing. */
    private static final Runnable START_A_THREAD = () -> {};

    private final ThreadPoolExecutor executor;
    /** Threads started and not yet joined; a thread removes itself only by dying (joined below). */
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    /** Where a job's throwing waker is reported. */
    private final FailureReporter failures;

    BlockingPool(EngineConfig config, FailureReporter failures) {
        this(config, failures, () -> {});
    }

    /**
     * A pool whose rejection handler runs {@code beforeQueueing} after the executor refused a job
     * for lack of threads and before the job is queued: a test seam for the window between the
     * two (see the class comment).
     */
    BlockingPool(EngineConfig config, FailureReporter failures, Runnable beforeQueueing) {
        this.failures = failures;
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory factory = body -> {
            Thread thread = RuntimeThreads.blocking(config, body, counter.incrementAndGet());
            threads.add(thread);
            return thread;
        };
        long keepAliveNanos = Math.max(1L, config.blockingKeepAlive().toNanos());
        HandOffQueue queue = new HandOffQueue();
        executor = new ThreadPoolExecutor(
                0, config.blockingThreads(),
                keepAliveNanos, TimeUnit.NANOSECONDS,
                queue, factory, (job, pool) -> {
                    if (pool.isShutdown()) {
                        throw new RejectedExecutionException("the runtime is closed");
                    }
                    if (job == START_A_THREAD) {
                        return; // the pool is full again: its threads will take the queued job
                    }
                    beforeQueueing.run();
                    queue.enqueue(job); // every thread is busy and the pool is at its maximum
                    RuntimeEvents.blockingJobQueued(pool);
                    if (pool.isShutdown() && queue.remove(job)) {
                        // shutdown drained the queue before our job landed: nobody would run it
                        throw new RejectedExecutionException("the runtime is closed");
                    }
                    if (pool.getPoolSize() == 0) {
                        // The last thread left while the job was on its way (the class comment).
                        try {
                            pool.execute(START_A_THREAD);
                        } catch (RejectedExecutionException shutDown) {
                            // shutdownNow drains the queue and cancels the job: nothing is stranded
                        }
                    }
                });
    }

    /**
     * The executor's queue: {@link #offer} only hands a job to a thread already waiting for one
     * (so the executor grows the pool rather than queue); {@link #enqueue} really queues. Idle
     * threads take from it with a time-out (the keep-alive), in FIFO order.
     */
    static final class HandOffQueue extends LinkedTransferQueue<Runnable> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean offer(Runnable job) {
            return tryTransfer(job);
        }

        void enqueue(Runnable job) {
            super.offer(job);
        }

        /**
         * An idle pool thread waits here for its next job (with the keep-alive as time-out).
         * Declared here, not only inherited, so that {@code pollbridge-blockhound} can allow
         * this wait by name.
         */
        @Override
        public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
            return super.poll(timeout, unit);
        }

        /** As {@link #poll(long, TimeUnit)}, without a time-out; declared for the same reason. */
        @Override
        public Runnable take() throws InterruptedException {
            return super.take();
        }
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

    /** A job's waker threw on a pool thread: report it, and keep the thread. */
    void reportWakerFailure(Throwable failure) {
        failures.report(failure, "the waker of a spawnBlocking job");
    }

    /** The close() of a job's result that nobody read threw: report it. */
    void reportDropFailure(String source, Throwable failure) {
        failures.report(failure, source);
    }

    /** True if {@code thread} is one of this pool's threads. */
    boolean owns(Thread thread) {
        return threads.contains(thread);
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

    /** The pool's maximum size. */
    int max() {
        return executor.getMaximumPoolSize();
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
        joinThreads();
    }

    /** Joins every pool thread except the caller (after {@link #shutdown}, they all end). */
    void joinThreads() {
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
