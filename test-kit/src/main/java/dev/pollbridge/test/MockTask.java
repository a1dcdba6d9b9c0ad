package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.Objects;

/**
 * Polls a future by hand on the test thread with a {@link CountingWaker}, the way a task would
 * (the analogue of tokio-test's {@code task::spawn}). No runtime, no threads.
 *
 * <pre>{@code
 * try (MockTask<String> task = MockTask.spawn(future)) {
 *     assertPending(task.poll());
 *     source.complete("x");
 *     assertTrue(task.isWoken());
 *     assertReady(task.poll(), "x");
 * }
 * }</pre>
 *
 * The task owns the future: {@link #close()} closes it exactly once.
 *
 * @param <T> the future's value type
 */
public final class MockTask<T> implements AutoCloseable {

    private final PollFuture<T> future;
    private final CountingWaker waker = new CountingWaker();
    private final Context context;
    private boolean closed;

    private MockTask(PollFuture<T> future, Object attachment) {
        this.future = Objects.requireNonNull(future, "future");
        this.context = Context.of(waker, attachment);
    }

    /**
     * A task that owns {@code future}.
     *
     * @param <T> the value type
     * @param future the future under test; the task closes it on {@link #close()}
     * @return a task that has not polled yet
     */
    public static <T> MockTask<T> spawn(PollFuture<T> future) {
        return new MockTask<>(future, null);
    }

    /**
     * A task whose context carries {@code attachment}, as a runtime's would.
     *
     * @param <T> the value type
     * @param future the future under test; the task closes it on {@link #close()}
     * @param attachment what {@link Context#attachment()} returns during its polls
     * @return a task that has not polled yet
     */
    public static <T> MockTask<T> spawn(PollFuture<T> future, Object attachment) {
        return new MockTask<>(future, attachment);
    }

    /**
     * Polls the future once with this task's waker.
     *
     * @return what {@code poll} returned
     */
    public Poll<T> poll() {
        if (closed) {
            throw new IllegalStateException("poll() after close()");
        }
        waker.markPolled();
        return future.poll(context);
    }

    /**
     * True if the waker was called since the last {@link #poll()}.
     *
     * @return true if woken since the last poll
     */
    public boolean isWoken() {
        return waker.isWoken();
    }

    /**
     * How many times the waker was called in all.
     *
     * @return the number of wakes so far
     */
    public long wakeCount() {
        return waker.count();
    }

    /**
     * The waker this task polls with.
     *
     * @return this task's counting waker
     */
    public CountingWaker waker() {
        return waker;
    }

    /**
     * The context this task polls with.
     *
     * @return the context passed to every poll
     */
    public Context context() {
        return context;
    }

    /** Closes the future (once; later calls do nothing). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            future.close();
        }
    }
}
