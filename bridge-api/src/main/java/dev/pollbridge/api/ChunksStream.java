package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@link Streams#chunks}: the items in lists of {@code size}, the last list shorter if upstream
 * ends mid-way (futures-rs's {@code chunks}, kotlinx's {@code chunked}). A chunk is handed out as
 * soon as it is full; a poll takes at most {@link Budget#ITEMS_PER_POLL} items before it yields,
 * keeping the partial chunk. On a failure of upstream the partial chunk is dropped (its
 * {@link AutoCloseable} items closed) and the failure passed on, as Reactor's {@code buffer(n)}
 * does.
 */
final class ChunksStream<T> extends OneInputStream<T, List<T>> {

    private final int size;
    private ArrayList<T> chunk;

    ChunksStream(PollStream<? extends T> upstream, int size) {
        super("chunks", upstream);
        this.size = size;
        this.chunk = new ArrayList<>(Math.min(size, Budget.ITEMS_PER_POLL));
    }

    @Override
    Poll<List<T>> step(Context cx) {
        if (upstreamEnded()) {
            terminate(); // the last chunk went out in the previous poll
            return Poll.done();
        }
        for (int taken = 0; taken < Budget.ITEMS_PER_POLL; taken++) {
            Poll<? extends T> poll = pollUpstreamKeepingOn(cx);
            if (poll.isPending()) {
                return Poll.pending();
            }
            if (poll.isFailed()) {
                dropChunk(poll.error());
                return poll.cast();
            }
            if (poll.isDone()) {
                if (chunk.isEmpty()) {
                    terminate();
                    return Poll.done();
                }
                return Poll.ready(takeChunk());
            }
            chunk.add(poll.value());
            if (chunk.size() == size) {
                return Poll.ready(takeChunk());
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }

    private List<T> takeChunk() {
        List<T> full = Collections.unmodifiableList(chunk);
        chunk = new ArrayList<>(Math.min(size, Budget.ITEMS_PER_POLL));
        return full;
    }

    private void dropChunk(Throwable failure) {
        Object[] dropped = chunk.toArray();
        chunk.clear();
        Dropped.closeAll(dropped, "an item of a partial chunk that will not be handed out",
                Dropped.suppressedByOrLogged(failure));
    }

    /** Closing drops the partial chunk: not cancel-safe. */
    @Override
    void onClose() {
        dropChunk(null);
    }
}
