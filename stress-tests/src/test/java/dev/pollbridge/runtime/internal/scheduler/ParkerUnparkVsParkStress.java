package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * {@code Parker}: an {@code unpark()} from another thread always ends a {@code park()} of the
 * owner, whichever comes first (jcstress termination mode: the actor parks, the signal unparks;
 * an actor still blocked after the signal is STALE). Interleavings: the permit arrives before the
 * park (the park's first CAS consumes it); between the park's two CASes (the second fails, the
 * park returns); after the owner marked itself PARKED (the swap sees PARKED and calls
 * {@code LockSupport.unpark}); while it is blocked.
 *
 * <p>The owner thread is known only once the actor runs, so the actor builds the parker and
 * publishes it, and the two meet first: the signal raises {@code go} once it has the parker, and
 * the owner parks as soon as it sees {@code go}. jcstress gives a termination test one CPU, so
 * which side goes first is up to the signal: half the time it unparks at once (the permit comes
 * first), half the time it first yields the CPU a few times (the owner gets to block first). The
 * two middle interleavings need a preemption inside {@code park()} and are drawn only rarely.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the park returned")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "the owner stayed parked after the unpark: lost wake-up")
@State
public class ParkerUnparkVsParkStress {

    private volatile Parker parker;
    private volatile boolean go;

    @Actor
    public void owner() {
        Parker own = new Parker(Thread.currentThread());
        parker = own;
        while (!go) {
            Thread.onSpinWait();
        }
        own.park();
    }

    @Signal
    public void notifier() {
        Parker target;
        while ((target = parker) == null) {
            Thread.onSpinWait();
        }
        go = true;
        if (ThreadLocalRandom.current().nextBoolean()) {
            for (int i = 0; i < 3; i++) {
                Thread.yield();
            }
        }
        target.unpark();
    }
}
