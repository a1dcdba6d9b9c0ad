package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A {@link BatchStream} whose items are all there from the start, then done: counts how many
 * were taken through the batch path and how many through {@code pollNext}, and enforces the
 * batch path's rules (owner use only before the end and before close).
 */
final class ReadyStream<T> implements BatchStream<T> {

    private final Deque<T> items = new ArrayDeque<>();
    int takes;
    int polls;
    int closes;
    private boolean ended;

    @SafeVarargs
    ReadyStream(T... items) {
        this.items.addAll(java.util.List.of(items));
    }

    void add(T item) {
        items.add(item);
    }

    @Override
    public T takeReady() {
        check();
        T item = items.poll();
        if (item != null) {
            takes++;
        }
        return item;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        check();
        polls++;
        T item = items.poll();
        if (item != null) {
            return Poll.ready(item);
        }
        ended = true;
        return Poll.done();
    }

    private void check() {
        if (ended || closes > 0) {
            throw new IllegalStateException("used after the end or close");
        }
    }

    @Override
    public void close() {
        closes++;
    }
}
