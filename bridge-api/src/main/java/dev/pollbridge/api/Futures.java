package dev.pollbridge.api;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Builds and composes {@link PollFuture}s without threads or timers.
 *
 * <h2>Common rules</h2>
 * <ul>
 *   <li><b>Lazy</b> (rule 2): building runs nothing and polls no child; arguments are checked at
 *       build time ({@code null} futures or functions fail at once with a
 *       {@link NullPointerException} naming the argument).
 *   <li><b>Ownership</b> (rule 11): every combinator owns its children. A child is closed as soon
 *       as the combinator no longer needs it (when it finishes, when it loses a select, when a
 *       sibling fails a {@code tryJoin}), and {@code close()} closes every child not closed yet,
 *       each exactly once; closing twice does nothing.
 *   <li><b>Values that own resources</b> (rule 11 for values): a value a combinator collected
 *       but will never hand out (a join's values once a child failed, or once the join is closed)
 *       is closed if it is an {@link AutoCloseable}, such as a semaphore permit, each instance
 *       once. A {@code close()} that throws is added as suppressed to the failure the combinator
 *       returns, or logged through {@link System.Logger} if there is none; it never escapes. A
 *       value the combinator returned belongs to its caller and is never closed.
 *   <li><b>Wakes</b>: children are polled with the poller's {@link Context}, so a child's wake
 *       reaches the polling task directly and a completion between two polls is never lost.
 *   <li><b>User functions</b> run on the polling thread, inside {@code poll}. One that throws
 *       turns the combinator into {@code failed} with that exception (the child that already
 *       finished is closed first). Functions that return a future must not return {@code null}
 *       (that also fails, with a {@link NullPointerException}).
 *   <li><b>Ready is final</b> (rule 9): polling a combinator after it returned ready or failed,
 *       or after it was closed, throws {@link IllegalStateException}. Only {@link #fuse} differs.
 *   <li><b>Threads</b>: a combinator is confined to its owner like any future: polled by one
 *       thread at a time, closed by its owner. It is not safe to poll and close it concurrently.
 * </ul>
 *
 * <h2>Cancel-safety</h2>
 * A combinator is cancel-safe exactly when every child it still holds is: closing it only closes
 * children, and a value it already returned is never taken back. Values a {@code join} collected
 * from finished children are dropped on close (as in any future that is dropped mid-way), and
 * closed if they own a resource.
 */
public final class Futures {

    private Futures() {}

    // ---- leaves ----

    /**
     * A future that is ready with {@code value} on its first poll. Closed before that poll, it
     * drops the value (an {@link AutoCloseable} one is closed: nobody will read it, rule 11).
     *
     * @param <T> the value type
     * @param value the value; may be {@code null}
     * @return a future ready with {@code value}
     */
    public static <T> PollFuture<T> ready(T value) {
        return new ReadyFuture<>(Poll.ready(value));
    }

    /**
     * A future that fails with {@code error} on its first poll. Cancel-safe.
     *
     * @param <T> the value type the future would have had
     * @param error the failure; not {@code null}
     * @return a future failed with {@code error}
     * @throws NullPointerException if {@code error} is null
     */
    public static <T> PollFuture<T> failed(Throwable error) {
        return new ReadyFuture<>(Poll.failed(Checks.notNull(error, "error")));
    }

    /**
     * A future that never completes. It holds nothing and stores no waker, so a task awaiting only
     * this future waits forever; it is useful as a neutral member of a {@link #select} or in
     * tests. Cancel-safe; closing it does nothing.
     *
     * @param <T> the value type the future would have had
     * @return the shared never-ready future
     */
    @SuppressWarnings("unchecked")
    public static <T> PollFuture<T> pending() {
        return (PollFuture<T>) (PollFuture<?>) PendingFuture.INSTANCE;
    }

    /**
     * A future that calls {@code supplier} on its first poll, on the polling thread, and is ready
     * with the result; a throwing supplier makes it fail. Closed before its first poll, the
     * supplier never runs. Cancel-safe.
     *
     * @param <T> the value type
     * @param supplier computes the value; called at most once, on the first poll
     * @return a lazy future of the supplier's result
     */
    public static <T> PollFuture<T> lazy(Supplier<? extends T> supplier) {
        return new LazyFuture<>(Checks.notNull(supplier, "supplier"));
    }

    /**
     * A future that builds its inner future with {@code supplier} on the first poll and then
     * behaves as that future (it owns it and closes it when done or closed). A throwing supplier,
     * or one that returns {@code null}, makes it fail. Cancel-safe when the inner future is.
     *
     * @param <T> the value type
     * @param supplier builds the inner future; called at most once, on the first poll
     * @return a future of the inner future's outcome
     */
    public static <T> PollFuture<T> defer(Supplier<? extends PollFuture<T>> supplier) {
        return new DeferFuture<>(Checks.notNull(supplier, "supplier"));
    }

    // ---- one child ----

    /**
     * Applies {@code mapper} to the value of {@code future}; a failure passes through unchanged.
     * The mapper runs on the polling thread once the child is ready (and closed). Cancel-safe
     * when {@code future} is.
     *
     * @param <T> the value type of {@code future}
     * @param <R> the type of the mapped value
     * @param future the future to map; the result owns it
     * @param mapper turns the value into the result; runs at most once
     * @return a future of the mapped value
     */
    public static <T, R> PollFuture<R> map(PollFuture<? extends T> future, Function<? super T, ? extends R> mapper) {
        return new MapFuture<>(Checks.notNull(future, "future"), Checks.notNull(mapper, "mapper"), "map");
    }

    /**
     * The continuation: awaits {@code future}, closes it, passes its value to {@code next} and
     * awaits the future {@code next} returns (which it then owns). A failure of the first future
     * skips {@code next}. Cancel-safe when both futures are.
     *
     * @param <T> the value type of {@code future}
     * @param <R> the value type of the next future
     * @param future the first future; the result owns it
     * @param next builds the second future from the first value; runs at most once
     * @return a future of the second future's outcome
     */
    public static <T, R> PollFuture<R> flatMap(PollFuture<? extends T> future,
            Function<? super T, ? extends PollFuture<R>> next) {
        return new FlatMapFuture<>(Checks.notNull(future, "future"), Checks.notNull(next, "next"));
    }

    /**
     * Turns a failure of {@code future} into the value {@code handler} returns; a value passes
     * through. If the handler throws, the result fails with that exception (the original failure
     * added as suppressed). Cancel-safe when {@code future} is.
     *
     * @param <T> the value type
     * @param future the future whose failure is recovered; the result owns it
     * @param handler turns the failure into a value; runs at most once
     * @return a future of the value, or of the recovered value
     */
    public static <T> PollFuture<T> recover(PollFuture<? extends T> future,
            Function<? super Throwable, ? extends T> handler) {
        return new RecoverFuture<>(Checks.notNull(future, "future"), Checks.notNull(handler, "handler"));
    }

    /**
     * On a failure of {@code future}, closes it and awaits the fallback future {@code handler}
     * builds from the error; a value passes through. Cancel-safe when both futures are.
     *
     * @param <T> the value type
     * @param future the future whose failure is recovered; the result owns it
     * @param handler builds the fallback future from the failure; runs at most once
     * @return a future of the value, or of the fallback's outcome
     */
    public static <T> PollFuture<T> recoverWith(PollFuture<? extends T> future,
            Function<? super Throwable, ? extends PollFuture<T>> handler) {
        return new RecoverWithFuture<>(Checks.notNull(future, "future"), Checks.notNull(handler, "handler"));
    }

    /**
     * Shows the value of {@code future} to {@code action} (on the polling thread) and passes it
     * on; failures pass through without calling it. A throwing action fails the result.
     * Cancel-safe when {@code future} is.
     *
     * @param <T> the value type
     * @param future the future to watch; the result owns it
     * @param action sees the value once, before it is passed on
     * @return a future of the same outcome
     */
    public static <T> PollFuture<T> inspect(PollFuture<? extends T> future, Consumer<? super T> action) {
        return InspectFuture.values(Checks.notNull(future, "future"), Checks.notNull(action, "action"));
    }

    /**
     * Shows the failure of {@code future} to {@code action} (on the polling thread) and passes
     * it on; values pass through without calling it. A throwing action replaces the failure with
     * its own (the original added as suppressed). Cancel-safe when {@code future} is.
     *
     * @param <T> the value type
     * @param future the future to watch; the result owns it
     * @param action sees the failure once, before it is passed on
     * @return a future of the same outcome
     */
    public static <T> PollFuture<T> inspectError(PollFuture<? extends T> future, Consumer<? super Throwable> action) {
        return InspectFuture.errors(Checks.notNull(future, "future"), Checks.notNull(action, "action"));
    }

    /**
     * A {@link FusedFuture} over {@code future}: once it returned ready or failed it returns
     * {@code pending} forever (with no waker stored) instead of throwing, and reports
     * {@link FusedFuture#isTerminated()}. It exists for select loops that keep polling a set of
     * futures some of which already finished. The inner future is closed when it completes.
     * Cancel-safe when {@code future} is.
     *
     * @param <T> the value type
     * @param future the future to fuse; the result owns it
     * @return a fused future of the same outcome
     */
    public static <T> FusedFuture<T> fuse(PollFuture<? extends T> future) {
        return new FuseFuture<>(Checks.notNull(future, "future"));
    }

    /**
     * A future whose outcome several owners can await: the returned {@link SharedFuture} is the
     * first clone, and {@link SharedFuture#share()} makes more. The future underneath is polled
     * by whichever clone is polled (one at a time, every waiting clone woken on progress), and
     * every clone is ready with the same value or failed with the same exception. It is closed
     * when it completes, or, unfinished, when the last clone is closed (which cancels it). A
     * shared value is never closed by the clones, even if it is {@link AutoCloseable}: several
     * owners hold it. Lazy. Cancel-safe: closing a clone loses nothing for the others. This is
     * futures-rs {@code Shared}, and what kotlinx's {@code Deferred} offers: a result awaited any
     * number of times.
     *
     * @param <T> the value type
     * @param future the future to share; the shared future owns it
     * @return the first clone
     */
    public static <T> SharedFuture<T> shared(PollFuture<? extends T> future) {
        return new SharedClone<>(new SharedState<T>(Checks.notNull(future, "future")));
    }

    // ---- many children ----

    /**
     * Awaits both futures inside the polling task and combines their values with
     * {@code combiner}. Like {@link #joinAll}, it waits for both even if one fails, then fails
     * with the first failure (by argument order). Cancel-safe when both futures are.
     *
     * @param <A> the value type of {@code first}
     * @param <B> the value type of {@code second}
     * @param <R> the type of the combined value
     * @param first the first child; the join owns it
     * @param second the second child; the join owns it
     * @param combiner combines both values once both are ready; runs at most once
     * @return a future of the combined value
     */
    @SuppressWarnings("unchecked")
    public static <A, B, R> PollFuture<R> join(PollFuture<? extends A> first, PollFuture<? extends B> second,
            BiFunction<? super A, ? super B, ? extends R> combiner) {
        Checks.notNull(first, "first");
        Checks.notNull(second, "second");
        Checks.notNull(combiner, "combiner");
        JoinFuture<Object> both = new JoinFuture<>(List.of(first, second), JoinFuture.Mode.WAIT_ALL);
        return new MapFuture<>(both, values -> combiner.apply((A) values.get(0), (B) values.get(1)), "join");
    }

    /**
     * {@link #joinAll} over the arguments; cancel-safe when every child is.
     *
     * @param <T> the common value type
     * @param futures the children; the join owns them
     * @return a future of the values in argument order
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollFuture<List<T>> join(PollFuture<? extends T>... futures) {
        return new JoinFuture<>(Checks.elementsNotNull("futures", futures), JoinFuture.Mode.WAIT_ALL);
    }

    /**
     * Awaits every future inside the polling task and is ready with their values in list order
     * (an unmodifiable list; values may be {@code null}). The first poll polls every child; each
     * later poll polls only the unfinished children that woke since the previous one (each child
     * gets a waker of its own that wakes the task), so a wake costs one child poll whatever the
     * number of children. Each child is closed as soon as it finishes. If every child is a
     * {@link JoinHandle}, the join takes them in list order instead, waiting on the first
     * unfinished one only (a task runs whether or not its handle is polled, and the join cannot
     * end before that task does): no child gets a waker, and each handle is closed when the join
     * reaches it.
     *
     * <p><b>Failure:</b> a failing child does not stop the others: the join waits until every
     * child has finished, then fails with the first failure in list order, with the other
     * failures added to it as {@linkplain Throwable#addSuppressed suppressed}. The values of the
     * children that succeeded are then dropped: each one that is an {@link AutoCloseable} is
     * closed (a throwing close is added to the failure as suppressed). Use {@link #tryJoinAll}
     * to stop at the first failure.
     *
     * <p>An empty list gives a future that is ready with an empty list on its first poll.
     * Cancel-safe when every child is; closing drops the values already collected, closing those
     * that are {@link AutoCloseable} (a throwing close is logged, never thrown).
     *
     * @param <T> the common value type
     * @param futures the children; the join owns them
     * @return a future of the values in list order
     * @throws NullPointerException if the list or any element is null (naming the index)
     */
    public static <T> PollFuture<List<T>> joinAll(List<? extends PollFuture<? extends T>> futures) {
        return new JoinFuture<>(Checks.elementsNotNull(futures, "futures"), JoinFuture.Mode.WAIT_ALL);
    }

    /**
     * {@link #join(PollFuture, PollFuture, BiFunction)} that fails fast, as {@link #tryJoinAll}:
     * the first failure closes the other future, and a value the other already produced is
     * closed if it is an {@link AutoCloseable}. Cancel-safe when both futures are.
     *
     * @param <A> the value type of {@code first}
     * @param <B> the value type of {@code second}
     * @param <R> the type of the combined value
     * @param first the first child; the join owns it
     * @param second the second child; the join owns it
     * @param combiner combines both values once both are ready; runs at most once
     * @return a future of the combined value, or of the first failure
     */
    @SuppressWarnings("unchecked")
    public static <A, B, R> PollFuture<R> tryJoin(PollFuture<? extends A> first, PollFuture<? extends B> second,
            BiFunction<? super A, ? super B, ? extends R> combiner) {
        Checks.notNull(first, "first");
        Checks.notNull(second, "second");
        Checks.notNull(combiner, "combiner");
        JoinFuture<Object> both = new JoinFuture<>(List.of(first, second), JoinFuture.Mode.FAIL_FAST);
        return new MapFuture<>(both, values -> combiner.apply((A) values.get(0), (B) values.get(1)), "tryJoin");
    }

    /**
     * {@link #tryJoinAll} over the arguments; cancel-safe when every child is.
     *
     * @param <T> the common value type
     * @param futures the children; the join owns them
     * @return a future of the values in argument order, or of the first failure
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollFuture<List<T>> tryJoin(PollFuture<? extends T>... futures) {
        return new JoinFuture<>(Checks.elementsNotNull("futures", futures), JoinFuture.Mode.FAIL_FAST);
    }

    /**
     * Like {@link #joinAll}, but the first failure observed ends it at once: it fails with that
     * error and closes every child that has not finished (cancelling them). The values of the
     * children that had already finished are dropped, and each {@link AutoCloseable} one is
     * closed, so {@code tryJoin(semaphore.acquire(), failing)} does not leak the permit; a
     * throwing close is added to the failure as suppressed. An empty list is ready with an
     * empty list. Cancel-safe when every child is.
     *
     * @param <T> the common value type
     * @param futures the children; the join owns them
     * @return a future of the values in list order, or of the first failure
     * @throws NullPointerException if the list or any element is null (naming the index)
     */
    public static <T> PollFuture<List<T>> tryJoinAll(List<? extends PollFuture<? extends T>> futures) {
        return new JoinFuture<>(Checks.elementsNotNull(futures, "futures"), JoinFuture.Mode.FAIL_FAST);
    }

    /**
     * {@link #selectAll} over the arguments; cancel-safe only if every child is.
     *
     * @param <T> the common value type
     * @param futures the children, at least one; the select owns them
     * @return a future of the first child's outcome
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollFuture<T> select(PollFuture<? extends T>... futures) {
        return selectAll(Checks.elementsNotNull("futures", futures));
    }

    /**
     * Awaits the first future to finish and completes as it did, value or failure. Every other
     * child (the losers) is closed, exactly once, at that moment: that is how select cancels.
     * The first poll polls every child, and each later poll only the children that woke since the
     * previous one (each child gets a waker of its own that wakes the task), in list order, so
     * when several are ready at the same poll the lowest index wins. Cancel-safe only if every
     * child is: a loser that was half-way through its work loses it.
     *
     * <p><b>Biased.</b> The order is a priority, as with Tokio's {@code select!} with
     * {@code biased;} (and in effect {@code CompletableFuture.anyOf}, Reactor's
     * {@code firstWithSignal}): put the child that must win a tie first (a shutdown signal, a
     * deadline). A child that is ready at every poll always beats the ones after it, so in a
     * loop that selects again and again they may starve: futures-rs's {@code select} and Tokio's
     * default are fair instead, and so is {@link #selectAllFair}.
     *
     * <p><b>Losers that finished too.</b> The select stops polling at the winner, so it never
     * takes a loser's value: a loser that had its value ready at the same time (a join handle of
     * a finished task, an acquire that was granted) still holds it when it is closed, and its own
     * {@code close()} releases it ({@code JoinHandle.close()} closes an {@link AutoCloseable}
     * output, a closed acquire returns its permits). Nothing a select drops leaks.
     *
     * @param <T> the common value type
     * @param futures the children, at least one; the select owns them
     * @return a future of the first child's outcome
     * @throws NullPointerException if the list or any element is null (naming the index)
     * @throws IllegalArgumentException if the list is empty (a select of nothing never completes)
     */
    public static <T> PollFuture<T> selectAll(List<? extends PollFuture<? extends T>> futures) {
        return new SelectFuture<>(selectChildren(futures), false);
    }

    /**
     * {@link #selectAllFair} over the arguments; cancel-safe only if every child is.
     *
     * @param <T> the common value type
     * @param futures the children, at least one; the select owns them
     * @return a future of the first child's outcome
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollFuture<T> selectFair(PollFuture<? extends T>... futures) {
        return selectAllFair(Checks.elementsNotNull("futures", futures));
    }

    /**
     * A fair {@link #selectAll}: the same winner-takes-all, the same closing of the losers, the
     * same cancel safety, but each poll starts at a pseudo-random child and goes round from
     * there, so when several children are ready at the same poll each is as likely to win
     * (futures-rs's {@code select}, Tokio's {@code select!} without {@code biased;}). Use it when
     * the children are peers, in a loop that selects again and again over sources that may all
     * be ready (no child starves); use {@link #selectAll} when the order is a priority.
     *
     * @param <T> the common value type
     * @param futures the children, at least one; the select owns them
     * @return a future of the first child's outcome
     * @throws NullPointerException if the list or any element is null (naming the index)
     * @throws IllegalArgumentException if the list is empty (a select of nothing never completes)
     */
    public static <T> PollFuture<T> selectAllFair(List<? extends PollFuture<? extends T>> futures) {
        return new SelectFuture<>(selectChildren(futures), true);
    }

    private static <T> List<PollFuture<? extends T>> selectChildren(List<? extends PollFuture<? extends T>> futures) {
        List<PollFuture<? extends T>> children = Checks.elementsNotNull(futures, "futures");
        if (children.isEmpty()) {
            throw new IllegalArgumentException("select needs at least one future");
        }
        return children;
    }

    /**
     * Awaits the first future to finish and completes with a {@link Selected}: its outcome (value
     * or failure), its index, and the other futures, <em>not</em> closed but handed back
     * unfinished, in list order (futures-rs's {@code select_all}, whose output is
     * {@code (value, index, rest)}). A failure of the first future does not fail this one: it is
     * the outcome, so the rest are handed back either way. Polls as {@link #selectAll} does: the
     * first poll polls every future, later polls only those that woke (one child poll per wake),
     * and the lowest index wins among futures ready at the same poll. The winner is closed.
     * Cancel-safe: closing before a winner closes every future, and takes no value from any.
     *
     * <p>futures-rs takes the winner out with {@code swap_remove}, which moves the last future
     * into its place; here the rest keep their order.
     *
     * @param <T> the common value type
     * @param <F> the type of the futures, kept for the ones handed back
     * @param futures the futures, at least one; the select owns them until it completes
     * @return a future of the first outcome, its index and the unfinished rest
     * @throws NullPointerException if the list or any element is null (naming the index)
     * @throws IllegalArgumentException if the list is empty (a select of nothing never completes)
     */
    public static <T, F extends PollFuture<? extends T>> PollFuture<Selected<T, F>> selectAllWithRest(
            List<? extends F> futures) {
        List<F> children = Checks.elementsNotNull(futures, "futures");
        if (children.isEmpty()) {
            throw new IllegalArgumentException("selectAllWithRest needs at least one future");
        }
        return new SelectWithRestFuture<>(children);
    }

    /**
     * Wraps {@code future} so that it can be aborted from any thread, without spawning it
     * (futures-rs's {@code abortable}): the returned future's {@link AbortableFuture#abortHandle()}
     * goes to whoever may cancel it. An abort wakes the poller; the next poll closes
     * {@code future} and fails with {@link java.util.concurrent.CancellationException}. An abort
     * before the first poll means {@code future} is never polled; an abort after it finished
     * changes nothing. Cancel-safe when {@code future} is.
     *
     * @param <T> the value type
     * @param future the future to make abortable; the result owns it
     * @return the abortable future, which hands out its abort handle
     */
    public static <T> AbortableFuture<T> abortable(PollFuture<? extends T> future) {
        return new AbortFuture<>(Checks.notNull(future, "future"));
    }
}
