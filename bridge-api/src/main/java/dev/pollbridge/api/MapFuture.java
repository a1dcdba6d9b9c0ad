package dev.pollbridge.api;

import java.util.function.Function;

/**
 * {@link Futures#map}: applies a function to the value of its child. Also the last step of the
 * two-future {@link Futures#join(PollFuture, PollFuture, java.util.function.BiFunction)}, whose
 * name it then reports.
 */
final class MapFuture<T, R> extends SingleUse implements PollFuture<R> {

    private enum State { POLLING, COMPLETE, CLOSED }

    private PollFuture<? extends T> source; // owned; null once closed
    private final Function<? super T, ? extends R> mapper;
    private final String name;
    private State state = State.POLLING;

    MapFuture(PollFuture<? extends T> source, Function<? super T, ? extends R> mapper, String name) {
        this.source = SingleUse.claim(source, name);
        this.mapper = mapper;
        this.name = name;
    }

    @Override
    public Poll<R> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            default: break;
        }
        Poll<? extends T> poll = source.poll(cx);
        if (poll.isPending()) {
            return Poll.pending();
        }
        state = State.COMPLETE;
        closeSource(); // the child is finished before the user function runs
        if (!poll.isReady()) {
            return poll.cast();
        }
        try {
            return Poll.ready(mapper.apply(poll.value()));
        } catch (Throwable e) {
            return Poll.failed(Outcomes.userFailure(e));
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
