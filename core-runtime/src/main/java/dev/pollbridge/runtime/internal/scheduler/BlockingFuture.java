package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
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
 *
 * <p><b>A value nobody reads</b> is dropped ({@link Dropped}: closed if it is an
 * {@link AutoCloseable}, a throwing close reported to the uncaught-failure handler), exactly once:
 * <ul>
 *   <li>the job ignores the interrupt and returns a value after the close: {@link FutureTask}
 *       refuses to store it ({@code set} after {@code cancel}), and {@code Job.set} drops it;
 *   <li>the job finished before the close, which came without a poll of the result: whichever of
 *       {@code close()} (which sets {@code closedUnread}, then reads {@code finished}) and
 *       {@code done()} (which sets {@code finished}, then reads {@code closedUnread}) sees the
 *       other wins the {@code drop} CAS and drops. Both flags are volatile, so at least one of
 *       them sees the other (Dekker), and the CAS makes it at most one. A close after the result
 *       was returned sets no flag: that value is the owner's.
 * </ul>
 */
final class BlockingFuture<T> extends SingleUse implements PollFuture<T> {

    private static final String DROPPED = "the result of a spawnBlocking job whose future was closed without reading it";

    private final Job job;
    private final BlockingPool pool;
    /** The latest poller's waker (rule 7); swapped out by the completer. */
    private final AtomicReference<Waker> waker = new AtomicReference<>();
    /** Owner only. */
    private boolean delivered;
    /** Set by a close that came before the result was returned (by the owner, before it reads {@code finished}). */
    private volatile boolean closedUnread;
    /** Won by the one party that drops an unread result (see the class comment). */
    private final AtomicBoolean drop = new AtomicBoolean();

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
            throw SingleUse.polledAfter("a spawnBlocking future", "it completed");
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

    /**
     * Cancels the job: dequeued if not started, interrupted if running; a result not returned yet
     * is dropped (see the class comment).
     */
    @Override
    public void close() {
        waker.set(null);
        if (delivered) {
            return;
        }
        closedUnread = true;
        if (job.cancel(true)) {
            pool.forget(job); // a late value is dropped by Job.set
        } else if (job.finished) {
            dropUnread();
        } // else the job is storing its outcome now: its done() sees closedUnread
    }

    /** Drops the finished job's outcome, unless the other party did (the CAS). */
    private void dropUnread() {
        if (drop.compareAndSet(false, true) && !job.isCancelled()) {
            try {
                Dropped.close(job.get(), DROPPED, pool::reportDropFailure); // finished: get() does not wait
            } catch (ExecutionException | CancellationException | InterruptedException failed) {
                // no value to drop
            }
        }
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

        /**
         * Stores the value the work returned. After {@link #close()} cancelled the job (the work
         * ignored the interrupt), {@link FutureTask} does not store it: nobody will read it, so
         * it is dropped here.
         */
        @Override
        protected void set(T value) {
            super.set(value);
            if (isCancelled()) {
                Dropped.close(value, DROPPED, pool::reportDropFailure);
            }
        }

        /** Runs on the pool thread that finished the job; the waker is user code, so it is contained. */
        @Override
        protected void done() {
            finished = true; // before the waker is read: pairs with poll's store-then-re-check
            if (closedUnread) {
                dropUnread(); // closed after the job finished, the value never polled
            }
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
