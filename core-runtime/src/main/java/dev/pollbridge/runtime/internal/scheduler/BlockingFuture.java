package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The future of one {@code spawnBlocking} job. The job is a {@link FutureTask}, which already
 * knows how to cancel before the start, interrupt while running and publish the result safely;
 * this class adds the waker protocol on top.
 *
 * <p><b>Poll budget</b> (rule 16): returning the finished job's result spends one unit of the
 * polling task's budget; when it is spent the future answers pending once (waking its task).
 *
 * <p><b>Cancellation.</b> {@link #close()} before the job starts removes it from the queue (it
 * never runs); while it runs, the pool thread is interrupted and the result is dropped.
 */
final class BlockingFuture<T> implements PollFuture<T> {

    private final Job job;
    private final BlockingPool pool;
    /** The latest poller's waker (rule 7); swapped out by the completer. */
    private final AtomicReference<Waker> waker = new AtomicReference<>();
    /** Owner only. */
    private boolean delivered;

    BlockingFuture(Callable<T> work, BlockingPool pool) {
        this.job = new Job(work);
        this.pool = pool;
    }

    Job job() {
        return job;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (delivered) {
            throw new IllegalStateException("spawnBlocking future polled after it returned its result");
        }
        if (!job.finished) {
            // Store the waker, then re-check: the job sets finished (volatile) before reading the waker.
            waker.set(cx.waker());
            if (!job.finished) {
                return Poll.pending();
            }
        }
        if (!CoopBudget.tryConsume()) {
            cx.waker().wake(); // the result stays in the job for the next turn
            return Poll.pending();
        }
        delivered = true;
        try {
            return Poll.ready(job.get());
        } catch (ExecutionException e) {
            return Poll.failed(e.getCause());
        } catch (CancellationException e) {
            return Poll.failed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Poll.failed(e);
        }
    }

    /** Cancels the job: dequeued if not started, interrupted if running; the result is dropped. */
    @Override
    public void close() {
        if (job.cancel(true)) {
            pool.forget(job);
        }
        waker.set(null);
    }

    /** The queued job; {@link #done()} wakes the poller. */
    final class Job extends FutureTask<T> {

        /**
         * Set first thing in {@link #done()}, once the outcome is final. Not {@code isDone()}: that
         * is already true while the pool thread is still storing the outcome (FutureTask's
         * COMPLETING state), and a {@code get()} then spins with {@code Thread.yield()} on the
         * worker, which the BlockHound integration test caught as a blocking call.
         */
        volatile boolean finished;

        Job(Callable<T> work) {
            super(work);
        }

        /**
         * Runs the work. Declared here, not only inherited, so that a blocking detector can name
         * it: {@code pollbridge-blockhound} allows blocking inside it (a {@code spawnBlocking}
         * job blocks by design, even on a thread some predicate marks non-blocking).
         */
        @Override
        public void run() {
            super.run();
        }

        /** Runs on the pool thread that finished the job; the waker is user code, so it is contained. */
        @Override
        protected void done() {
            finished = true; // before the waker is read: pairs with poll's store-then-re-check
            Waker toWake = waker.getAndSet(null);
            if (toWake != null) {
                try {
                    toWake.wake();
                } catch (Throwable broken) {
                    pool.reportWakerFailure(broken);
                }
            }
        }

        void cancelQueued() {
            cancel(false);
        }
    }
}
