package dev.pollbridge.api;

import java.util.List;

/**
 * A set of futures driven inside the polling task, yielding each value as its future finishes, in
 * completion order (futures-rs's {@code FuturesUnordered}). Futures can be {@linkplain #push
 * pushed} at any time, also between polls of the stream they feed.
 *
 * <pre>{@code
 * FuturesUnordered<Reply> inFlight = new FuturesUnordered<>();
 * for (Request request : requests) {
 *     inFlight.push(client.call(request));
 * }
 * PollFuture<Void> all = inFlight.forEach(reply -> log(reply));   // or poll it by hand
 * }</pre>
 *
 * <h2>Cost of a wake</h2>
 * Each future is polled with a waker of its own: a wake queues that one future, and the next poll
 * polls only the queued futures (new ones included), so a wake costs one future's poll however
 * many futures the set holds. A future that was polled and not woken since is not polled again.
 * A poll stops early, leaving the rest queued, once two futures woke themselves during their own
 * poll (futures that yield their task's budget, rule 16); it has woken the task, so the next poll
 * carries on.
 *
 * <h2>Polling</h2>
 * {@link #pollNext} returns {@code ready(value)} with the value of a future that finished,
 * {@code pending} while every future in the set is pending, and {@code done} when the set is
 * empty. A future is closed as soon as it finished. {@link #push} does not wake the task: poll
 * the set after pushing (as in futures-rs).
 *
 * <h2>Where this differs from futures-rs</h2>
 * <ul>
 *   <li><b>A failed future fails the stream</b>: a Rust future's {@code Err} is just an item, but a
 *       {@link PollStream}'s {@code failed} is final. The set then fails with that error and
 *       closes every other future. To keep going past a failure, push
 *       {@code future.recover(...)} instead.
 *   <li><b>Null values</b>: a stream item is never {@code null}, so a future that completes with
 *       {@code null} (a {@code Void} future) fails the set with a {@link NullPointerException};
 *       map such futures to a value first.
 *   <li><b>Done, then pushed</b>: like futures-rs, the set answers {@code done} when it is empty,
 *       and a {@link #push} (or {@link #clear()}) afterwards makes it live again
 *       ({@link #isTerminated()} turns false): the one exception to "done is final" (rule 9),
 *       as {@code Sleep.reset} is for futures. Polling again after {@code done} without a push in
 *       between throws {@link IllegalStateException}. After {@code failed} or {@link #close()}
 *       the set is finished for good.
 *   <li>No iterators over the futures in the set: a future belongs to whoever polls it.
 * </ul>
 *
 * <h2>Cancel-safety and close</h2>
 * Cancel-safe: a value is taken from a future only in the poll that returns it, so closing the
 * set between polls loses no value (only the unfinished futures, which it closes). {@link #close()}
 * closes every future still in the set, each exactly once; {@link #clear()} does the same but
 * keeps the set usable.
 *
 * <h2>Threads</h2>
 * Owned by one task: {@link #push}, {@link #pollNext}, {@link #clear()} and {@link #close()} are
 * called by the owner, one at a time (they need not be on the same thread). The futures' wakes
 * may come from any thread.
 *
 * @param <T> the value type of the futures
 */
public final class FuturesUnordered<T> extends SingleUse implements PollStream<T> {

    private enum State {
        /** Polling, or not polled yet. */
        ACTIVE,
        /** Returned done (it was empty); a push or clear makes it ACTIVE again. */
        DONE,
        /** Returned failed: final. */
        FAILED,
        /** Closed by its owner: final. */
        CLOSED
    }

    private final ReadySet<PollFuture<? extends T>> set = new ReadySet<>();
    private final String name;
    private State state = State.ACTIVE;

    /** An empty set: polled now, it is done. */
    public FuturesUnordered() {
        this("FuturesUnordered");
    }

    /** A set that names itself {@code name} in its errors (the combinators built on it). */
    FuturesUnordered(String name) {
        this.name = name;
    }

    /**
     * A set holding {@code futures}, which it owns from now on.
     *
     * @param <T> the common value type
     * @param futures the futures, none null
     * @return a set of the futures, not polled yet
     * @throws NullPointerException if the list or an element is null (naming the index)
     */
    public static <T> FuturesUnordered<T> of(List<? extends PollFuture<? extends T>> futures) {
        FuturesUnordered<T> set = new FuturesUnordered<>();
        for (PollFuture<? extends T> future : Checks.elementsNotNull(futures, "futures")) {
            set.push(future);
        }
        return set;
    }

    /**
     * Adds {@code future} to the set, which owns it from now on; it is first polled by the next
     * {@link #pollNext}. A set that returned {@code done} becomes live again.
     *
     * @param future the future to drive; not null
     * @throws NullPointerException if {@code future} is null
     * @throws IllegalStateException if the set failed or was closed (the future is closed then,
     *     so it does not leak)
     */
    public void push(PollFuture<? extends T> future) {
        SingleUse.claim(future, name); // first: a future some other owner has is refused, not closed
        if (state == State.FAILED || state == State.CLOSED) {
            Closer.close(future);
            throw new IllegalStateException(name + ": push after the set " + (state == State.FAILED
                    ? "failed" : "was closed") + " (the future was closed)");
        }
        state = State.ACTIVE;
        set.add(future);
    }

    /**
     * The number of futures in the set (pushed and not finished yet).
     *
     * @return how many futures the set holds
     */
    public int size() {
        return set.size();
    }

    /**
     * True if the set holds no future.
     *
     * @return whether the set is empty
     */
    public boolean isEmpty() {
        return set.size() == 0;
    }

    /**
     * True once the set returned {@code done}, {@code failed} or was closed, and no push or clear
     * made it live again (futures-rs's {@code FusedStream::is_terminated}).
     *
     * @return whether polling now would throw
     */
    public boolean isTerminated() {
        return state != State.ACTIVE;
    }

    /**
     * Closes every future in the set, each exactly once, and leaves the set empty and live (a
     * set that returned {@code done} may be polled again: it is done again unless something is
     * pushed). Does nothing after a failure or a close.
     */
    public void clear() {
        if (state == State.ACTIVE || state == State.DONE) {
            state = State.ACTIVE;
            Closer.closeAll(set.removeAll());
        }
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case DONE:
            case FAILED: throw Outcomes.polledAfterCompletion(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            default: break;
        }
        if (set.size() == 0) {
            state = State.DONE;
            return Poll.done();
        }
        set.beginPoll(cx);
        for (ReadySet.Node<PollFuture<? extends T>> node = set.next(); node != null; node = set.next()) {
            Poll<? extends T> poll = node.child.poll(set.contextFor(node, cx));
            if (poll.isPending()) {
                continue;
            }
            Closer.close(set.remove(node));
            if (poll.isFailed()) {
                return fail(poll.error());
            }
            if (poll.value() == null) {
                return fail(new NullPointerException(name
                        + ": a future completed with null, and stream items must not be null (map it to a value)"));
            }
            return Outcomes.widen(poll);
        }
        return Poll.pending();
    }

    private Poll<T> fail(Throwable error) {
        state = State.FAILED;
        ReadySet.finishAndCloseAll(set);
        return Poll.failed(error);
    }

    /**
     * Closes every future still in the set, each exactly once: idempotent, never blocks. After
     * it, polling or pushing throws {@link IllegalStateException}.
     */
    @Override
    public void close() {
        state = State.CLOSED;
        ReadySet.finishAndCloseAll(set);
    }

    @Override
    public String toString() {
        return name + "[size=" + set.size() + ", " + state + "]";
    }
}
