package dev.pollbridge.api;

/** {@link Streams#empty} and {@link Streams#failed}: a stream whose only signal is its end. */
final class TerminalStream<T> extends SingleUse implements PollStream<T> {

    private enum State { UNPOLLED, TERMINATED }

    private final Poll<T> end; // done or failed
    private State state = State.UNPOLLED;

    TerminalStream(Poll<T> end) {
        this.end = end;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        if (state == State.TERMINATED) {
            throw Outcomes.polledAfterEnd(end.isDone() ? "Streams.empty" : "Streams.failed");
        }
        state = State.TERMINATED;
        return end;
    }
}
