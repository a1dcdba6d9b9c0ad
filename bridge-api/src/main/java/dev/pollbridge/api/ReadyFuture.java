package dev.pollbridge.api;

/**
 * {@link Futures#ready} and {@link Futures#failed}: an outcome known at build time. Closed before
 * its first poll, it drops the value nobody will read (rule 11, {@link Dropped}).
 */
final class ReadyFuture<T> extends SingleUse implements PollFuture<T> {

    private enum State { UNPOLLED, DELIVERED, CLOSED }

    private final Poll<T> outcome;
    private State state = State.UNPOLLED;

    ReadyFuture(Poll<T> outcome) {
        this.outcome = outcome;
    }

    private String name() {
        return outcome.isFailed() ? "Futures.failed" : "Futures.ready";
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case DELIVERED: throw Outcomes.polledAfterCompletion(name());
            case CLOSED: throw Outcomes.polledAfterClose(name());
            default: break;
        }
        state = State.DELIVERED;
        return outcome;
    }

    @Override
    public void close() {
        if (state == State.UNPOLLED) {
            state = State.CLOSED;
            Dropped.closeValueOf(outcome, "the value of a Futures.ready closed before its first poll", Dropped.LOG);
        } else if (state == State.DELIVERED) {
            state = State.CLOSED;
        }
    }
}
