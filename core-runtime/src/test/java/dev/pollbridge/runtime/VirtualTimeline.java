package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.CurrentThreadEngine;
import dev.pollbridge.test.MockStreamTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A runtime without worker threads on a virtual clock, driven by the test thread: the
 * counterpart of kotlinx's {@code withVirtualTime} and Tokio's {@code start_paused}. Spawned tasks
 * run only in {@link #runUntilIdle()} and {@link #advance}; timers fire only in {@link #advance}.
 */
final class VirtualTimeline implements AutoCloseable {

    final VirtualClock clock = new VirtualClock();
    final PollRuntime runtime = PollRuntime.builder().workers(0).clock(clock).build();
    private final CurrentThreadEngine engine = (CurrentThreadEngine) runtime.engine();
    private final long start = clock.nanoTime();

    /** Milliseconds of virtual time since this timeline was made. */
    long millis() {
        return (clock.nanoTime() - start) / 1_000_000L;
    }

    /** Runs the queued tasks until none is queued. */
    void runUntilIdle() {
        engine.runUntilIdle();
    }

    /** Runs the tasks, moves the clock by {@code millis} in one jump (firing due timers), runs the tasks. */
    void advance(long millis) {
        runUntilIdle();
        clock.advance(Duration.ofMillis(millis));
        runUntilIdle();
    }

    /** kotlinx's {@code flow { emit(a); delay(t); emit(b); ... }}: a script of items and delays. */
    <T> Script<T> script() {
        return new Script<>(runtime);
    }

    /**
     * Collects {@code stream} to its end as a task awaiting it would: polls, and while pending
     * moves virtual time 1 ms at a time (running the spawned tasks) until woken. Each item is
     * recorded with the virtual millisecond it came at.
     */
    <T> List<Timed<T>> collect(PollStream<T> stream, long limitMillis) {
        List<Timed<T>> items = new ArrayList<>();
        try (MockStreamTask<T> task = MockStreamTask.spawn(stream)) {
            while (true) {
                Poll<T> poll = task.pollNext();
                if (poll.isReady()) {
                    items.add(new Timed<>(poll.value(), millis()));
                    continue;
                }
                if (poll.isDone()) {
                    return items;
                }
                if (poll.isFailed()) {
                    throw new Failed(items, poll.error());
                }
                runUntilIdle();
                while (!task.isWoken()) {
                    if (millis() > limitMillis) {
                        throw new AssertionError("still pending at " + millis() + " ms, after " + items);
                    }
                    advance(1);
                }
            }
        }
    }

    /** {@link #collect}, the items only. */
    <T> List<T> items(PollStream<T> stream, long limitMillis) {
        List<T> values = new ArrayList<>();
        collect(stream, limitMillis).forEach(timed -> values.add(timed.item()));
        return values;
    }

    @Override
    public void close() {
        runtime.close();
    }

    /** An item and the virtual millisecond it came at. */
    record Timed<T>(T item, long at) {}

    /** What {@link #collect} throws when the stream fails: the items before, and the failure. */
    static final class Failed extends RuntimeException {
        final List<?> before;

        Failed(List<?> before, Throwable failure) {
            super("failed after " + before, failure);
            this.before = before;
        }
    }

    /**
     * A stream that yields its items and waits its delays in order, each delay counted from when
     * the item before it was taken (a kotlinx {@code flow} builder's {@code emit} waits for the
     * collector): a real {@code Sleep} of the runtime per delay. Counts its polls and closes.
     */
    static final class Script<T> implements PollStream<T> {
        private final PollRuntime runtime;
        private final List<Object> steps = new ArrayList<>();
        private int next;
        private PollFuture<Void> sleeping;
        private RuntimeException failure;
        int closes;
        boolean hangs;

        Script(PollRuntime runtime) {
            this.runtime = runtime;
        }

        Script<T> emit(T item) {
            steps.add(item);
            return this;
        }

        Script<T> delay(long millis) {
            steps.add(Duration.ofMillis(millis));
            return this;
        }

        /** After the steps, fail instead of ending. */
        Script<T> thenFail(RuntimeException error) {
            failure = error;
            return this;
        }

        /** After the steps, stay pending for ever instead of ending. */
        Script<T> thenHang() {
            hangs = true;
            return this;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Poll<T> pollNext(Context cx) {
            if (closes > 0) {
                throw new IllegalStateException("script polled after close");
            }
            while (next < steps.size()) {
                Object step = steps.get(next);
                if (step instanceof Duration) {
                    if (sleeping == null) {
                        sleeping = runtime.sleep((Duration) step);
                    }
                    if (sleeping.poll(cx).isPending()) {
                        return Poll.pending();
                    }
                    sleeping.close();
                    sleeping = null;
                    next++;
                    continue;
                }
                next++;
                return Poll.ready((T) step);
            }
            if (hangs) {
                return Poll.pending();
            }
            return failure != null ? Poll.failed(failure) : Poll.done();
        }

        @Override
        public void close() {
            closes++;
            if (sleeping != null) {
                sleeping.close();
            }
        }
    }
}
