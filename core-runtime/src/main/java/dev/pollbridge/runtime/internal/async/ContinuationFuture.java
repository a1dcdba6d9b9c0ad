package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.async.AsyncBody;
import java.util.Objects;

/**
 * The future of {@code Async.run} in continuation mode: each poll runs the body on the polling
 * thread until it suspends in a pending await or ends ({@link ContinuationFiber}); closing it
 * unwinds a suspended body inside {@code close()}.
 *
 * @param <T> the value type
 */
final class ContinuationFuture<T> extends ContinuationFiber<T> implements PollFuture<T> {

    private final AsyncBody<T> body;

    ContinuationFuture(AsyncBody<T> body) {
        super("Async.run future");
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

    @Override
    public Poll<T> poll(Context cx) {
        checkPoll(cx);
        resume(cx);
        return finished() ? deliver() : Poll.pending();
    }

    @Override
    public void close() {
        cancel();
    }
}
