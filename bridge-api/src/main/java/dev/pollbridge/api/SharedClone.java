package dev.pollbridge.api;

/**
 * One clone of a {@link SharedFuture}: an owner's handle on the {@link SharedState} all clones
 * share. Its own fields (finished, closed) are its owner's, like any future's; everything shared
 * is in the state.
 *
 * @param <T> the value type
 */
final class SharedClone<T> extends SingleUse implements SharedFuture<T> {

    private final SharedState<T> shared;
    /** Owner only: the outcome was returned (rule 9). */
    private boolean finished;
    /** Set by the owner's close; read by {@link #share()} from any thread. */
    private volatile boolean closed;

    SharedClone(SharedState<T> shared) {
        this.shared = shared;
    }

    @Override
    public SharedFuture<T> share() {
        if (closed) {
            throw new IllegalStateException("share() on a closed clone of a shared future");
        }
        shared.opened();
        return new SharedClone<>(shared);
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw Outcomes.polledAfterCompletion("Futures.shared");
        }
        if (closed) {
            throw Outcomes.polledAfterClose("Futures.shared");
        }
        Poll<T> outcome = shared.outcome();
        if (outcome == null) {
            shared.register(this, cx.waker()); // before the state is read (rule 6)
            outcome = shared.poll(cx);
            if (outcome.isPending()) {
                return outcome;
            }
        }
        finished = true;
        shared.unregister(this);
        return outcome;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        shared.unregister(this);
        shared.closed();
    }
}
