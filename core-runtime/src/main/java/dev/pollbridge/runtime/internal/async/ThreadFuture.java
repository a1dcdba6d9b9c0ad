package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.async.AsyncBody;
import java.util.Objects;

/**
 * The future of {@code Async.run} in thread mode: ready with the body's value, failed with what
 * it threw. The protocol lives in {@link ThreadFiber}; this class adds the body and the future
 * face. Closing it cancels the body ({@link ThreadFiber#cancel()}).
 *
 * @param <T> the value type
 */
final class ThreadFuture<T> extends ThreadFiber<T> implements PollFuture<T> {

    private final AsyncBody<T> body;

    ThreadFuture(AsyncBody<T> body, BodyLauncher launcher) {
        super(launcher, "Async.run future");
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    Poll<T> execute() throws Exception {
        return Poll.ready(body.run());
    }

    @Override
    Object body() {
        return body;
    }

    /**
     * Serves the body's pending await (polling the awaited future on this thread, with
     * {@code cx}) and returns the body's outcome once it has finished.
     */
    @Override
    public Poll<T> poll(Context cx) {
        beginPoll(cx);
        return serve(cx) == ENDED ? takeOutcome() : Poll.pending(); // serve reads the state after the waker store (rule 2)
    }

    @Override
    public void close() {
        cancel();
    }
}
