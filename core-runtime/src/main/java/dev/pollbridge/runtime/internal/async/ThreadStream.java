package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.async.AsyncEmitter;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import java.util.Objects;

/**
 * The stream of {@code Async.stream} in thread mode.
 *
 * <h2>Hand-over</h2>
 * {@link AsyncEmitter#emit} is a suspension of the body like an await ({@link ThreadFiber}): the
 * body publishes the item and parks; the consumer's {@code pollNext} takes it, resumes the body
 * and returns it. So an item reaches the consumer only in a poll of the consumer, exactly once;
 * the body runs at most one item ahead (the one it is handing over); and an emit returns
 * normally if and only if the consumer took its item, even when the stream is closed right
 * after. Closing the stream while an item waits drops that item, and the emit throws
 * {@link java.util.concurrent.CancellationException}. The body publishes its end only after its
 * last emit returned, so no item is lost behind the end.
 *
 * <h2>Offers without a suspension: {@link AsyncEmitter#tryEmit}</h2>
 * The {@link OfferSlot}, shared with the continuation engine. The owner looks for an offer after
 * reading the fiber's state ({@link ThreadFiber#serve}); a body thread offers before its next
 * state change, so an item it offered comes out before its next emit's item and before its end.
 * The offer's wake follows the emit's (rule 2 of {@link ThreadFiber}): the offer is written
 * before the waker is swapped out, the owner stores its waker before it reads the offer. An
 * accepted offer the consumer never reads is closed at the close (rule A8).
 *
 * @param <T> the item type
 */
final class ThreadStream<T> extends ThreadBody<Void> implements PollStream<T> {

    private final AsyncStreamBody<T> body;
    private final AsyncEmitter<T> emitter = new Emitter();
    private final OfferSlot offers = new OfferSlot();

    ThreadStream(AsyncStreamBody<T> body, BodyLauncher launcher) {
        super(launcher, "Async.stream");
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    Poll<Void> execute() throws Exception {
        body.run(emitter);
        return Poll.done();
    }

    @Override
    Object body() {
        return body;
    }

    /** The emitter the body receives (stress tests race it against the body's start and end). */
    AsyncEmitter<T> emitter() {
        return emitter;
    }

    private void emit(T item) {
        Objects.requireNonNull(item, "Async.stream items must not be null");
        checkSuspendable("AsyncEmitter.emit");
        suspend(EMIT, item); // returns once the consumer took the item; throws if closed before
    }

    /** See {@link AsyncEmitter#tryEmit}. Any thread; never blocks. */
    private boolean tryEmit(T item) {
        Objects.requireNonNull(item, "Async.stream items must not be null");
        return offers.tryOffer(item, this::isOpen, this::wakeOwner);
    }

    @Override
    Object takeOffered(boolean ended) {
        return ended ? offers.takeLast() : offers.take();
    }

    @Override
    void demandMet() {
        offers.demandMet();
    }

    @Override
    void dropUnread() {
        offers.dropUnread(describe());
    }

    /**
     * Takes the item the body is emitting, if any; otherwise serves its pending await or next
     * and returns the end once the body has finished.
     */
    @Override
    public Poll<T> pollNext(Context cx) {
        offers.demand(); // before the launch: a body may offer its first item at once
        beginPoll(cx);
        switch (serve(cx)) { // reads the state after the waker store (ThreadFiber rule 2)
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

    /** The emitter handed to the body (the stream itself is not, so that the body cannot poll or close it). */
    private final class Emitter implements AsyncEmitter<T> {
        @Override
        public void emit(T item) {
            ThreadStream.this.emit(item);
        }

        @Override
        public boolean tryEmit(T item) {
            return ThreadStream.this.tryEmit(item);
        }

        @Override
        public boolean isClosed() {
            return !isOpen();
        }
    }
}
