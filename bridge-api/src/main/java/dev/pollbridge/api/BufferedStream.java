package dev.pollbridge.api;

import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * {@link Streams#bufferUnordered}, {@link Streams#buffered} and {@link Streams#mapAsync}: takes
 * futures from upstream and runs up to {@code limit} of them at once inside the polling task, in
 * a {@link FuturesUnordered} (values in completion order) or a {@link FuturesOrdered} (values in
 * upstream order), as futures-rs's {@code BufferUnordered} and {@code Buffered} do.
 *
 * <p>Each poll first tops the set up from upstream (polled with the task's own context, while
 * fewer than {@code limit} futures are in the set and upstream has one ready), then polls the set,
 * which polls only the futures that woke. Done once upstream ended and the set is empty. A
 * failure of upstream or of a future (or a null future or value) fails the stream and closes
 * upstream and every future in the set.
 *
 * <p>Polled and closed by the owner only, so no field needs synchronisation.
 */
final class BufferedStream<T> extends SingleUse implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private final String name;
    private final int limit;
    /** The set the futures run in, and how to add one and count them. */
    private final PollStream<T> running;
    private final Consumer<PollFuture<? extends T>> push;
    private final IntSupplier inFlight;
    private PollStream<? extends PollFuture<? extends T>> upstream; // owned; null once closed
    private State state = State.STREAMING;

    private BufferedStream(String name, PollStream<? extends PollFuture<? extends T>> upstream, int limit,
            PollStream<T> running, Consumer<PollFuture<? extends T>> push, IntSupplier inFlight) {
        this.name = name;
        this.upstream = SingleUse.claim(upstream, name);
        this.limit = limit;
        this.running = running;
        this.push = push;
        this.inFlight = inFlight;
    }

    /** Values in completion order. */
    static <T> BufferedStream<T> unordered(String name, PollStream<? extends PollFuture<? extends T>> upstream,
            int limit) {
        FuturesUnordered<T> set = new FuturesUnordered<>(name);
        return new BufferedStream<T>(name, upstream, limit, set, future -> set.push(future), set::size);
    }

    /** Values in upstream order. */
    static <T> BufferedStream<T> ordered(String name, PollStream<? extends PollFuture<? extends T>> upstream,
            int limit) {
        FuturesOrdered<T> queue = new FuturesOrdered<>(name);
        return new BufferedStream<T>(name, upstream, limit, queue, future -> queue.pushBack(future), queue::size);
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw Outcomes.polledAfterCompletion(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            default: break;
        }
        while (upstream != null && inFlight.getAsInt() < limit) {
            Poll<? extends PollFuture<? extends T>> next = upstream.pollNext(cx);
            if (next.isPending()) {
                break;
            }
            if (next.isReady()) {
                if (next.value() == null) {
                    return fail(Outcomes.nullItem(name));
                }
                push.accept(next.value());
            } else if (next.isDone()) {
                closeUpstream();
            } else {
                return fail(next.error());
            }
        }
        if (inFlight.getAsInt() > 0) {
            Poll<T> poll = running.pollNext(cx);
            if (poll.isFailed()) {
                return fail(poll.error()); // the set closed its futures already
            }
            if (!poll.isDone()) {
                return poll; // a value, or pending with every future (and upstream) holding a waker
            }
        }
        if (upstream == null) {
            state = State.TERMINATED;
            running.close();
            return Poll.done();
        }
        return Poll.pending(); // upstream holds the task's waker
    }

    private Poll<T> fail(Throwable error) {
        state = State.TERMINATED;
        try {
            closeUpstream();
        } finally {
            running.close();
        }
        return Poll.failed(error);
    }

    private void closeUpstream() {
        PollStream<? extends PollFuture<? extends T>> owned = upstream;
        upstream = null;
        Closer.close(owned);
    }

    @Override
    public void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        try {
            closeUpstream();
        } finally {
            running.close();
        }
    }
}
