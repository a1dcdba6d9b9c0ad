package dev.pollbridge.api;

/**
 * {@link Streams#next}: the first item of a stream, or {@code null} if it ended empty. The
 * stream is closed as soon as the first item (or its end) arrives, like Reactor's
 * {@code Flux.next()}.
 */
final class NextFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    private PollStream<? extends T> upstream; // owned; null once closed
    private State state = State.POLLING;

    NextFuture(PollStream<? extends T> upstream) {
        this.upstream = SingleUse.claim(upstream, "next");
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("next");
            case CLOSED: throw Outcomes.polledAfterClose("next");
            default: break;
        }
        Poll<? extends T> poll = upstream.pollNext(cx);
        if (poll.isPending()) {
            return Poll.pending();
        }
        state = State.COMPLETE;
        closeUpstream();
        if (poll.isDone()) {
            return Poll.ready(null);
        }
        if (poll.isReady() && poll.value() == null) {
            return Poll.failed(Outcomes.nullItem("next"));
        }
        return Outcomes.widen(poll);
    }

    @Override
    public void close() {
        if (state == State.POLLING) {
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
