package dev.pollbridge.runtime.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.Objects;

/**
 * The cooperative poll budget (rule 16 of the pull model; Tokio's {@code task::coop}), for
 * futures written outside the runtime.
 *
 * <p>A runtime task holds its worker until its poll returns. So that a source that is always ready
 * (a channel that is never empty, a semaphore nobody else wants) cannot keep one task polling
 * for ever, each turn of a task gets a budget of 128 units. The runtime's own primitives (join
 * handles, {@code Promise}, {@code Channel}, {@code Semaphore}, {@code Notify}, {@code TaskScope},
 * timers, {@code spawnBlocking} futures) spend one unit per ready result; once the budget is
 * spent they wake their task and answer {@code pending}, the task goes to the back of its
 * worker's queue, and its neighbours run. The budget belongs to the polling thread: outside a
 * runtime task (a plain thread polling by hand) there is none, and nothing is ever refused.
 *
 * <p>A future of your own that can be ready many times in a row (a cache, an in-memory source)
 * should take part the same way: {@link #proceed(Context)} inside a poll, or
 * {@code Async.await(Coop.consumeBudget())} inside an {@code Async} body. {@link #unconstrained}
 * lifts the budget for a future that must not be interrupted by it.
 *
 * <p>All methods may be called from any thread; each acts on the budget of the poll running on
 * the calling thread.
 */
public final class Coop {

    private Coop() {}

    /**
     * For a poll about to return a ready result: spends one unit of the current task's budget and
     * returns true; or, if the budget is spent, wakes {@code cx}'s waker and returns false, and
     * the caller must return {@code pending} without making progress (its task is polled again
     * on a later turn, with a fresh budget). Outside a runtime task it always returns true.
     *
     * <pre>{@code
     * public Poll<Row> poll(Context cx) {
     *     Row row = cache.peek(key);
     *     if (row != null) {
     *         if (!Coop.proceed(cx)) {
     *             return Poll.pending();          // woken already: back on the next turn
     *         }
     *         return Poll.ready(row);
     *     }
     *     ...
     * }
     * }</pre>
     *
     * @param cx the context of the current poll; its waker is woken when this returns false
     * @return true to go on; false to return {@code pending} now
     */
    public static boolean proceed(Context cx) {
        Objects.requireNonNull(cx, "cx");
        if (!CoopBudget.pollProceed(cx)) {
            return false;
        }
        CoopBudget.consumeOne();
        return true;
    }

    /**
     * True if the poll running on this thread still has budget (always true outside a runtime task).
     *
     * @return false once the current poll's budget is spent
     */
    public static boolean hasBudgetRemaining() {
        return CoopBudget.hasRemaining();
    }

    /**
     * A future that spends one unit of the polling task's budget (Tokio's {@code consume_budget}):
     * ready at once while the budget lasts; when it is spent, pending once (its task goes to the
     * back of the queue) and ready on the next turn. For loops in {@code Async} bodies that make
     * progress without awaiting anything that spends budget.
     *
     * <p><b>Cancel safety:</b> cancel-safe; it holds nothing.
     *
     * @return a future that spends one unit and yields if that was the last
     */
    public static PollFuture<Void> consumeBudget() {
        return new ConsumeBudget();
    }

    /**
     * Polls {@code future} with the budget lifted (Tokio's {@code unconstrained}): the primitives
     * it polls never answer {@code pending} for lack of budget, and it spends none of its task's.
     * For a future that would rather hold its worker than be interrupted (a short burst that must
     * finish in one turn); an unconstrained future that is always ready starves its neighbours,
     * which is exactly what the budget prevents. Closing it closes {@code future}.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code future}.
     *
     * @param <T> the value type
     * @param future the future to poll without a budget
     * @return {@code future}, polled with an unlimited budget
     */
    public static <T> PollFuture<T> unconstrained(PollFuture<T> future) {
        return new Unconstrained<>(Objects.requireNonNull(future, "future"));
    }

    /** {@link #consumeBudget()}. */
    private static final class ConsumeBudget extends SingleUse implements PollFuture<Void> {
        private boolean done; // owner only

        @Override
        public Poll<Void> poll(Context cx) {
            if (done) {
                throw SingleUse.polledAfter("Coop.consumeBudget()", "it completed");
            }
            if (!proceed(cx)) {
                return Poll.pending();
            }
            done = true;
            return Poll.ready(null);
        }
    }

    /** {@link #unconstrained(PollFuture)}. */
    private static final class Unconstrained<T> extends SingleUse implements PollFuture<T> {
        private final PollFuture<T> inner;
        private boolean closed; // owner only: close() is idempotent (rule 11), the inner one is closed once

        Unconstrained(PollFuture<T> inner) {
            this.inner = SingleUse.claim(inner, "Coop.unconstrained");
        }

        @Override
        public Poll<T> poll(Context cx) {
            if (closed) {
                throw SingleUse.polledAfter("Coop.unconstrained()", "close()");
            }
            int previous = CoopBudget.set(CoopBudget.unlimited());
            try {
                return inner.poll(cx);
            } finally {
                CoopBudget.set(previous);
            }
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                inner.close();
            }
        }
    }
}
