package dev.pollbridge.api;

import java.util.List;

/**
 * {@link Streams#merge}: items from every input as they arrive.
 *
 * <p><b>Cost of a wake.</b> Each input is polled with a waker of its own ({@link ReadySet}): a
 * poll polls only the inputs that woke since the previous poll, plus the input that yielded the
 * previous item (it may have more without waking), so one wake costs one input poll, not one poll
 * of every input. The first poll polls the inputs in list order.
 *
 * <p><b>Fairness.</b> The inputs to poll form a FIFO queue, and an input that yields an item goes
 * to the back of it: an input that is always ready gets one item in turn with every other input
 * that has one, and cannot starve them.
 *
 * <p>An input that ends is closed at once; the merge is done when all are. A failure (or a null
 * item) fails the merge and closes every remaining input.
 */
final class MergeStream<T> extends SingleUse implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private final ReadySet<PollStream<? extends T>> inputs = new ReadySet<>();
    private State state = State.STREAMING;

    MergeStream(List<PollStream<? extends T>> inputs) {
        SingleUse.claimAll(inputs, "Streams.merge");
        for (PollStream<? extends T> input : inputs) {
            this.inputs.add(input);
        }
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterEnd("merge");
            case CLOSED: throw Outcomes.polledAfterClose("merge");
            default: break;
        }
        inputs.beginPoll(cx);
        for (ReadySet.Node<PollStream<? extends T>> node = inputs.next(); node != null; node = inputs.next()) {
            Poll<? extends T> poll = node.child.pollNext(inputs.contextFor(node, cx));
            if (poll.isPending()) {
                continue;
            }
            if (poll.isReady()) {
                if (poll.value() == null) {
                    return fail(Outcomes.nullItem("merge"));
                }
                inputs.requeue(node); // it may have more: ask it again, after the others queued
                return Outcomes.widen(poll);
            }
            if (poll.isFailed()) {
                return fail(poll.error());
            }
            Closer.close(inputs.remove(node));
        }
        if (inputs.size() > 0) {
            return Poll.pending();
        }
        state = State.TERMINATED;
        inputs.finish();
        return Poll.done();
    }

    private Poll<T> fail(Throwable error) {
        state = State.TERMINATED;
        ReadySet.finishAndCloseAll(inputs);
        return Poll.failed(error);
    }

    @Override
    public void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        ReadySet.finishAndCloseAll(inputs);
    }
}
