package dev.pollbridge.api;

/**
 * The frame shared by the stream operators with one input ({@link MapStream}, {@link FilterStream},
 * {@link TakeStream}): the lifecycle state, ownership of the upstream (closed exactly once, as soon
 * as it is no longer needed), and how the upstream's end or a null item ends this stream.
 *
 * <p>States: STREAMING, then TERMINATED (this stream returned done or failed) or CLOSED (closed
 * before that); both are final and a poll in either throws {@link IllegalStateException}. Polled
 * and closed by the owner's thread only, so no field needs synchronisation.
 *
 * @param <T> the upstream item type
 * @param <R> this stream's item type
 */
abstract class OneInputStream<T, R> extends SingleUse implements PollStream<R> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private final String name;
    private PollStream<? extends T> upstream; // owned; null once closed
    private State state = State.STREAMING;

    OneInputStream(String name, PollStream<? extends T> upstream) {
        this.name = name;
        this.upstream = SingleUse.claim(upstream, name);
    }

    @Override
    public final Poll<R> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterEnd(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            default: return step(cx);
        }
    }

    /** One poll of the operator, in the STREAMING state. */
    abstract Poll<R> step(Context cx);

    /**
     * Polls the upstream once. Returns {@code pending}, {@code ready} with a non-null item, or this
     * stream's own end (the upstream's done or failure, or a {@link NullPointerException} for a null
     * item), in which case this stream has already terminated.
     */
    final Poll<? extends T> pollUpstream(Context cx) {
        Poll<? extends T> poll = upstream.pollNext(cx);
        if (poll.isPending()) {
            return poll;
        }
        if (!poll.isReady()) {
            terminate();
            return poll;
        }
        if (poll.value() == null) {
            terminate();
            return Poll.failed(Outcomes.nullItem(name));
        }
        return poll;
    }

    /** This stream returns done or failed now: the upstream is closed. */
    final void terminate() {
        state = State.TERMINATED;
        closeUpstream();
    }

    /** Closes the upstream early (it is no longer needed); idempotent. */
    final void closeUpstream() {
        PollStream<? extends T> owned = upstream;
        upstream = null;
        Closer.close(owned);
    }

    @Override
    public final void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        closeUpstream();
    }
}
