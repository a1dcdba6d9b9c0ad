package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Streams#concat}: every item of the first stream, then of the second, and so on. Each
 * input is closed as soon as it ends; a failure closes the rest and fails the concatenation.
 */
final class ConcatStream<T> extends SingleUse implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    /** Inputs not yet finished; slot {@code current} is the one being drained. Nulled when closed. */
    private final List<PollStream<? extends T>> inputs;
    private int current;
    private State state = State.STREAMING;

    ConcatStream(List<PollStream<? extends T>> inputs) {
        SingleUse.claimAll(inputs, "Streams.concat");
        this.inputs = new ArrayList<>(inputs);
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterEnd("concat");
            case CLOSED: throw Outcomes.polledAfterClose("concat");
            default: break;
        }
        while (current < inputs.size()) {
            PollStream<? extends T> input = inputs.get(current);
            Poll<? extends T> poll = input.pollNext(cx);
            if (poll.isPending()) {
                return Poll.pending();
            }
            if (poll.isReady()) {
                if (poll.value() == null) {
                    return fail(Outcomes.nullItem("concat"));
                }
                return Outcomes.widen(poll);
            }
            if (poll.isFailed()) {
                return fail(poll.error());
            }
            inputs.set(current, null);
            current++;
            Closer.close(input);
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
