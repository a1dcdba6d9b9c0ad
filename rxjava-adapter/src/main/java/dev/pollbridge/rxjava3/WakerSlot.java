package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Waker;
import io.reactivex.rxjava3.exceptions.Exceptions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The latest waker of the one task that polls a stream of this adapter, and the wake-up handshake
 * with the thread that produces for it (the same protocol as the generic bridge's, which is
 * internal to the runtime).
 *
 * <h2>No lost wake-up (rule 6)</h2>
 * The poller runs {@link #register} and then re-checks the shared state; the producer publishes
 * its change and then runs {@link #wake()}. Both touch the slot with an atomic swap, never a plain
 * store followed by a load on another variable (which store buffering may reorder), so one of the
 * two swaps comes first: either the producer's swap takes the poller's waker and wakes it, or the
 * poller's swap comes after the producer's and its re-check sees what the producer published.
 *
 * <p>A wake takes the waker out of the slot, so a burst of items costs one wake; a stale waker may
 * be woken once after the poller moved on (a wake is a hint, rule 8). A waker that throws is
 * reported to {@code RxJavaPlugins.onError}, never thrown into the producer.
 */
final class WakerSlot {

    private static final VarHandle WAKER;

    static {
        try {
            WAKER = MethodHandles.lookup().findVarHandle(WakerSlot.class, "waker", Waker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Written by the poller (register) and the producer (take), only through {@link #WAKER} swaps. */
    @SuppressWarnings("unused")
    private volatile Waker waker;

    /** Poller: stores the latest waker (rule 7). Re-check the shared state afterwards. */
    void register(Waker latest) {
        WAKER.getAndSet(this, latest);
    }

    /** Producer: after publishing a change, wakes the registered poller, if any. */
    void wake() {
        Waker registered = (Waker) WAKER.getAndSet(this, (Waker) null);
        if (registered != null) {
            try {
                registered.wake();
            } catch (Throwable wakeFailure) {
                Exceptions.throwIfFatal(wakeFailure);
                Undeliverable.report(wakeFailure);
            }
        }
    }

    /** Drops the registered waker without waking it (the poller closed). */
    void clear() {
        WAKER.getAndSet(this, (Waker) null);
    }
}
