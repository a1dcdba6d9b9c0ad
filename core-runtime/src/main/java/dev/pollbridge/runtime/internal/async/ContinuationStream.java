package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.async.AsyncEmitter;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * The stream of {@code Async.stream} in continuation mode. {@code emit} is a suspension like an
 * await: the body yields with its item, and the {@code pollNext} that ran it returns the item (or
 * the next one does, when an item offered by {@code tryEmit} came first). The emit returns
 * normally when the body is resumed after its item was taken, by the next poll or by the close:
 * an emit returns normally exactly when the consumer took its item, as in thread mode. Closed
 * before the item was taken, the emit throws {@link java.util.concurrent.CancellationException}
 * and the item stays the body's. Offers of {@code tryEmit} go through the {@link OfferSlot}; the
 * owner stores its waker before it looks at the slot, an offer is written before the waker is
 * swapped out (rule A8).
 *
 * @param <T> the item type
 */
final class ContinuationStream<T> extends ContinuationBody<Void> implements PollStream<T> {

    private static final VarHandle OWNER_WAKER;

    static {
        try {
            OWNER_WAKER = MethodHandles.lookup().findVarHandle(ContinuationStream.class, "ownerWaker", Waker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AsyncStreamBody<T> body;
    private final AsyncEmitter<T> emitter = new Emitter();
    private final OfferSlot offers = new OfferSlot();
    /** The item of the emit the body is suspended in, until a poll takes it. Owner (and mounted body) only. */
    private T emitted;
    /** The owner's latest waker, for offers from other threads. Owner writes; an offer swaps it out. */
    @SuppressWarnings("unused")
    private volatile Waker ownerWaker;

    ContinuationStream(AsyncStreamBody<T> body) {
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    public void run() {
        try {
            body.run(emitter);
            end(Poll.done());
        } catch (Throwable failure) {
            endFailed(failure);
        }
    }

    @Override
    String kind() {
        return "Async.stream";
    }

    @Override
    Object body() {
        return body;
    }

    /** The emitter the body receives (tests race it against the body's start and end). */
    AsyncEmitter<T> emitter() {
        return emitter;
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        checkPoll(cx);
        offers.demand(); // before the run: the body may offer its first item at once
        ownerWaker = cx.waker(); // before looking at the slot (rule A8)
        Poll<T> item = handOut();
        if (item != null) {
            return item;
        }
        if (!CoopBudget.pollProceed(cx)) {
            return Poll.pending(); // rule 16: a body that emits without end must not keep its consumer's worker
        }
        resume(cx);
        item = handOut();
        if (item != null) {
            CoopBudget.consumeOne(); // an item the body produced in this poll spends one unit, as a channel's does
            return item;
        }
        if (finished()) {
            @SuppressWarnings("unchecked")
            T last = (T) offers.takeLast(); // offered before the slot closed: an item ahead of the end; later offers fail
            if (last != null) {
                return Poll.ready(last);
            }
            ownerWaker = null;
            return deliver().cast();
        }
        return Poll.pending();
    }

    /** An offered item first (it was offered before the body's next emit or end), then an emit's. */
    private Poll<T> handOut() {
        @SuppressWarnings("unchecked")
        T offered = (T) offers.take();
        if (offered != null) {
            return Poll.ready(offered);
        }
        T item = emitted;
        if (item != null) {
            emitted = null; // taken: the emit returns normally when the body resumes
            offers.demandMet();
            return Poll.ready(item);
        }
        return null;
    }

    @Override
    public void close() {
        ownerWaker = null;
        cancel();
    }

    @Override
    void dropUnread() {
        offers.dropUnread(describe());
    }

    private void emit(T item) {
        Objects.requireNonNull(item, "Async.stream items must not be null");
        checkSuspendable("AsyncEmitter.emit", false);
        if (isCancelled()) {
            throw cancellation();
        }
        emitted = item;
        try {
            suspend("AsyncEmitter.emit");
        } catch (IllegalStateException pinned) {
            emitted = null; // not handed over: the caller keeps it
            throw pinned;
        }
        if (emitted != null) {
            emitted = null;
            throw cancellation(); // closed before the consumer took it: the item stays the body's
        }
    }

    private boolean tryEmit(T item) {
        Objects.requireNonNull(item, "Async.stream items must not be null");
        return offers.tryOffer(item, this::isOpen, this::wakeOwner);
    }

    private void wakeOwner() {
        Waker waker = (Waker) OWNER_WAKER.getAndSet(this, null);
        if (waker != null) {
            waker.wake();
        }
    }

    /** The emitter handed to the body (the stream itself is not, so that the body cannot poll or close it). */
    private final class Emitter implements AsyncEmitter<T> {
        @Override
        public void emit(T item) {
            ContinuationStream.this.emit(item);
        }

        @Override
        public boolean tryEmit(T item) {
            return ContinuationStream.this.tryEmit(item);
        }

        @Override
        public boolean isClosed() {
            return !isOpen();
        }
    }
}
