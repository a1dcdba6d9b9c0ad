package dev.pollbridge.api;

import java.util.function.Supplier;

/** {@link Futures#defer}: builds the inner future on the first poll, then drives it. */
final class DeferFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { UNPOLLED, RUNNING, COMPLETE, CLOSED }

    private Supplier<? extends PollFuture<T>> supplier; // used once, then dropped
    private PollFuture<T> inner;                        // owned while RUNNING
    private State state = State.UNPOLLED;

    DeferFuture(Supplier<? extends PollFuture<T>> supplier) {
        this.supplier = supplier;
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("Futures.defer");
            case CLOSED: throw Outcomes.polledAfterClose("Futures.defer");
            case UNPOLLED:
                Supplier<? extends PollFuture<T>> factory = supplier;
                supplier = null;
                try {
                    inner = SingleUse.claim(Checks.notNull(factory.get(), "the future built by Futures.defer's supplier"),
                            "Futures.defer");
                } catch (Throwable e) {
                    state = State.COMPLETE;
                    return Poll.failed(Outcomes.userFailure(e));
                }
                state = State.RUNNING;
                break;
            default: break;
        }
        Poll<T> poll = inner.poll(cx);
        if (!poll.isPending()) {
            state = State.COMPLETE;
            closeInner();
        }
        return poll;
    }

    @Override
    public void close() {
        supplier = null;
        if (state != State.COMPLETE) {
            state = State.CLOSED;
        }
        closeInner();
    }

    private void closeInner() {
        PollFuture<T> owned = inner;
        inner = null;
        Closer.close(owned);
    }
}
