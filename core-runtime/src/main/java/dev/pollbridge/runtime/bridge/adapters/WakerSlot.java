package dev.pollbridge.runtime.bridge.adapters;

import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The latest waker of the one task that polls a bridge, and the wake-up handshake with the
 * thread that produces for it. Used by the generic Reactive Streams bridge and by the adapters.
 *
 * <h2>No lost wake-up (rule 6)</h2>
 * The poller runs {@code register(waker)} and then re-checks the shared state; the producer
 * publishes the change and then runs {@link #wake()}. Both steps that touch the slot are atomic
 * swaps ({@code getAndSet}), never a plain store or load, because a store followed by a load
 * on the other variable may be reordered (store buffering), which would let each side miss
 * the other. With two swaps on the same variable one of them comes first in the
 * synchronization order: if the poller's swap is first, the producer's swap takes the waker
 * and wakes it; if the producer's is first, the poller's swap reads what the producer wrote,
 * so everything the producer published before waking is visible to the poller's re-check.
 *
 * <p>A wake takes the waker out of the slot, so a burst of items costs one wake (and, with
 * {@link #wakeIfRegistered()} after a fence, one swap). A stale waker
 * may be woken once after the poller moved on; a wake is only a hint (rule 8).
 *
 * <h2>A waker that throws</h2>
 * With the {@linkplain #WakerSlot() plain constructor} the exception reaches the producing thread
 * that called {@link #wake()}; an adapter whose library has a place for errors nobody can take
 * passes that place to {@link #WakerSlot(Consumer)} instead, and the producer carries on.
 */
public final class WakerSlot {

    private static final VarHandle WAKER;

    static {
        try {
            WAKER = MethodHandles.lookup().findVarHandle(WakerSlot.class, "waker", Waker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Where a throwing waker's exception goes; null: to the caller of {@link #wake()}. */
    private final Consumer<Throwable> wakeFailures;

    /** Written by the poller (register) and the producer (take); only through {@link #WAKER} swaps. */
    @SuppressWarnings("unused")
    private volatile Waker waker;

    /** A slot whose {@link #wake()} throws what the waker throws. */
    public WakerSlot() {
        this.wakeFailures = null;
    }

    /**
     * A slot whose {@link #wake()} hands what the waker throws to {@code wakeFailures} (which may
     * rethrow a JVM-fatal error) instead of throwing it into the producer.
     */
    public WakerSlot(Consumer<Throwable> wakeFailures) {
        this.wakeFailures = Objects.requireNonNull(wakeFailures, "wakeFailures");
    }

    /** Poller: stores the latest waker (rule 7). Re-check the shared state afterwards. */
    public void register(Waker latest) {
        WAKER.getAndSet(this, latest);
    }

    /** Producer: after publishing a change, wakes the registered poller, if any. Never polls. */
    public void wake() {
        Waker registered = (Waker) WAKER.getAndSet(this, (Waker) null);
        if (registered == null) {
            return;
        }
        if (wakeFailures == null) {
            registered.wake();
            return;
        }
        try {
            registered.wake();
        } catch (Throwable wakeFailure) {
            wakeFailures.accept(wakeFailure);
        }
    }

    /**
     * Producer, only after a full fence ({@code VarHandle.fullFence()}) that follows its
     * publication: {@link #wake()}, but with a plain read instead of a swap when no waker is
     * registered. The fence gives the store-then-load order that the swap gives {@link #wake()}:
     * if the read finds the slot empty, the poller's register swap comes later in the
     * synchronization order, so its re-check sees what was published before the fence. A burst
     * of items then costs one swap (the first item's, which takes the waker) and a read each.
     */
    public void wakeIfRegistered() {
        if (WAKER.getVolatile(this) != null) {
            wake();
        }
    }

    /** Drops the registered waker without waking it (the poller closed). */
    public void clear() {
        WAKER.getAndSet(this, (Waker) null);
    }
}
