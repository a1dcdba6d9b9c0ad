package dev.pollbridge.api;

import java.util.function.Function;

/** {@link Futures#recover}: turns the child's failure into a value. */
final class RecoverFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    private PollFuture<? extends T> source; // owned; null once closed
    private final Function<? super Throwable, ? extends T> handler;
    private State state = State.POLLING;

    RecoverFuture(PollFuture<? extends T> source, Function<? super Throwable, ? extends T> handler) {
        this.source = SingleUse.claim(source, "recover");
        this.handler = handler;
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("recover");
            case CLOSED: throw Outcomes.polledAfterClose("recover");
            default: break;
        }
        Poll<? extends T> poll = source.poll(cx);
        if (poll.isPending()) {
            return Poll.pending();
        }
        state = State.COMPLETE;
        closeSource();
        if (!poll.isFailed()) {
            return Outcomes.widen(poll);
        }
        try {
            return Poll.ready(handler.apply(poll.error()));
        } catch (Throwable e) {
            Throwable failure = Outcomes.userFailure(e);
            if (failure != poll.error()) {
                failure.addSuppressed(poll.error());
            }
            return Poll.failed(failure);
        }
    }

    @Override
    public void close() {
        if (state == State.POLLING) {
            state = State.CLOSED;
        }
        closeSource();
    }

    private void closeSource() {
        PollFuture<? extends T> owned = source;
        source = null;
        Closer.close(owned);
    }
}
