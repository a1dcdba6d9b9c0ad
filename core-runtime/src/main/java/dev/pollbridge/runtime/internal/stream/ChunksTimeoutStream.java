package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code RuntimeStreams.chunksTimeout} (Tokio's {@code StreamExt::chunks_timeout}): the items in
 * lists of at most {@code maxSize}; a list goes out when it is full, or when the timeout has
 * passed since its first item, or when upstream ends (then done). Each poll takes upstream's ready
 * items first (at most {@link #ITEMS_PER_POLL} before it yields), then checks the timer. A
 * failure of upstream drops the partial chunk. One timer, moved at each chunk's first item.
 */
final class ChunksTimeoutStream<T> extends TimedStream<T, List<T>> {

    private final int maxSize;
    private final long timeoutNanos;
    private ArrayList<T> chunk = new ArrayList<>();

    ChunksTimeoutStream(PollStream<? extends T> upstream, int maxSize, Duration timeout, Engine engine) {
        super("chunksTimeout", upstream, engine);
        this.maxSize = maxSize;
        this.timeoutNanos = Nanos.saturated(timeout);
    }

    @Override
    Poll<List<T>> step(Context cx) {
        if (upstreamEnded()) {
            return end(); // the last chunk went out in the previous poll
        }
        for (int taken = 0; taken < ITEMS_PER_POLL; taken++) {
            Poll<? extends T> poll = pollUpstream(cx);
            if (poll.isPending()) {
                return chunk.isEmpty() ? Poll.pending() : timedOut(cx);
            }
            if (poll.isFailed()) {
                return poll.cast();
            }
            if (poll.isDone()) {
                return chunk.isEmpty() ? end() : Poll.ready(takeChunk());
            }
            if (chunk.isEmpty()) {
                armTimer(Nanos.plus(now(), timeoutNanos));
            }
            chunk.add(poll.value());
            if (chunk.size() == maxSize) {
                return Poll.ready(takeChunk());
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }

    /** Upstream is pending and a chunk is open: it goes out if its time is up. */
    private Poll<List<T>> timedOut(Context cx) {
        Poll<Void> deadline = pollTimer(cx);
        return deadline.isReady() ? Poll.ready(takeChunk()) : deadline.cast();
    }

    private List<T> takeChunk() {
        List<T> full = Collections.unmodifiableList(chunk);
        chunk = new ArrayList<>();
        return full;
    }

    @Override
    void dropHeld(Throwable failure) {
        List<T> partial = chunk;
        chunk = new ArrayList<>();
        Dropped.items(partial, failure, engine, name);
    }
}
