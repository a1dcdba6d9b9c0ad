package dev.pollbridge.api;

/**
 * {@link Streams#take}: at most {@code n} items. Upstream is closed as soon as the n-th item has
 * been taken from it (before that item is handed on), so it stops producing at once; with
 * {@code n == 0} it is never polled.
 */
final class TakeStream<T> implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private PollStream<? extends T> upstream; // owned; null once closed
    private long remaining;
    private State state = State.STREAMING;

    TakeStream(PollStream<? extends T> upstream, long limit) {
        this.upstream = upstream;
        this.remaining = limit;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterCompletion("take");
            case CLOSED: throw Outcomes.polledAfterClose("take");
            default: break;
        }
        if (remaining == 0) {
            terminate();
            return Poll.done();
        }
        Poll<? extends T> poll = upstream.pollNext(cx);
        if (poll.isPending()) {
            return Poll.pending();
        }
        if (!poll.isReady()) {
            terminate();
            return poll.cast();
        }
        if (poll.value() == null) {
            terminate();
            return Poll.failed(Outcomes.nullItem("take"));
        }
        remaining--;
        if (remaining == 0) {
            closeUpstream(); // the limit is reached: upstream is no longer needed
        }
        return Outcomes.widen(poll);
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
