package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Dropped;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;

/**
 * The one-item slot behind {@code AsyncEmitter.tryEmit}, the same in both engines (rule A8).
 *
 * <pre>
 *   NO_DEMAND --pollNext starts (owner)--&gt; DEMAND
 *   DEMAND --tryEmit (any thread, CAS)--&gt; Offered --pollNext takes it (owner, CAS)--&gt; NO_DEMAND
 *   DEMAND --pollNext returns an emit's item (owner, CAS)--&gt; NO_DEMAND
 *   Offered --withdrawn by its tryEmit, the stream closed or ended meanwhile (CAS)--&gt; DEMAND
 *   any --the body ended and the owner is about to return the end, or the stream is closed
 *         (owner, getAndSet)--&gt; CLOSED (terminal); an Offered found is returned (end) or dropped (close)
 * </pre>
 * So a tryEmit succeeds only while the consumer has polled without getting an item since (the
 * pull model's demand), and at most one item waits. Each offer is a fresh {@link Offered} box: a
 * withdrawal by identity can only take back its own offer. An offer that a tryEmit withdraws
 * stays the caller's (it returns false); one that the owner takes (to return it, or to drop it at
 * close) is the stream's: exactly one of the two CASes wins.
 *
 * <p>Why CLOSED: without it, an offer could land in the DEMAND that the end's last poll left
 * behind (its tryEmit saw the stream open just before the body ended), and the consumer's close
 * right after the end would take it to drop before its tryEmit could withdraw it: true for an
 * item that was never going to be read. With CLOSED, the owner claims the slot once for good
 * before it returns the end ({@link #takeLast}): an offer that landed before is returned as an
 * item ahead of the end, and every later one fails its CAS and stays its caller's.
 */
final class OfferSlot {

    /** The consumer is not waiting for an item: a tryEmit fails. */
    private static final Object NO_DEMAND = new Object();
    /** The consumer polled and got no item yet: one tryEmit may succeed. */
    private static final Object DEMAND = new Object();
    /** Terminal: the consumer got the end or closed the stream; every tryEmit fails. */
    private static final Object CLOSED = new Object();
    private static final VarHandle OFFER;

    static {
        try {
            OFFER = MethodHandles.lookup().findVarHandle(OfferSlot.class, "offer", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** NO_DEMAND, DEMAND, an {@link Offered} or CLOSED; transitions in the class comment. */
    private volatile Object offer = NO_DEMAND;

    /** Owner, at the start of a pollNext: the consumer waits for an item. */
    void demand() {
        OFFER.compareAndSet(this, NO_DEMAND, DEMAND);
    }

    /** Owner: the poll returns an emit's item, so the demand is met. */
    void demandMet() {
        OFFER.compareAndSet(this, DEMAND, NO_DEMAND);
    }

    /**
     * Any thread: offers {@code item}. {@code open} tells whether the stream still takes items;
     * it is read again after a successful offer, which is withdrawn if the stream closed or ended
     * meanwhile (unless the owner took it already). {@code wake} runs after an accepted offer.
     */
    boolean tryOffer(Object item, BooleanSupplier open, Runnable wake) {
        if (offer != DEMAND || !open.getAsBoolean()) {
            return false;
        }
        Offered offered = new Offered(item);
        if (!OFFER.compareAndSet(this, DEMAND, offered)) {
            return false; // another offer, or the demand was met by an emit
        }
        if (!open.getAsBoolean() && OFFER.compareAndSet(this, offered, DEMAND)) {
            return false; // closed or ended before the owner took it: withdrawn, the caller keeps the item
        }
        wake.run();
        return true;
    }

    /** Owner: takes an offered item, or returns null. */
    Object take() {
        Object current = offer;
        if (current instanceof Offered && OFFER.compareAndSet(this, current, NO_DEMAND)) {
            return ((Offered) current).item;
        }
        return null;
    }

    /**
     * Owner, once the body has ended and before the poll returns the end, and at close: closes
     * the slot for good and returns the item offered before that, or null. After it, every
     * tryEmit returns false (its offer CAS fails, or a withdrawal takes it back).
     */
    Object takeLast() {
        Object last = OFFER.getAndSet(this, CLOSED);
        return last instanceof Offered ? ((Offered) last).item : null;
    }

    /**
     * Owner, at close: an item a tryEmit handed over that the consumer will never read is the
     * stream's to drop ({@link Dropped}: closed if it is {@link AutoCloseable}, a failing close
     * reported to the closer's unwind scope, or the log). Never throws.
     */
    void dropUnread(String stream) {
        Object offered = takeLast();
        if (offered != null) {
            UnwindScope scope = UnwindScopes.current();
            Dropped.close(offered, "an item tryEmit handed to " + stream, (source, failure) -> Endings.report(failure, source, scope));
        }
    }

    /** One accepted {@code tryEmit}: a box of its own, so that only its own offer can be withdrawn. */
    private static final class Offered {
        final Object item;

        Offered(Object item) {
            this.item = item;
        }
    }
}
