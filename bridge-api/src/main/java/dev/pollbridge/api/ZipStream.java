package dev.pollbridge.api;

import java.util.List;
import java.util.function.BiFunction;

/**
 * {@link Streams#zip}: pairs the items of two streams, the n-th with the n-th, combined by a
 * function; done as soon as either input ends (futures-rs's {@code Zip}, kotlinx's {@code zip}).
 *
 * <p>Each poll asks an input for an item only while this zip holds none of that input's, so an
 * item taken from the faster input waits (one at most) for its partner; both inputs hold the
 * task's waker when the zip is pending. When one input ends, both are closed and a waiting item of
 * the other is dropped (closed if it is {@link AutoCloseable}).
 *
 * <p>Polled and closed by the owner only, so no field needs synchronisation.
 */
final class ZipStream<A, B, R> extends SingleUse implements PollStream<R> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private final BiFunction<? super A, ? super B, ? extends R> combiner;
    private PollStream<? extends A> left; // owned; null once closed
    private PollStream<? extends B> right;
    /** An item taken from one input, waiting for the other's; null if none. */
    private A leftItem;
    private B rightItem;
    private State state = State.STREAMING;

    ZipStream(PollStream<? extends A> left, PollStream<? extends B> right,
            BiFunction<? super A, ? super B, ? extends R> combiner) {
        SingleUse.claimAll(List.of(left, right), "Streams.zip"); // rule 11: zip(s, s) is refused too
        this.left = left;
        this.right = right;
        this.combiner = combiner;
    }

    @Override
    public Poll<R> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterCompletion("zip");
            case CLOSED: throw Outcomes.polledAfterClose("zip");
            default: break;
        }
        if (leftItem == null) {
            Poll<? extends A> poll = left.pollNext(cx);
            if (poll.isTerminal()) {
                return end(poll.isFailed() ? poll.error() : null);
            }
            if (poll.isReady()) {
                if (poll.value() == null) {
                    return end(Outcomes.nullItem("zip"));
                }
                leftItem = poll.value();
            }
        }
        if (rightItem == null) {
            Poll<? extends B> poll = right.pollNext(cx);
            if (poll.isTerminal()) {
                return end(poll.isFailed() ? poll.error() : null);
            }
            if (poll.isReady()) {
                if (poll.value() == null) {
                    return end(Outcomes.nullItem("zip"));
                }
                rightItem = poll.value();
            }
        }
        if (leftItem == null || rightItem == null) {
            return Poll.pending(); // the input without an item holds the waker
        }
        A a = leftItem;
        B b = rightItem;
        leftItem = null;
        rightItem = null;
        R combined;
        try {
            combined = combiner.apply(a, b);
        } catch (Throwable e) {
            return end(Outcomes.userFailure(e));
        }
        if (combined == null) {
            return end(new NullPointerException("zip: the function returned null for " + a + " and " + b
                    + " (stream items must not be null)"));
        }
        return Poll.ready(combined);
    }

    /** Ends the zip: done if {@code error} is null, else failed; both inputs closed. */
    private Poll<R> end(Throwable error) {
        state = State.TERMINATED;
        closeAll(error);
        return error == null ? Poll.done() : Poll.failed(error);
    }

    private void closeAll(Throwable failure) {
        PollStream<? extends A> ownedLeft = left;
        PollStream<? extends B> ownedRight = right;
        left = null;
        right = null;
        Object[] dropped = {leftItem, rightItem};
        leftItem = null;
        rightItem = null;
        try {
            Closer.close(ownedLeft);
        } finally {
            try {
                Closer.close(ownedRight);
            } finally {
                Dropped.closeAll(dropped, "an item zip took and will not pair",
                Dropped.suppressedByOrLogged(failure));
            }
        }
    }

    @Override
    public void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        closeAll(null);
    }
}
