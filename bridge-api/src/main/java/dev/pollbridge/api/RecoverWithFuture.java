package dev.pollbridge.api;

import java.util.function.Function;

/**
 * {@link Futures#recoverWith}: on the child's failure, builds a fallback future from the error
 * and awaits it. The failed child is closed before the fallback is built.
 */
final class RecoverWithFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { PRIMARY, FALLBACK, COMPLETE, CLOSED }

    private PollFuture<? extends T> primary;                    // owned in PRIMARY
    private final Function<? super Throwable, ? extends PollFuture<T>> handler;
    private PollFuture<T> fallback;                             // owned in FALLBACK
    private State state = State.PRIMARY;

    RecoverWithFuture(PollFuture<? extends T> primary,
            Function<? super Throwable, ? extends PollFuture<T>> handler) {
        this.primary = SingleUse.claim(primary, "recoverWith");
        this.handler = handler;
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("recoverWith");
            case CLOSED: throw Outcomes.polledAfterClose("recoverWith");
            case PRIMARY:
                Poll<? extends T> primaryPoll = primary.poll(cx);
                if (primaryPoll.isPending()) {
                    return Poll.pending();
                }
                closePrimary();
                if (!primaryPoll.isFailed()) {
                    state = State.COMPLETE;
                    return Outcomes.widen(primaryPoll);
                }
                try {
                    fallback = SingleUse.claim(Checks.notNull(handler.apply(primaryPoll.error()),
                            "the future returned by recoverWith's function"), "recoverWith");
                } catch (Throwable e) {
                    state = State.COMPLETE;
                    Throwable failure = Outcomes.userFailure(e);
                    if (failure != primaryPoll.error()) {
                        failure.addSuppressed(primaryPoll.error());
                    }
                    return Poll.failed(failure);
                }
                state = State.FALLBACK;
                return pollFallback(cx); // the new future must register the waker (rule 5)
            default:
                return pollFallback(cx);
        }
    }

    private Poll<T> pollFallback(Context cx) {
        Poll<T> poll = fallback.poll(cx);
        if (!poll.isPending()) {
            state = State.COMPLETE;
            closeFallback();
        }
        return poll;
    }

    @Override
    public void close() {
        if (state != State.COMPLETE) {
            state = State.CLOSED;
        }
        closePrimary();
        closeFallback();
    }

    private void closePrimary() {
        PollFuture<? extends T> owned = primary;
        primary = null;
        Closer.close(owned);
    }

    private void closeFallback() {
        PollFuture<T> owned = fallback;
        fallback = null;
        Closer.close(owned);
    }
}
