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
    private final WokenChildren woken;
    private int unfinished;
    private State state = State.POLLING;

    JoinFuture(List<PollFuture<? extends T>> children, Mode mode) {
        SingleUse.claimAll(children, mode == Mode.FAIL_FAST ? "tryJoin" : "join");
        this.children = new ArrayList<>(children);
        this.mode = mode;
        this.values = new Object[children.size()];
        this.woken = new WokenChildren(children.size());
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
                woken.finish();
                try {
                    Closer.closeAll(children);
                } finally {
                    Dropped.closeAll(values, DROPPED, Dropped.suppressedBy(poll.error()));
                }
                return Poll.failed(poll.error());
            } else {
                if (failures == null) {
                    failures = new Throwable[values.length];
                }
                failures[i] = poll.error();
            }
        }
        if (unfinished > 0) {
            return Poll.pending();
        }
        state = State.COMPLETE;
        woken.finish();
        Throwable failure = firstFailureWithOthersSuppressed();
        if (failure != null) {
            Dropped.closeAll(values, DROPPED, Dropped.suppressedBy(failure));
            return Poll.failed(failure);
        }
        @SuppressWarnings("unchecked")
        List<T> result = (List<T>) Collections.unmodifiableList(Arrays.asList(values));
        return Poll.ready(result);
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
        woken.finish();
        try {
            Closer.closeAll(children);
        } finally {
            Dropped.closeAll(values, DROPPED, Dropped.LOG); // collected, never to be handed out
        }
    }
}
