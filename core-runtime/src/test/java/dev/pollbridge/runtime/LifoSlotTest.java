package dev.pollbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Promise;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The LIFO slot (issue 17, item 7): a task woken or spawned by the task being polled runs next on
 * the same worker, but neither a long poll of its spawner nor two tasks that keep waking each
 * other can hold it or the rest of the queue back. Latches and counts, no timings: a task held
 * hostage shows up as a latch that never opens (the test fails at its generous deadline).
 */
@Timeout(60)
class LifoSlotTest {

    /** How long a latch is awaited before the test calls the task a hostage. */
    private static final long PATIENCE_SECONDS = 20;

    /**
     * The spawner blocks in its poll until its child has run, so the child must run on another
     * worker: it sits in the spawner's LIFO slot, the other worker is parked and nobody unparks it
     * for a LIFO push, so only the watchdog's rescue (or a searcher's steal) can get it out.
     * Before the fix the child waited for the spawner's poll to end: here, for ever.
     */
    @Test
    void aChildInTheLifoSlotRunsElsewhereWhileItsSpawnerStaysInOnePoll() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("lifo-rescue-").build()) {
            assertTrue(runtime.blockOn(runtime.spawn(new SpawnThenBlock(runtime))),
                    "the child in the LIFO slot never ran while its spawner was stuck in its poll");
        }
    }

    /** The same with the slot switched off: the child goes to the queue, where the idle worker steals it. */
    @Test
    void withTheSlotOffTheChildIsQueuedAndStolen() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("lifo-off-").lifoSlot(false)
                .stuckWorkerThreshold(ChronoUnit.FOREVER.getDuration()).build()) { // no watchdog thread at all
            assertTrue(runtime.blockOn(runtime.spawn(new SpawnThenBlock(runtime))));
        }
    }

    /**
     * After Tokio's {@code rt_threaded::lifo_slot_budget}: a task that spawns a task that spawns a
     * task... (each spawn takes the LIFO slot) must not keep the worker from the rest of its work.
     * Here the rest is a task that sets the flag the chain checks; the chain gives up after a
     * million links. Counts, not time: the number of links before the neighbour ran is bounded by
     * the poll budget and the LIFO cap, whatever the machine's speed.
     */
    @Test
    void anEndlessChainOfSpawnsThroughTheLifoSlotLetsTheQueueRun() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("lifo-chain-").build()) {
            AtomicBoolean neighbourRan = new AtomicBoolean();
            AtomicInteger links = new AtomicInteger();
            Promise<Integer> linksBeforeNeighbour = Promise.create();
            PollFuture<Integer> result = linksBeforeNeighbour.future();
            runtime.spawn((PollFuture<Void>) cx -> {
                runtime.spawn(new Link(runtime, neighbourRan, links, linksBeforeNeighbour)).close();
                runtime.spawn((PollFuture<Void>) neighbourCx -> {
                    neighbourRan.set(true);
                    return Poll.ready(null);
                }).close(); // the first link holds the slot: the neighbour waits in the queue
                return Poll.ready(null);
            }).close();
            int count = runtime.blockOn(result);
            assertTrue(count < 1_000, "the neighbour ran after " + count + " links of the chain");
        }
    }

    /**
     * A poll that spawns several tasks: the first takes the empty LIFO slot and runs next, the
     * others wait in the queue in spawn order (a spawn that finds the slot full does not displace
     * its task, as a wake does). One worker, so the order is the scheduler's alone.
     */
    @Test
    void theTasksOfOnePollsSpawnsRunInSpawnOrderTheFirstFromTheSlot() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("lifo-spawns-").build()) {
            int children = 4;
            Queue<Integer> ran = new ConcurrentLinkedQueue<>();
            Promise<Void> allRan = Promise.create();
            runtime.spawn((PollFuture<Void>) cx -> {
                for (int i = 1; i <= children; i++) {
                    int child = i;
                    runtime.spawn((PollFuture<Void>) childCx -> {
                        ran.add(child);
                        if (ran.size() == children) {
                            allRan.tryComplete(null);
                        }
                        return Poll.ready(null);
                    }).close();
                }
                return Poll.ready(null);
            }).close();
            runtime.blockOn(allRan.future());
            assertEquals(List.of(1, 2, 3, 4), List.copyOf(ran));
        }
    }

    /**
     * Two tasks that wake each other for ever (a ping-pong that never yields on its own) and a
     * third task, spawned by one of them mid-game, on a one-worker runtime: the third waits in the
     * queue behind the game, which runs through the LIFO slot, and must run after a bounded number
     * of passes (three LIFO polls in a row, then the queue). Without the cap it never would.
     */
    @Test
    void twoTasksWakingEachOtherForEverDoNotStarveAThirdOne() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("lifo-pingpong-").build()) {
            AtomicBoolean thirdRan = new AtomicBoolean();
            AtomicInteger rounds = new AtomicInteger();
            Ball ball = new Ball(thirdRan, rounds, 1_000_000, () -> runtime.spawn((PollFuture<Void>) cx -> {
                thirdRan.set(true);
                return Poll.ready(null);
            }).close());
            runtime.spawn(ball.player(0)).close();
            runtime.spawn(ball.player(1)).close();
            runtime.blockOn(ball.finished.future());
            assertTrue(thirdRan.get(), "the third task never ran; the ball went back and forth " + rounds.get() + " times");
            assertTrue(rounds.get() < 100, "the third task ran only after " + rounds.get() + " passes");
        }
    }

    /** A message hand-off through the slot still works with the slot on and off (no lost wake). */
    @Test
    void aLongPingPongCompletesWithTheSlotOnAndOff() {
        for (boolean slot : new boolean[] {true, false}) {
            try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("lifo-handoff-").lifoSlot(slot).build()) {
                AtomicInteger rounds = new AtomicInteger();
                Ball ball = new Ball(new AtomicBoolean(), rounds, 10_000, () -> { });
                runtime.spawn(ball.player(0)).close();
                runtime.spawn(ball.player(1)).close();
                runtime.blockOn(ball.finished.future());
                assertEquals(10_000, rounds.get(), "slot " + slot);
            }
        }
    }

    /** Spawns a child, then blocks in the same poll until the child ran (rule 4 broken on purpose). */
    private static final class SpawnThenBlock implements PollFuture<Boolean> {
        private final PollRuntime runtime;

        SpawnThenBlock(PollRuntime runtime) {
            this.runtime = runtime;
        }

        @Override
        public Poll<Boolean> poll(Context cx) {
            CountDownLatch childRan = new CountDownLatch(1);
            runtime.spawn((PollFuture<Void>) childCx -> {
                childRan.countDown();
                return Poll.ready(null);
            }).close();
            try {
                return Poll.ready(childRan.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Poll.failed(e);
            }
        }
    }

    /** One link of an endless chain: spawns the next link until the neighbour ran. */
    private static final class Link implements PollFuture<Void> {
        private final PollRuntime runtime;
        private final AtomicBoolean neighbourRan;
        private final AtomicInteger links;
        private final Promise<Integer> result;

        Link(PollRuntime runtime, AtomicBoolean neighbourRan, AtomicInteger links, Promise<Integer> result) {
            this.runtime = runtime;
            this.neighbourRan = neighbourRan;
            this.links = links;
            this.result = result;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            int count = links.incrementAndGet();
            if (neighbourRan.get() || count >= 1_000_000) {
                result.tryComplete(count);
            } else {
                runtime.spawn(new Link(runtime, neighbourRan, links, result)).close();
            }
            return Poll.ready(null);
        }
    }

    /**
     * Two players that pass a ball by waking each other: the player who holds the ball passes it
     * and wakes the other. At pass 10 the passer calls {@code atPassTen} first (from inside its
     * poll, so a task it spawns goes to the LIFO slot and is displaced to the queue by the wake
     * that follows). They stop when {@code stop} is set or after {@code maxRounds} passes.
     */
    private static final class Ball {
        final Promise<Void> finished = Promise.create();
        private final AtomicBoolean stop;
        private final AtomicInteger rounds;
        private final int maxRounds;
        private final Runnable atPassTen;
        private final Context[] players = new Context[2];
        private int holder; // guarded by this
        private boolean over; // guarded by this

        Ball(AtomicBoolean stop, AtomicInteger rounds, int maxRounds, Runnable atPassTen) {
            this.stop = stop;
            this.rounds = rounds;
            this.maxRounds = maxRounds;
            this.atPassTen = atPassTen;
        }

        PollFuture<Void> player(int me) {
            return cx -> {
                Context other;
                boolean done;
                synchronized (this) {
                    players[me] = cx;
                    other = players[1 - me];
                    if (!over && holder == me && other != null) {
                        int pass = rounds.incrementAndGet();
                        if (pass == 10) {
                            atPassTen.run();
                        }
                        if (stop.get() || pass >= maxRounds) {
                            over = true;
                            finished.tryComplete(null);
                        } else {
                            holder = 1 - me;
                        }
                    }
                    done = over;
                }
                // Wake the other: it holds the ball now, or it waits for this player to register.
                if (other != null) {
                    other.waker().wake();
                }
                return done ? Poll.ready(null) : Poll.pending();
            };
        }
    }
}
