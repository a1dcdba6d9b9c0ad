package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * {@link Futures#joinAll} and {@link Futures#tryJoinAll}: drives every child inside the polling
 * task and completes with all their values in index order.
 *
 * <p>The first poll polls every child; each later poll polls only the unfinished children woken
 * since the previous poll ({@link WokenChildren}), so children finishing one at a time cost one
 * child poll per wake, not one per child. Each child is polled with the poller's attachment and
 * a waker of its own that marks it woken and wakes the poller's waker (the join handle of a task
 * that already finished is polled with the poller's context: it stores no waker). A child is
 * closed as soon as it finishes.
 *
 * <p><b>Handles.</b> A {@link Mode#WAIT_ALL} join whose children are all {@link JoinHandle}s takes
 * them in index order from a cursor, each polled with the poller's own context, and waits on the
 * first unfinished one only: a handle's poll only looks at its task, which runs whether or not it
 * is polled, and the join cannot end before that handle's task does. So no child gets a waker of
 * its own, and a task that ends before the cursor reaches it wakes nobody. A handle is closed when
 * the cursor passes it. (A fail-fast join must see any child's failure at once, so it wakes per
 * child as above.)
 *
 * <p>Failure: in {@link Mode#WAIT_ALL} a failed child is recorded and the others are still
 * driven to the end; then the first failure in index order is returned, with the later ones
 * added to it as suppressed. In {@link Mode#FAIL_FAST} the first failure seen ends the join at
 * once and every unfinished child is closed.
 *
 * <p>Values that will never be handed out (those collected before a failure, or before the join
 * is closed) are dropped ({@link Dropped}): the ones that own a resource are closed.
 */
final class JoinFuture<T> extends SingleUse implements PollFuture<List<T>> {

    enum Mode { WAIT_ALL, FAIL_FAST }

    private enum State { POLLING, COMPLETE, CLOSED }

    private static final String DROPPED = "a value a join collected and will not hand out";

    private final Mode mode;
    /** Slot i holds child i until it finishes or is closed, then {@code null}. */
    private final List<PollFuture<? extends T>> children;
    private final Object[] values;
    /** Slot i holds child i's failure ({@link Mode#WAIT_ALL}); made by the first failure. */
    private Throwable[] failures;
    /** The woken-children bookkeeping; null for a join over handles (see "Handles"). */
    private final WokenChildren woken;
    /** A join over handles: every child before this index has finished and was collected. */
    private int cursor;
    /** Children not finished yet (the woken-children path; a join over handles has its cursor). */
    private int unfinished;
    private State state = State.POLLING;

    JoinFuture(List<PollFuture<? extends T>> children, Mode mode) {
        boolean allHandles = SingleUse.claimAll(children, mode == Mode.FAIL_FAST ? "tryJoin" : "join", JoinHandle.class);
        this.children = new ArrayList<>(children);
        this.mode = mode;
        this.values = new Object[children.size()];
        this.woken = mode == Mode.WAIT_ALL && allHandles ? null : new WokenChildren(children.size());
        this.unfinished = children.size();
    }

    @Override
    public Poll<List<T>> poll(Context cx) {
        String name = mode == Mode.FAIL_FAST ? "tryJoin" : "join";
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            default: break;
        }
        if (woken == null) {
            return pollHandles(cx);
        }
        woken.beginPoll(cx);
        for (int i = woken.next(); i >= 0; i = woken.next()) {
            PollFuture<? extends T> child = children.get(i);
            if (child == null) {
                continue; // finished; a late wake of its waker changes nothing
            }
            Poll<? extends T> poll = woken.poll(i, child, cx);
            if (poll.isPending()) {
                continue;
            }
            children.set(i, null);
            unfinished--;
            Closer.close(child);
            if (poll.isReady()) {
                values[i] = poll.value();
            } else if (mode == Mode.FAIL_FAST) {
                state = State.COMPLETE;
                finishWakes();
                try {
                    Closer.closeAll(children);
                } finally {
                    Dropped.closeAll(values, DROPPED, Dropped.suppressedBy(poll.error()));
                }
                return Poll.failed(poll.error());
            } else {
                recordFailure(i, poll.error());
            }
        }
        return unfinished > 0 ? Poll.pending() : complete();
    }

    /** A join over handles: collects from the cursor on, and waits on the first unfinished handle. */
    private Poll<List<T>> pollHandles(Context cx) {
        for (; cursor < values.length; cursor++) {
            PollFuture<? extends T> child = children.get(cursor);
            Poll<? extends T> poll = child.poll(cx);
            if (poll.isPending()) {
                return Poll.pending(); // the handle wakes cx's waker when its task ends (or yields for the budget)
            }
            children.set(cursor, null);
            Closer.close(child);
            if (poll.isReady()) {
                values[cursor] = poll.value();
            } else {
                recordFailure(cursor, poll.error());
            }
        }
        return complete();
    }

    private void recordFailure(int index, Throwable failure) {
        if (failures == null) {
            failures = new Throwable[values.length];
        }
        failures[index] = failure;
    }

    /** Every child finished: the values, or the first failure with the others suppressed. */
    private Poll<List<T>> complete() {
        state = State.COMPLETE;
        finishWakes();
        Throwable failure = firstFailureWithOthersSuppressed();
        if (failure != null) {
            Dropped.closeAll(values, DROPPED, Dropped.suppressedBy(failure));
            return Poll.failed(failure);
        }
        @SuppressWarnings("unchecked")
        List<T> result = (List<T>) Collections.unmodifiableList(Arrays.asList(values));
        return Poll.ready(result);
    }

    private void finishWakes() {
        if (woken != null) {
            woken.finish();
        }
    }

    private Throwable firstFailureWithOthersSuppressed() {
        if (failures == null) {
            return null;
        }
        Throwable first = null;
        for (Throwable failure : failures) {
            if (failure == null) {
                continue;
            }
            if (first == null) {
                first = failure;
            } else if (failure != first) {
                first.addSuppressed(failure);
            }
        }
        return first;
    }

    @Override
    public void close() {
        if (state != State.POLLING) {
            Closer.closeAll(children); // nothing left after a completion; idempotent after a close
            return;
        }
        state = State.CLOSED;
        finishWakes();
        try {
            Closer.closeAll(children);
        } finally {
            Dropped.closeAll(values, DROPPED, Dropped.LOG); // collected, never to be handed out
        }
    }
}
