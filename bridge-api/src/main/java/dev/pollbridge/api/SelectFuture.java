package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Futures#selectAll}: completes with the outcome of the first child to finish, value or
 * failure, and closes every child (the losers are cancelled).
 *
 * <p>Each poll polls the children in index order with the poller's context until one finishes,
 * so the lowest index wins when several are ready at the same poll (a biased select). Children
 * after the winner are not polled in that round.
 */
final class SelectFuture<T> implements PollFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    /** Every child, until the select finishes or is closed; slots are nulled as they close. */
    private final List<PollFuture<? extends T>> children;
    private State state = State.POLLING;

    SelectFuture(List<PollFuture<? extends T>> children) {
        this.children = new ArrayList<>(children);
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("select");
            case CLOSED: throw Outcomes.polledAfterClose("select");
            default: break;
        }
        for (PollFuture<? extends T> child : children) {
            Poll<? extends T> poll = child.poll(cx);
            if (!poll.isPending()) {
                state = State.COMPLETE;
                Closer.closeAll(children); // the winner is done, the losers are cancelled
                return Outcomes.widen(poll);
            }
        }
        return Poll.pending();
    }

    @Override
    public void close() {
        if (state == State.POLLING) {
            state = State.CLOSED;
        }
        Closer.closeAll(children);
    }
}
