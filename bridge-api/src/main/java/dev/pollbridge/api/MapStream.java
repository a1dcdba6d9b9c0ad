package dev.pollbridge.api;

import java.util.function.Function;

/** {@link Streams#map}: each item transformed by a function on the polling thread. */
final class MapStream<T, R> implements PollStream<R> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private PollStream<? extends T> upstream; // owned; null once closed
    private final Function<? super T, ? extends R> mapper;
    private State state = State.STREAMING;

    MapStream(PollStream<? extends T> upstream, Function<? super T, ? extends R> mapper) {
        this.upstream = upstream;
        this.mapper = mapper;
    }

    @Override
    public Poll<R> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterCompletion("map");
            case CLOSED: throw Outcomes.polledAfterClose("map");
            default: break;
        }
        Poll<? extends T> poll = upstream.pollNext(cx);
        if (poll.isPending()) {
            return Poll.pending();
        }
        if (!poll.isReady()) {
            terminate();
            return poll.cast();
        }
        T item = poll.value();
        if (item == null) {
            terminate();
            return Poll.failed(Outcomes.nullItem("map"));
        }
        R mapped;
        try {
            mapped = mapper.apply(item);
        } catch (Throwable e) {
            terminate();
            return Poll.failed(Outcomes.userFailure(e));
        }
        if (mapped == null) {
            terminate();
            return Poll.failed(new NullPointerException("map: the function returned null for " + item
                    + " (stream items must not be null)"));
        }
        return Poll.ready(mapped);
    }

    private void terminate() {
        state = State.TERMINATED;
        closeUpstream();
    }

    @Override
    public void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        closeUpstream();
    }

    private void closeUpstream() {
        PollStream<? extends T> owned = upstream;
        upstream = null;
        Closer.close(owned);
    }
}
