package dev.pollbridge.tck.faults;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The owner of a bridged stream, as a task body: polls it until it ends or {@code limit} items
 * were taken, then completes with what it saw. The task owns the stream, so the runtime closes it
 * (through {@link #close()}) when the task ends, whichever way.
 */
final class Drain<T> implements PollFuture<Drain.Seen<T>> {

    /** The items taken, and the end: done, failed, or {@code null} if the limit was reached first. */
    record Seen<T>(List<T> items, Poll<T> end) {

        Throwable error() {
            return end.error();
        }
    }

    private final PollStream<T> stream;
    private final int limit;
    private final List<T> items = new ArrayList<>();

    Drain(PollStream<T> stream, int limit) {
        this.stream = stream;
        this.limit = limit;
    }

    /** Takes everything, to the end. */
    Drain(PollStream<T> stream) {
        this(stream, Integer.MAX_VALUE);
    }

    @Override
    public Poll<Seen<T>> poll(Context cx) {
        while (items.size() < limit) {
            Poll<T> next = stream.pollNext(cx);
            if (next.isPending()) {
                return Poll.pending();
            }
            if (!next.isReady()) {
                return Poll.ready(new Seen<>(List.copyOf(items), next));
            }
            items.add(next.value());
        }
        return Poll.ready(new Seen<>(List.copyOf(items), null));
    }

    @Override
    public void close() {
        stream.close();
    }
}
