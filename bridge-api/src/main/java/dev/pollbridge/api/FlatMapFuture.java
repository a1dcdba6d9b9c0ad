package dev.pollbridge.api;

import java.util.function.Function;

/**
 * {@link Futures#flatMap}: awaits its first future, builds the second from the value, then
 * awaits that. The first is closed as soon as it completes; the second is owned from the moment
 * the function returns it.
 */
final class FlatMapFuture<T, R> extends SingleUse implements PollFuture<R> {

    private enum State { FIRST, SECOND, COMPLETE, CLOSED }

    private PollFuture<? extends T> first;                      // owned in FIRST
    private final Function<? super T, ? extends PollFuture<R>> continuation;
    private PollFuture<R> second;                               // owned in SECOND
    private State state = State.FIRST;

    FlatMapFuture(PollFuture<? extends T> first, Function<? super T, ? extends PollFuture<R>> continuation) {
        this.first = SingleUse.claim(first, "flatMap");
        this.continuation = continuation;
    }

    @Override
    public Poll<R> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("flatMap");
            case CLOSED: throw Outcomes.polledAfterClose("flatMap");
            case FIRST:
                Poll<? extends T> firstPoll = first.poll(cx);
                if (firstPoll.isPending()) {
                    return Poll.pending();
                }
                closeFirst();
                if (!firstPoll.isReady()) {
                    state = State.COMPLETE;
                    return firstPoll.cast();
                }
                try {
                    second = SingleUse.claim(Checks.notNull(continuation.apply(firstPoll.value()),
                            "the future returned by flatMap's function"), "flatMap");
                } catch (Throwable e) {
                    state = State.COMPLETE;
                    return Poll.failed(Outcomes.userFailure(e));
                }
                state = State.SECOND;
                // Poll the new future at once: it must register the waker (rule 5).
                return pollSecond(cx);
            default:
                return pollSecond(cx);
        }
    }

    private Poll<R> pollSecond(Context cx) {
        Poll<R> poll = second.poll(cx);
        if (!poll.isPending()) {
            state = State.COMPLETE;
            closeSecond();
        }
        return poll;
    }

    @Override
    public void close() {
        if (state != State.COMPLETE) {
            state = State.CLOSED;
        }
        closeFirst();
        closeSecond();
    }

    private void closeFirst() {
        PollFuture<? extends T> owned = first;
        first = null;
        Closer.close(owned);
    }

    private void closeSecond() {
        PollFuture<R> owned = second;
        second = null;
        Closer.close(owned);
    }
}
