package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.async.BodyLauncher;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * <h2>Offers without a suspension: {@link AsyncEmitter#tryEmit}</h2>
 * {@link #offer} holds {@code NO_DEMAND}, {@code DEMAND} or one {@link Offered} item:
 * <pre>
 *   NO_DEMAND --pollNext starts (owner)--&gt; DEMAND
 *   DEMAND --tryEmit (any thread, CAS)--&gt; Offered --pollNext takes it (owner, CAS)--&gt; NO_DEMAND
 *   DEMAND --pollNext returns an emit's item (owner, CAS)--&gt; NO_DEMAND
 *   Offered --withdrawn by its tryEmit, the stream closed or ended meanwhile (CAS)--&gt; DEMAND
 * </pre>
 * So a tryEmit succeeds only while the consumer has polled without getting an item since (the
 * pull model's demand), and at most one item waits. Each offer is a fresh {@link Offered} box:
 * a withdrawal by identity can only take back its own offer, even if the same item object is
 * offered again. The owner looks for an offer after reading the fiber's state
 * ({@link AsyncFiber#serve}); a body thread offers before its next state change, so an item it
 * offered comes out before its next emit's item and before its end. Another thread that offers
 * while the body ends re-reads the state after its CAS: if the stream ended or was closed, it
 * withdraws the offer and returns false unless the owner took it already (then the item was
 * delivered and it returns true). The offer's wake follows the emit's (rule 2 of
 * {@link AsyncFiber}): the offer is written before the waker is swapped out, the owner stores its
 * waker before it reads the offer.
 *
 * @param <T> the item type
 */
final class AsyncStream<T> extends AsyncFiber<Void> implements PollStream<T> {

    /** The consumer is not waiting for an item: a tryEmit fails. */
    private static final Object NO_DEMAND = new Object();
    /** The consumer polled and got no item yet: one tryEmit may succeed. */
    private static final Object DEMAND = new Object();
    private static final VarHandle OFFER;

    static {
        try {
            OFFER = MethodHandles.lookup().findVarHandle(AsyncStream.class, "offer", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AsyncStreamBody<T> body;
    private final AsyncEmitter<T> emitter = new Emitter();
    /** NO_DEMAND, DEMAND or an {@link Offered} item; transitions in the class comment. */
    private volatile Object offer = NO_DEMAND;

    AsyncStream(AsyncStreamBody<T> body, BodyLauncher launcher) {
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
        if (offer != DEMAND || !isOpen()) {
            return false;
        }
        Offered offered = new Offered(item);
        if (!OFFER.compareAndSet(this, DEMAND, offered)) {
            return false; // another offer, or the demand was met by an emit
        }
        if (!isOpen() && OFFER.compareAndSet(this, offered, DEMAND)) {
            return false; // closed or ended before the owner took it: withdrawn, the caller keeps the item
        }
        wakeOwner();
        return true;
    }

    @Override
    Object takeOffered() {
        Object current = offer;
        if (current instanceof Offered && OFFER.compareAndSet(this, current, NO_DEMAND)) {
            return ((Offered) current).item;
        }
        return null;
    }

    @Override
    void demandMet() {
        OFFER.compareAndSet(this, DEMAND, NO_DEMAND);
    }

    /**
     * Takes the item the body is emitting, if any; otherwise serves its pending await or next
     * and returns the end once the body has finished.
     */
    @Override
    public Poll<T> pollNext(Context cx) {
        OFFER.compareAndSet(this, NO_DEMAND, DEMAND); // before the launch: a body may offer its first item at once
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

    /** One accepted {@code tryEmit}: a box of its own, so that only its own offer can be withdrawn. */
    private static final class Offered {
        final Object item;

        Offered(Object item) {
            this.item = item;
        }
    }

    /** The emitter handed to the body (the stream itself is not, so that the body cannot poll or close it). */
    private final class Emitter implements AsyncEmitter<T> {
        @Override
        public void emit(T item) {
            AsyncStream.this.emit(item);
        }

        @Override
        public boolean tryEmit(T item) {
            return AsyncStream.this.tryEmit(item);
        }

        @Override
        public boolean isClosed() {
            return !isOpen();
        }
    }
}
