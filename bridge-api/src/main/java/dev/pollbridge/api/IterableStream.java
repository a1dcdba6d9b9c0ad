package dev.pollbridge.api;

import java.util.Iterator;

/** {@link Streams#fromIterable}: the iterator is created on the first poll, one item per poll. */
final class IterableStream<T> extends SingleUse implements PollStream<T> {

    private enum State { UNPOLLED, STREAMING, TERMINATED, CLOSED }

    private Iterable<? extends T> source;  // dropped once the iterator exists
    private Iterator<? extends T> iterator; // owned while STREAMING
    private State state = State.UNPOLLED;

    IterableStream(Iterable<? extends T> source) {
        this.source = source;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterEnd("Streams.fromIterable");
            case CLOSED: throw Outcomes.polledAfterClose("Streams.fromIterable");
            default: break;
        }
        try {
            if (state == State.UNPOLLED) {
                iterator = Checks.notNull(source.iterator(), "the iterator of Streams.fromIterable's iterable");
                source = null;
                state = State.STREAMING;
            }
            if (!iterator.hasNext()) {
                terminate();
                return Poll.done();
            }
            T item = iterator.next();
            if (item == null) {
                terminate();
                return Poll.failed(Outcomes.nullItem("Streams.fromIterable"));
            }
            return Poll.ready(item);
        } catch (Throwable e) {
            terminate();
            return Poll.failed(Outcomes.userFailure(e));
        }
    }

    private void terminate() {
        state = State.TERMINATED;
        source = null;
        iterator = null;
    }

    @Override
    public void close() {
        if (state != State.TERMINATED) {
            state = State.CLOSED;
        }
        source = null;
        iterator = null;
    }
}
