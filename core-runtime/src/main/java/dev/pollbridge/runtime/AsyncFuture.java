package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.async.BodyLauncher;
import java.util.Objects;

/**
 * The future of {@link Async#run(AsyncBody)}: ready with the body's value, failed with what it
 * threw. The protocol lives in {@link AsyncFiber}; this class adds the body and the future face.
 * Closing it cancels the body ({@link AsyncFiber#cancel()}).
 *
 * @param <T> the value type
 */
final class AsyncFuture<T> extends AsyncFiber<T> implements PollFuture<T> {

    private final AsyncBody<T> body;

    AsyncFuture(AsyncBody<T> body, BodyLauncher launcher) {
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
