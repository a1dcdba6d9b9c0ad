package dev.pollbridge.api;

/**
 * The frame shared by the stream operators with one input ({@link MapStream}, {@link FilterStream},
 * {@link TakeStream}, {@link ScanStream}, {@link DistinctStream}, {@link ChunksStream}): the
 * lifecycle state, ownership of the upstream (closed exactly once, as soon as it is no longer
 * needed), and how the upstream's end or a null item ends this stream.
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
        Poll<? extends T> poll = pollUpstreamKeepingOn(cx);
        if (poll.isDone()) {
            terminate();
        }
        return poll;
    }

    /**
     * Like {@link #pollUpstream}, except that the upstream's {@code done} does not end this
     * stream: the upstream is closed ({@link #upstreamEnded()} turns true) and {@code done} is
     * returned, and this stream goes on until it calls {@link #terminate()} itself, for operators
     * that still have something to hand out when upstream ends (a last chunk, a held item).
     */
    final Poll<? extends T> pollUpstreamKeepingOn(Context cx) {
        Poll<? extends T> poll = upstream.pollNext(cx);
        if (poll.isPending()) {
            return poll;
        }
        if (poll.isDone()) {
            closeUpstream();
            return poll;
        }
        if (poll.isFailed()) {
            terminate();
            return poll;
        }
        if (poll.value() == null) {
            terminate();
            return Poll.failed(Outcomes.nullItem(name));
        }
        return poll;
    }

    /** True once the upstream was closed (it ended, or this stream no longer needs it). */
    final boolean upstreamEnded() {
        return upstream == null;
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
        try {
            closeUpstream();
        } finally {
            onClose();
        }
    }

    /** Drops what the operator holds besides the upstream (a partial chunk); called by every close. */
    void onClose() {}
}
