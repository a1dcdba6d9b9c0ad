package dev.pollbridge.api;

import java.util.List;
import java.util.PriorityQueue;

/**
 * A queue of futures driven concurrently inside the polling task, yielding their values in queue
 * order (futures-rs's {@code FuturesOrdered}): a future that finishes early keeps its value until
 * every future ahead of it has yielded. {@link #pushBack} adds at the end, {@link #pushFront} at
 * the head (its value is the next one out).
 *
 * <pre>{@code
 * FuturesOrdered<Page> pages = new FuturesOrdered<>();
 * for (int n = 1; n <= 10; n++) {
 *     pages.pushBack(fetch(n));          // all ten in flight at once
 * }
 * PollFuture<List<Page>> inOrder = pages.collect(Collectors.toList());
 * }</pre>
 *
 * <p>Each future is polled with a waker of its own, in a {@link FuturesUnordered} (on which it is
 * built, each future mapped to its value and position, as futures-rs does): a wake costs one
 * future's poll. Values that finished ahead of their turn wait in a
 * priority queue, at most one per future in the queue, so nothing here grows beyond what was
 * pushed.
 *
 * <h2>Where this differs from futures-rs</h2>
 * As in {@link FuturesUnordered}: a failed future fails the stream at once (without waiting for
 * its turn: the values waiting for theirs are dropped, and closed if they are
 * {@link AutoCloseable}), a {@code null} value fails it with a {@link NullPointerException}, and
 * after {@code done} a push makes the queue live again while a poll without one throws.
 *
 * <h2>Cancel-safety and close</h2>
 * Not cancel-safe once a future finished out of turn: closing the queue then drops the values
 * waiting for their turn (each {@link AutoCloseable} one is closed). Closing between polls with
 * nothing waiting loses nothing. {@link #close()} closes every unfinished future, each exactly
 * once.
 *
 * <h2>Threads</h2>
 * Owned by one task, like {@link FuturesUnordered}; the futures' wakes may come from any thread.
 *
 * @param <T> the value type of the futures
 */
public final class FuturesOrdered<T> extends SingleUse implements PollStream<T> {

    private enum State { ACTIVE, DONE, FAILED, CLOSED }

    /** A value with the position of its future (futures-rs's {@code OrderWrapper}); the value may be null. */
    private record Positioned(long position, Object value) {}

    /** The running futures, each mapped to its value and position. */
    private final FuturesUnordered<Positioned> running;
    /** Values that finished before their turn, lowest position first. */
    private final PriorityQueue<Positioned> waiting =
            new PriorityQueue<>((a, b) -> Long.compare(a.position(), b.position()));
    private final String name;
    /** The position of the next value out, and of the next future pushed at the back. */
    private long nextOut;
    private long nextIn;
    private State state = State.ACTIVE;

    /** An empty queue: polled now, it is done. */
    public FuturesOrdered() {
        this("FuturesOrdered");
    }

    /** A queue that names itself {@code name} in its errors (the combinators built on it). */
    FuturesOrdered(String name) {
        this.name = name;
        this.running = new FuturesUnordered<>(name);
    }

    /**
     * A queue holding {@code futures} in list order, which it owns from now on.
     *
     * @param <T> the common value type
     * @param futures the futures, none null
     * @return a queue of the futures, not polled yet
     * @throws NullPointerException if the list or an element is null (naming the index)
     */
    public static <T> FuturesOrdered<T> of(List<? extends PollFuture<? extends T>> futures) {
        FuturesOrdered<T> queue = new FuturesOrdered<>();
        for (PollFuture<? extends T> future : Checks.elementsNotNull(futures, "futures")) {
            queue.pushBack(future);
        }
        return queue;
    }

    /**
     * Adds {@code future} at the end of the queue: its value comes after every value of the
     * futures already in it. The queue owns it from now on; it is first polled by the next poll.
     *
     * @param future the future to drive; not null
     * @throws NullPointerException if {@code future} is null
     * @throws IllegalStateException if the queue failed or was closed (the future is closed then)
     */
    public void pushBack(PollFuture<? extends T> future) {
        running.push(admit(future, nextIn));
        nextIn++;
    }

    /**
     * Adds {@code future} at the head of the queue: its value is the next one out, before the
     * values of the futures already in it. The queue owns it from now on.
     *
     * @param future the future to drive; not null
     * @throws NullPointerException if {@code future} is null
     * @throws IllegalStateException if the queue failed or was closed (the future is closed then)
     */
    public void pushFront(PollFuture<? extends T> future) {
        running.push(admit(future, nextOut - 1));
        nextOut--;
    }

    /** Takes {@code future} (the map claims it, rule 11: a future some other owner has is refused, not closed). */
    private PollFuture<Positioned> admit(PollFuture<? extends T> future, long position) {
        Checks.notNull(future, "future");
        PollFuture<Positioned> positioned = new MapFuture<>(future, value -> new Positioned(position, value), name);
        if (state == State.FAILED || state == State.CLOSED) {
            Closer.close(positioned);
            throw new IllegalStateException(name + ": push after the queue " + (state == State.FAILED
                    ? "failed" : "was closed") + " (the future was closed)");
        }
        state = State.ACTIVE;
        return positioned;
    }

    /**
     * The number of futures whose value has not been yielded yet (running, or finished and
     * waiting for their turn).
     *
     * @return how many values are still to come
     */
    public int size() {
        return running.size() + waiting.size();
    }

    /**
     * True if no value is still to come.
     *
     * @return whether the queue is empty
     */
    public boolean isEmpty() {
        return size() == 0;
    }

    /**
     * True once the queue returned {@code done}, {@code failed} or was closed, and no push made it
     * live again.
     *
     * @return whether polling now would throw
     */
    public boolean isTerminated() {
        return state != State.ACTIVE;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case DONE:
            case FAILED: throw Outcomes.polledAfterCompletion(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            default: break;
        }
        while (true) {
            Positioned head = waiting.peek();
            if (head != null && head.position() == nextOut) {
                waiting.poll();
                return handOut(head);
            }
            if (running.isEmpty()) {
                state = State.DONE; // nothing runs, so nothing waits either
                return Poll.done();
            }
            Poll<Positioned> poll = running.pollNext(cx); // polls only the futures that woke
            if (poll.isPending()) {
                return Poll.pending();
            }
            if (poll.isFailed()) {
                return fail(poll.error()); // the set closed the other futures
            }
            Positioned finished = poll.value();
            if (finished.position() == nextOut) {
                return handOut(finished);
            }
            waiting.add(finished);
        }
    }

    private Poll<T> handOut(Positioned next) {
        nextOut++;
        if (next.value() == null) {
            return fail(new NullPointerException(name
                    + ": a future completed with null, and stream items must not be null (map it to a value)"));
        }
        @SuppressWarnings("unchecked") // each value came from a future of T
        T value = (T) next.value();
        return Poll.ready(value);
    }

    private Poll<T> fail(Throwable error) {
        state = State.FAILED;
        try {
            running.close();
        } finally {
            dropWaiting(error);
        }
        return Poll.failed(error);
    }

    private void dropWaiting(Throwable failure) {
        Object[] values = waiting.stream().map(Positioned::value).toArray();
        waiting.clear();
        Dropped.closeAll(values, "a value FuturesOrdered kept for its turn and will not hand out",
                Dropped.suppressedByOrLogged(failure));
    }

    /**
     * Closes every unfinished future, each exactly once, and drops the values waiting for their
     * turn (closing each {@link AutoCloseable} one): idempotent, never blocks.
     */
    @Override
    public void close() {
        state = State.CLOSED;
        try {
            running.close();
        } finally {
            dropWaiting(null);
        }
    }

    @Override
    public String toString() {
        return name + "[size=" + size() + ", " + state + "]";
    }
}
