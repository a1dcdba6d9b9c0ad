package dev.pollbridge.tck.faults;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stream with a script: its items, then an end that may break the contract (a
 * {@code pollNext} that throws or returns {@code null}, or no end at all), and optionally a
 * {@code close()} that throws. It counts polls and closes, and polls the bridge must never make
 * (after the end, after close). Polled by one task at a time.
 */
final class ScriptedStream<T> implements PollStream<T> {

    private enum End { DONE, THROW, NULL, PENDING, ENDLESS }

    private final ArrayDeque<T> items;
    private final End end;
    private final RuntimeException failure;
    private volatile RuntimeException closeThrows;
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger closes = new AtomicInteger();
    private final AtomicInteger misusedPolls = new AtomicInteger();
    private volatile boolean ended;
    private int counter;

    private ScriptedStream(List<T> items, End end, RuntimeException failure) {
        this.items = new ArrayDeque<>(items);
        this.end = end;
        this.failure = failure;
    }

    /** {@code items}, then done. */
    @SafeVarargs
    static <T> ScriptedStream<T> of(T... items) {
        return new ScriptedStream<>(List.of(items), End.DONE, null);
    }

    /** {@code items}, then a {@code pollNext} that throws {@code failure}. */
    static <T> ScriptedStream<T> throwingAfter(List<T> items, RuntimeException failure) {
        return new ScriptedStream<>(items, End.THROW, failure);
    }

    /** {@code items}, then a {@code pollNext} that returns {@code null}. */
    static <T> ScriptedStream<T> nullAfter(List<T> items) {
        return new ScriptedStream<>(items, End.NULL, null);
    }

    /** Pending forever (it keeps no waker: nothing will ever wake it). */
    static <T> ScriptedStream<T> pending() {
        return new ScriptedStream<>(List.of(), End.PENDING, null);
    }

    /** Always ready: {@code 0, 1, 2, ...} without end. */
    static ScriptedStream<Integer> endless() {
        return new ScriptedStream<>(List.of(), End.ENDLESS, null);
    }

    /** Makes {@code close()} throw {@code failure} (after counting the close). */
    ScriptedStream<T> closeThrows(RuntimeException failure) {
        closeThrows = failure;
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Poll<T> pollNext(Context cx) {
        polls.incrementAndGet();
        if (ended || closes.get() > 0) {
            misusedPolls.incrementAndGet();
            throw new IllegalStateException("polled after its end or after close()");
        }
        T item = items.poll();
        if (item != null) {
            return Poll.ready(item);
        }
        switch (end) {
            case DONE:
                ended = true;
                return Poll.done();
            case THROW:
                ended = true;
                throw failure;
            case NULL:
                ended = true;
                return null;
            case PENDING:
                return Poll.pending();
            case ENDLESS:
                return Poll.ready((T) Integer.valueOf(counter++));
            default:
                throw new AssertionError(end);
        }
    }

    @Override
    public void close() {
        closes.incrementAndGet();
        RuntimeException failure = closeThrows;
        if (failure != null) {
            throw failure;
        }
    }

    int polls() {
        return polls.get();
    }

    int closes() {
        return closes.get();
    }

    /** Polls after the end or after close: a correct bridge makes none. */
    int misusedPolls() {
        return misusedPolls.get();
    }
}
