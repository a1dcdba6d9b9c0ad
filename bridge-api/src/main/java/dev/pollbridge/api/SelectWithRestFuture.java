package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@link Futures#selectAllWithRest}: completes with the outcome and index of the first child to
 * finish and hands the others back unfinished (futures-rs's {@code select_all}).
 *
 * <p>Polls as {@link SelectFuture} does: every child on the first poll, then only the children
 * woken since ({@link WokenChildren}), in index order, so a wake costs one child poll and the
 * lowest index wins among children ready at the same poll. The winner is closed; the rest are not
 * (they are handed back) and keep the child wakers of this select until their new owner polls
 * them (rule 7), which then wake nobody.
 */
final class SelectWithRestFuture<T, F extends PollFuture<? extends T>> extends SingleUse
        implements PollFuture<Selected<T, F>> {

    private enum State { POLLING, COMPLETE, CLOSED }

    /** Every child until the select finishes (handed back) or is closed (closed). */
    private final List<F> children;
    private final WokenChildren woken;
    private State state = State.POLLING;

    private static final String OWNER_NAME = "selectAllWithRest";

    SelectWithRestFuture(List<F> children) {
        SingleUse.claimAll(children, OWNER_NAME);
        this.children = new ArrayList<>(children);
        this.woken = new WokenChildren(children.size());
    }

    @Override
    public Poll<Selected<T, F>> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("selectAllWithRest");
            case CLOSED: throw Outcomes.polledAfterClose("selectAllWithRest");
            default: break;
        }
        woken.beginPoll(cx);
        for (int i = woken.next(); i >= 0; i = woken.next()) {
            Poll<? extends T> poll = woken.poll(i, children.get(i), cx);
            if (poll.isPending()) {
                continue;
            }
            state = State.COMPLETE;
            woken.finish();
            F winner = children.remove(i);
            List<F> rest = Collections.unmodifiableList(new ArrayList<>(children));
            SingleUse.release(rest, OWNER_NAME); // the caller owns the rest again (to select over them anew)
            children.clear(); // handed over: this select closes none of them
            Closer.close(winner);
            return Poll.ready(new Selected<>(Outcomes.widen(poll), i, rest));
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
