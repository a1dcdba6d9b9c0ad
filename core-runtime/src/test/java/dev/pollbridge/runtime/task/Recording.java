package dev.pollbridge.runtime.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** Wraps a future and records what {@code probe} says at each poll and at close. */
public final class Recording<T> implements PollFuture<T> {

    private final PollFuture<T> inner;
    private final Supplier<Object> probe;
    /** What the probe said at each poll, in order. */
    public final List<Object> seenInPolls = new CopyOnWriteArrayList<>();
    /** What the probe said at close. */
    public final List<Object> seenAtClose = new CopyOnWriteArrayList<>();

    public Recording(PollFuture<T> inner, Supplier<Object> probe) {
        this.inner = inner;
        this.probe = probe;
    }

    @Override
    public Poll<T> poll(Context cx) {
        seenInPolls.add(String.valueOf(probe.get()));
        return inner.poll(cx);
    }

    @Override
    public void close() {
        seenAtClose.add(String.valueOf(probe.get()));
        inner.close();
    }
}
