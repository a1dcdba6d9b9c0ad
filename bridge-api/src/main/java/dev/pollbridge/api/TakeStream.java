package dev.pollbridge.api;

/**
 * {@link Streams#take}: at most {@code n} items. Upstream is closed as soon as the n-th item has
 * been taken from it (before that item is handed on), so it stops producing at once; with
 * {@code n == 0} it is never polled.
 */
final class TakeStream<T> extends OneInputStream<T, T> {

    private long remaining;

    TakeStream(PollStream<? extends T> upstream, long limit) {
        super("take", upstream);
        this.remaining = limit;
    }

    @Override
    Poll<T> step(Context cx) {
        if (remaining == 0) {
            terminate();
            return Poll.done();
        }
        Poll<? extends T> poll = pollUpstream(cx);
        if (!poll.isReady()) {
            return poll.cast();
        }
        remaining--;
        if (remaining == 0) {
            closeUpstream(); // the limit is reached: upstream is no longer needed
        }
        return Outcomes.widen(poll);
    }
}
