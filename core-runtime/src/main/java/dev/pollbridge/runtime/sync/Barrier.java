package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.ArrayList;
import java.util.List;

/**
 * Lets {@code parties} tasks wait for each other (Tokio's {@code sync::Barrier}; the JDK's
 * {@code CyclicBarrier}, for tasks): each {@link #arriveAndWait()} waits until {@code parties}
 * of them are waiting at once, then all complete together, and exactly one of them, the leader,
 * completes with {@code true}. The barrier is then ready for the next round (a generation).
 *
 * <pre>{@code
 * Barrier loaded = new Barrier(3);
 * for (Shard shard : shards) {                       // three shards
 *     runtime.spawn(Async.run(() -> {
 *         shard.load();
 *         boolean leader = Async.await(loaded.arriveAndWait());
 *         if (leader) {
 *             announceReady();                       // once per round
 *         }
 *         return shard.serve();
 *     })).close();
 * }
 * }</pre>
 *
 * <p><b>Differences from Tokio.</b> The method is {@code arriveAndWait()}, since
 * {@code Object.wait()} is final. It is cancel-safe where Tokio's {@code wait} is not: a wait
 * closed before its round completed withdraws its arrival, so a round completes only when
 * {@code parties} waits are present together (in Tokio a dropped wait still counts, and its round
 * may complete with fewer tasks waiting). As in Tokio, {@code new Barrier(0)} behaves as
 * {@code new Barrier(1)}: every wait completes at once, as the leader.
 *
 * <p><b>What close does.</b> The barrier has nothing to close; a closed {@code arriveAndWait}
 * withdraws (see above). Waiters are woken in one go by the last to arrive, on its thread.
 *
 * <p>All methods may be called from any thread. State is guarded by one lock, held for O(1)
 * work (the last arrival: O(parties) to collect the wakers, called after it is released).
 */
public final class Barrier {

    private final Object lock = new Object();
    private final int parties;
    private final WaitQueue<Arrival> waiting = new WaitQueue<>(); // guarded by lock
    /** Arrivals in the current round; guarded by lock. */
    private int arrived;

    /**
     * A barrier for {@code parties} tasks.
     *
     * @param parties how many waits complete a round, at least 0 (0 counts as 1)
     * @throws IllegalArgumentException if {@code parties} is negative
     */
    public Barrier(int parties) {
        if (parties < 0) {
            throw new IllegalArgumentException("parties must be >= 0: " + parties);
        }
        this.parties = Math.max(1, parties);
    }

    /**
     * A future that arrives at the barrier on its first poll and completes when the round is
     * complete: {@code true} for the one that completed the round (the leader), {@code false} for
     * the others (Tokio's {@code wait} and {@code is_leader}).
     *
     * <p><b>Cancel safety:</b> cancel-safe: closing it before its round completed withdraws its
     * arrival. Closing it after the round completed changes nothing.
     *
     * @return a lazy future of whether this wait led its round
     */
    public PollFuture<Boolean> arriveAndWait() {
        return new Arrival();
    }

    /**
     * How many waits complete a round.
     *
     * @return the parties, at least 1
     */
    public int parties() {
        return parties;
    }

    /**
     * How many waits have arrived in the current round (a snapshot).
     *
     * @return the waits arrived and waiting now
     */
    public int waiting() {
        synchronized (lock) {
            return arrived;
        }
    }

    /** One {@link #arriveAndWait()}; its node fields and {@code state} are guarded by the lock. */
    private final class Arrival extends WaitNode implements PollFuture<Boolean> {

        static final int INITIAL = 0;  // not arrived
        static final int WAITING = 1;  // arrived and queued; counted in arrived
        static final int RELEASED = 2; // its round completed, not yet observed
        static final int FINISHED = 3; // result returned, or closed

        private int state = INITIAL;

        @Override
        public Poll<Boolean> poll(Context cx) {
            if (!CoopBudget.pollProceed(cx)) {
                synchronized (lock) {
                    checkNotFinished();
                }
                return Poll.pending(); // arrives (or observes the release) on the next turn
            }
            List<Waker> toWake = null;
            synchronized (lock) {
                switch (state) {
                    case INITIAL:
                        if (++arrived < parties) {
                            waker = cx.waker();
                            waiting.add(this);
                            state = WAITING;
                            return Poll.pending();
                        }
                        arrived = 0; // the leader: the round is complete, the next one starts empty
                        toWake = releaseLocked();
                        state = FINISHED;
                        break;
                    case WAITING:
                        waker = cx.waker();
                        return Poll.pending();
                    case RELEASED:
                        state = FINISHED;
                        CoopBudget.consumeOne();
                        return Poll.ready(Boolean.FALSE);
                    default:
                        checkNotFinished();
                        throw new AssertionError("state " + state);
                }
            }
            CoopBudget.consumeOne();
            try {
                Wakers.wakeAll(toWake);
            } catch (Throwable broken) { // another waiter's waker: not the leader's failure
                RuntimeFailures.CURRENT_THREAD.report("a waker woken by the last arrival at a Barrier", broken);
            }
            return Poll.ready(Boolean.TRUE);
        }

        private void checkNotFinished() {
            if (state == FINISHED) {
                throw SingleUse.polledAfter("Barrier.arriveAndWait()", "it completed or was closed");
            }
        }

        /** Releases every waiting arrival of the round; returns their wakers. Called under lock. */
        private List<Waker> releaseLocked() {
            List<Waker> toWake = new ArrayList<>();
            for (Arrival waiter = waiting.poll(); waiter != null; waiter = waiting.poll()) {
                waiter.state = RELEASED;
                toWake.add(waiter.takeWaker());
            }
            return toWake;
        }

        @Override
        public void close() {
            synchronized (lock) {
                if (state == WAITING) {
                    waiting.remove(this);
                    arrived--; // withdraw: the round needs parties waits present together
                }
                state = FINISHED;
                waker = null;
            }
        }

        @Override
        public String toString() {
            return "Barrier.arriveAndWait()";
        }
    }
}
