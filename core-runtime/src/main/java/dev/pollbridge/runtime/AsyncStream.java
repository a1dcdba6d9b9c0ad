package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.async.BodyLauncher;
import java.util.Objects;

/**
 * The stream of {@link Async#stream(AsyncStreamBody)}.
 *
 * <h2>Hand-over</h2>
 * {@link AsyncEmitter#emit} is a suspension of the body like an await ({@link AsyncFiber}): the
 * body publishes the item and parks; the consumer's {@code pollNext} takes it, resumes the body
 * and returns it. So an item reaches the consumer only in a poll of the consumer, exactly once;
 * the body runs at most one item ahead (the one it is handing over); and an emit returns
 * normally if and only if the consumer took its item, even when the stream is closed right
 * after. Closing the stream while an item waits drops that item, and the emit throws
 * {@link java.util.concurrent.CancellationException}. The body publishes its end only after its
 * last emit returned, so no item is lost behind the end.
 *
 * @param <T> the item type
 */
final class AsyncStream<T> extends AsyncFiber<Void> implements PollStream<T> {

    private final AsyncStreamBody<T> body;

    AsyncStream(AsyncStreamBody<T> body, BodyLauncher launcher) {
        super(launcher, "Async.stream");
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    Poll<Void> execute() throws Exception {
        body.run(this::emit);
        return Poll.done();
    }

    @Override
    Object body() {
        return body;
    }

    private void emit(T item) {
        Objects.requireNonNull(item, "Async.stream items must not be null");
        checkSuspendable("AsyncEmitter.emit");
        suspend(EMIT, item); // returns once the consumer took the item; throws if closed before
    }

    /**
     * Takes the item the body is emitting, if any; otherwise serves its pending await or next
     * and returns the end once the body has finished.
     */
    @Override
    public Poll<T> pollNext(Context cx) {
        beginPoll(cx);
        switch (serve(cx)) { // reads the state after the waker store (AsyncFiber rule 2)
            case EMITTED:
                @SuppressWarnings("unchecked")
                T item = (T) takeEmitted();
                return Poll.ready(item);
            case ENDED:
                return takeOutcome().cast();
            default:
                return Poll.pending();
        }
    }

    @Override
    public void close() {
        cancel();
    }
}
