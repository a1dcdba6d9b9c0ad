package dev.pollbridge.soak;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A future that watches its owner: it counts its closes and its outcomes (ready, failed, or
 * closed before either: cancelled) and a poll after its end. Every tracked future of a soak run
 * must end with one close and one outcome. Polled by one thread at a time and closed by its owner
 * (possibly another thread: a runtime worker after an abort), so its state is atomic.
 */
final class Tracked<T> implements PollFuture<T> {

    private final PollFuture<T> inner;
    private final AtomicInteger closes = new AtomicInteger();
    private final AtomicInteger outcomes = new AtomicInteger();
    private final AtomicInteger pollsAfterEnd = new AtomicInteger();
    private volatile boolean ended;

    private Tracked(PollFuture<T> inner) {
        this.inner = inner;
    }

    /** Wraps {@code inner} and registers the wrapper in {@code all}. */
    static <T> Tracked<T> of(PollFuture<T> inner, Queue<Tracked<?>> all) {
        Tracked<T> tracked = new Tracked<>(inner);
        all.add(tracked);
        return tracked;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (ended || closes.get() > 0) {
            pollsAfterEnd.incrementAndGet();
            throw new IllegalStateException("polled after its end or close");
        }
        Poll<T> poll = inner.poll(cx);
        if (!poll.isPending()) {
            ended = true;
            outcomes.incrementAndGet();
        }
        return poll;
    }

    @Override
    public void close() {
        if (closes.incrementAndGet() == 1) {
            if (!ended) {
                outcomes.incrementAndGet(); // cancelled
            }
            inner.close();
        }
    }

    int closes() {
        return closes.get();
    }

    /** Empty if this future kept its contract with its owner; what went wrong otherwise. */
    String problems() {
        StringBuilder problems = new StringBuilder();
        if (closes.get() != 1) {
            problems.append(" closed ").append(closes.get()).append(" times;");
        }
        if (outcomes.get() != 1) {
            problems.append(" ").append(outcomes.get()).append(" outcomes;");
        }
        if (pollsAfterEnd.get() != 0) {
            problems.append(" polled ").append(pollsAfterEnd.get()).append(" times after its end;");
        }
        return problems.toString();
    }
}
