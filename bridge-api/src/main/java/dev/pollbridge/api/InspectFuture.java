package dev.pollbridge.api;

import java.util.function.Consumer;

/**
 * {@link Futures#inspect} and {@link Futures#inspectError}: passes the child's outcome through
 * unchanged after showing it to a consumer. A consumer that throws turns the outcome into that
 * failure (with the original failure, if any, added as suppressed).
 */
final class InspectFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    private PollFuture<? extends T> source; // owned; null once closed
    private final Consumer<? super T> onValue;
    private final Consumer<? super Throwable> onError;
    private final String name;
    private State state = State.POLLING;

    private InspectFuture(PollFuture<? extends T> source, Consumer<? super T> onValue,
            Consumer<? super Throwable> onError, String name) {
        this.source = SingleUse.claim(source, name);
        this.onValue = onValue;
        this.onError = onError;
        this.name = name;
    }

    static <T> InspectFuture<T> values(PollFuture<? extends T> source, Consumer<? super T> onValue) {
        return new InspectFuture<>(source, onValue, error -> {}, "inspect");
    }

    static <T> InspectFuture<T> errors(PollFuture<? extends T> source, Consumer<? super Throwable> onError) {
        return new InspectFuture<>(source, value -> {}, onError, "inspectError");
    }

    @Override
    public Poll<T> poll(Context cx) {
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
        closeSource();
        try {
            if (poll.isReady()) {
                onValue.accept(poll.value());
            } else {
                onError.accept(poll.error());
            }
        } catch (Throwable e) {
            Throwable failure = Outcomes.userFailure(e);
            if (poll.isFailed() && failure != poll.error()) {
                failure.addSuppressed(poll.error());
            }
            return Poll.failed(failure);
        }
        return Outcomes.widen(poll);
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
