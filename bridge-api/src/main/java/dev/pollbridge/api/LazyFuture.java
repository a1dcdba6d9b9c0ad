package dev.pollbridge.api;

import java.util.function.Supplier;

/** {@link Futures#lazy}: computes the value on the first poll. */
final class LazyFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { UNPOLLED, DELIVERED, CLOSED }

    private Supplier<? extends T> supplier; // dropped once used or closed
    private State state = State.UNPOLLED;

    LazyFuture(Supplier<? extends T> supplier) {
        this.supplier = supplier;
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case DELIVERED: throw Outcomes.polledAfterCompletion("Futures.lazy");
            case CLOSED: throw Outcomes.polledAfterClose("Futures.lazy");
            default: break;
        }
        Supplier<? extends T> body = supplier;
        supplier = null;
        state = State.DELIVERED;
        try {
            return Poll.ready(body.get());
        } catch (Throwable e) {
            return Poll.failed(Outcomes.userFailure(e));
        }
    }

    @Override
    public void close() {
        supplier = null;
        if (state == State.UNPOLLED) {
            state = State.CLOSED;
        }
    }
}
