package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Futures#selectAll}: completes with the outcome of the first child to finish, value or
 * failure, and closes every child (the losers are cancelled).
 *
 * <p>The first poll polls every child; each later poll polls only the children woken since the
 * previous poll ({@link WokenChildren}), so a wake costs one child poll, not one per child. A
 * poll polls its children in index order until one finishes, so the lowest index wins when
 * several are ready at the same poll (a biased select); children after the winner are not polled
 * in that round. Each child is polled with the poller's attachment and a waker of its own that
 * marks it woken and wakes the poller's waker.
 */
final class SelectFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    /** Every child, until the select finishes or is closed; slots are nulled as they close. */
    private final List<PollFuture<? extends T>> children;
    private final WokenChildren woken;
    private State state = State.POLLING;

    SelectFuture(List<PollFuture<? extends T>> children) {
        SingleUse.claimAll(children, "select");
        this.children = new ArrayList<>(children);
        this.woken = new WokenChildren(children.size());
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("select");
            case CLOSED: throw Outcomes.polledAfterClose("select");
            default: break;
        }
        woken.beginPoll(cx);
        for (int i = woken.next(); i >= 0; i = woken.next()) {
            Poll<? extends T> poll = children.get(i).poll(woken.contextFor(i, cx));
            if (!poll.isPending()) {
                state = State.COMPLETE;
                woken.finish();
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
            woken.finish();
        }
        Closer.closeAll(children);
    }
}
