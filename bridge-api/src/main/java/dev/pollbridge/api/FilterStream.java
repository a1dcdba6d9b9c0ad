package dev.pollbridge.api;

import java.util.function.Predicate;

/**
 * {@link Streams#filter}: only the items the predicate accepts. Skips rejected items in a loop,
 * yielding after {@link Budget#ITEMS_PER_POLL} of them in one poll.
 */
final class FilterStream<T> implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private PollStream<? extends T> upstream; // owned; null once closed
    private final Predicate<? super T> predicate;
    private State state = State.STREAMING;

    FilterStream(PollStream<? extends T> upstream, Predicate<? super T> predicate) {
        this.upstream = upstream;
        this.predicate = predicate;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterCompletion("filter");
            case CLOSED: throw Outcomes.polledAfterClose("filter");
            default: break;
        }
        for (int rejected = 0; rejected < Budget.ITEMS_PER_POLL; rejected++) {
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
                return Poll.failed(Outcomes.nullItem("filter"));
            }
            boolean accepted;
            try {
                accepted = predicate.test(item);
            } catch (Throwable e) {
                terminate();
                return Poll.failed(Outcomes.userFailure(e));
            }
            if (accepted) {
                return Poll.ready(item);
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
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
