package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@link Futures#selectAll} and {@link Futures#selectAllFair}: completes with the outcome of the
 * first child to finish, value or failure, and closes every child (the losers are cancelled).
 *
 * <p>The first poll polls every child; each later poll polls only the children woken since the
 * previous poll ({@link WokenChildren}), so a wake costs one child poll, not one per child. A
 * poll polls its children one by one until one finishes; children after the winner are not
 * polled in that round. Each child is polled with the poller's attachment and a waker of its own
 * that marks it woken and wakes the poller's waker.
 *
 * <p><b>Biased or fair.</b> The biased select polls in index order, so the lowest index wins
 * when several are ready at the same poll (Tokio's {@code select!} with {@code biased;}, and
 * {@code CompletableFuture.anyOf} and Reactor's {@code firstWithSignal} in effect). The fair one
 * starts each poll at a pseudo-random child and goes round from there (futures-rs's
 * {@code select}, Tokio's default), so a child that is always ready cannot starve the others.
 */
final class SelectFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    /** Every child, until the select finishes or is closed; slots are nulled as they close. */
    private final List<PollFuture<? extends T>> children;
    private final WokenChildren woken;
    /** Start every poll at a random child instead of the first. */
    private final boolean fair;
    private State state = State.POLLING;

    SelectFuture(List<PollFuture<? extends T>> children, boolean fair) {
        SingleUse.claimAll(children, "select");
        this.children = new ArrayList<>(children);
        this.woken = new WokenChildren(children.size());
        this.fair = fair && children.size() > 1;
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("select");
            case CLOSED: throw Outcomes.polledAfterClose("select");
            default: break;
        }
        woken.beginPoll(cx, fair ? ThreadLocalRandom.current().nextInt(children.size()) : 0);
        for (int i = woken.next(); i >= 0; i = woken.next()) {
            Poll<? extends T> poll = woken.poll(i, children.get(i), cx);
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
