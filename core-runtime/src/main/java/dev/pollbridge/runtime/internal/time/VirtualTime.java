package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.runtime.time.Clock;

/**
 * The bridge between the public {@code VirtualClock} and the unexported timer engine (the JDK's
 * "shared secrets" pattern): {@code VirtualClock} installs an {@link Access} from its static
 * initializer, and a {@link TimeDriver} built on a virtual clock attaches itself through it, so
 * the clock's {@code advance} drives the driver and no timer thread is needed.
 */
public final class VirtualTime {

    /** What a virtual clock drives. Called on the thread that advances the clock. */
    public interface Listener {

        /** The clock time (nanos) at which this listener next has work; MAX_VALUE if none. */
        long nextDeadlineNanos();

        /** Fires everything due at {@code nowNanos}; wakers run on the calling thread. */
        void fireUntil(long nowNanos);
    }

    /** Implemented by the virtual clock. */
    public interface Access {

        /** True if {@code clock} is a virtual clock. */
        boolean isVirtual(Clock clock);

        /** Makes {@code clock}'s advances drive {@code listener}. */
        void attach(Clock clock, Listener listener);

        /** Stops driving {@code listener}. */
        void detach(Clock clock, Listener listener);
    }

    /** Written once by the virtual clock's class initializer; read by drivers. */
    private static volatile Access access;

    private VirtualTime() {}

    /** Installs the virtual clock's access; called once, from its class initializer. */
    public static void install(Access installed) {
        access = installed;
    }

    /**
     * The installed access, or {@code null} if the virtual clock class was never initialized (in
     * which case no clock can be virtual: an instance would have initialized it).
     */
    static Access access() {
        return access;
    }
}
