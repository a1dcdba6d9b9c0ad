package dev.pollbridge.runtime.bridge.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The publisher side's own state in {@link StreamFromPublisher}: the rule 1.3 gate and the
 * counters only a signal (inside the gate) touches, on cache lines of their own.
 *
 * <h2>The gate</h2>
 * A signal enters with a compare-and-set of {@link #signalling} from 0 to 1 (acquire) and leaves
 * with a release store of 0. A signal that finds it taken overlaps another one: the publisher
 * broke rule 1.3. The acquire/release pair also gives successive signals the happens-before
 * that rule 1.3 asks of the publisher, so the fields below need no other guard.
 *
 * <h2>Why padded</h2>
 * The compare-and-set needs its cache line exclusive. Next to fields the poller writes for every
 * item (its consumption count), that line moves between the cores on every item and the
 * compare-and-set waits for it: on {@code stream_bridge} the unpadded gate cost about 17% of
 * the best throughput, the padded one about 10% of the median ({@code docs/reliability.md}).
 * Padding before and after (the JCTools way: fields of a superclass are laid out first) keeps
 * the line the producer's.
 */
final class SignalGate extends SignalGateFields {

    private static final VarHandle SIGNALLING;

    static {
        try {
            SIGNALLING = MethodHandles.lookup().findVarHandle(SignalGateFields.class, "signalling", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16, p17;

    /** Takes the gate; false if another signal holds it (rule 1.3 broken). */
    boolean enter() {
        return (int) SIGNALLING.compareAndExchangeAcquire(this, 0, 1) == 0;
    }

    /** Leaves the gate: everything written inside happens-before the next signal's entry. */
    void exit() {
        SIGNALLING.setRelease(this, 0);
    }
}

/** Padding in front of the gate's fields. */
abstract class SignalGatePadding {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** The gate's fields; publisher side only, inside the gate (see {@link SignalGate}). */
abstract class SignalGateFields extends SignalGatePadding {
    /** 1 while a signal runs; only through {@code SignalGate.SIGNALLING}. */
    volatile int signalling;
    /** Items received. */
    long received;
    /** The publisher signalled onComplete or onError. */
    boolean publisherTerminated;
}
