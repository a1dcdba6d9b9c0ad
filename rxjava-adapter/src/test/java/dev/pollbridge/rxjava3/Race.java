package dev.pollbridge.rxjava3;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs two actions at the same moment, many times: the test thread and one helper thread meet at
 * a spin gate and start together. The helper spins for work between rounds (with
 * {@code Thread.yield()} after a while, to be fair to a loaded machine), so a round costs
 * microseconds, not a thread hand-off. Bounded in iterations and in time: a loaded machine makes
 * a race shorter, never longer.
 */
final class Race implements AutoCloseable {

    /** Iterations of every race in this module. */
    static final int ITERATIONS = 10_000;
    /** The most time one race loop may take. */
    static final Duration TIME_LIMIT = Duration.ofSeconds(10);

    private static final Runnable STOP = () -> {};

    /** The helper's next action; the helper takes it (sets null) when it starts. */
    private final AtomicReference<Runnable> work = new AtomicReference<>();
    /** Both sides increment it at the gate; the round starts when it reaches 2. */
    private final AtomicInteger gate = new AtomicInteger();
    /** What the helper's last action threw, if anything. */
    private final AtomicReference<Throwable> helperFailure = new AtomicReference<>();
    private volatile boolean helperDone;
    private final Thread helper = new Thread(this::helperLoop, "race-helper");

    Race() {
        helper.setDaemon(true);
        helper.start();
    }

    /** One iteration of a race. */
    interface Iteration {
        /** Sets up the iteration and returns the two actions to race, and a check to run after. */
        Round prepare(int index);
    }

    /** The two actions of one round and what must hold once both ran. */
    record Round(Runnable mine, Runnable theirs, Runnable check) {}

    /** Runs up to {@link #ITERATIONS} rounds within {@link #TIME_LIMIT}; returns how many ran. */
    int repeat(Iteration iteration) {
        long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
        int rounds = 0;
        while (rounds < ITERATIONS && System.nanoTime() < deadline) {
            Round round = iteration.prepare(rounds);
            once(round.mine(), round.theirs());
            round.check().run();
            rounds++;
        }
        return rounds;
    }

    /** Runs {@code mine} here and {@code theirs} on the helper, starting together. */
    void once(Runnable mine, Runnable theirs) {
        gate.set(0);
        helperDone = false;
        work.set(theirs);
        arrive();
        mine.run();
        long spins = 0;
        while (!helperDone) {
            pause(++spins);
        }
        Throwable failure = helperFailure.getAndSet(null);
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        if (failure != null) {
            throw new AssertionError(failure);
        }
    }

    private void helperLoop() {
        long spins = 0;
        for (;;) {
            Runnable next = work.getAndSet(null);
            if (next == null) {
                pause(++spins);
                continue;
            }
            spins = 0;
            if (next == STOP) {
                return;
            }
            arrive();
            try {
                next.run();
            } catch (Throwable failure) {
                helperFailure.set(failure);
            }
            helperDone = true;
        }
    }

    private void arrive() {
        gate.incrementAndGet();
        long spins = 0;
        while (gate.get() < 2) {
            pause(++spins);
        }
    }

    private static void pause(long spins) {
        if (spins < 10_000) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    @Override
    public void close() {
        work.set(STOP);
    }
}
