package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Streams#merge}: items from every input as they arrive.
 *
 * <p><b>Fairness.</b> Each poll scans the inputs starting one position after where the previous
 * poll started (round robin), and returns the first item found. An input that is always ready
 * therefore gets at most one turn in {@code n} as the first to be asked, and cannot starve the
 * others. Every input scanned and found pending holds the poller's waker.
 *
 * <p>An input that ends is closed at once; the merge is done when all are. A failure (or a null
 * item) fails the merge and closes every remaining input.
 */
final class MergeStream<T> extends SingleUse implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    /** Slot i holds input i until it ends or is closed. */
    private final List<PollStream<? extends T>> inputs;
    private int open;
    private int start;
    private State state = State.STREAMING;

    MergeStream(List<PollStream<? extends T>> inputs) {
        SingleUse.claimAll(inputs, "Streams.merge");
        this.inputs = new ArrayList<>(inputs);
        this.open = inputs.size();
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterEnd("merge");
            case CLOSED: throw Outcomes.polledAfterClose("merge");
            default: break;
        }
        int count = inputs.size();
        int first = start;
        start = count == 0 ? 0 : (start + 1) % count; // rotate for the next poll
        for (int step = 0; step < count; step++) {
            int index = (first + step) % count;
            PollStream<? extends T> input = inputs.get(index);
            if (input == null) {
                continue;
            }
            Poll<? extends T> poll = input.pollNext(cx);
            if (poll.isPending()) {
                continue;
            }
            if (poll.isReady()) {
                if (poll.value() == null) {
                    return fail(Outcomes.nullItem("merge"));
                }
                return Outcomes.widen(poll);
            }
            if (poll.isFailed()) {
                return fail(poll.error());
            }
            inputs.set(index, null);
            open--;
            Closer.close(input);
        }
        if (open > 0) {
            return Poll.pending();
        }
        state = State.TERMINATED;
        return Poll.done();
    }

    private Poll<T> fail(Throwable error) {
        state = State.TERMINATED;
        Closer.closeAll(inputs);
        return Poll.failed(error);
    }

    @Override
    public void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        Closer.closeAll(inputs);
    }
}
