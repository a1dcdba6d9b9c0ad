package dev.pollbridge.api;

/** {@link Futures#ready} and {@link Futures#failed}: an outcome known at build time. */
final class ReadyFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { UNPOLLED, DELIVERED }

    private final Poll<T> outcome;
    private State state = State.UNPOLLED;

    ReadyFuture(Poll<T> outcome) {
        this.outcome = outcome;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (state == State.DELIVERED) {
            throw Outcomes.polledAfterCompletion(outcome.isFailed() ? "Futures.failed" : "Futures.ready");
        }
        state = State.DELIVERED;
        return outcome;
    }
}
