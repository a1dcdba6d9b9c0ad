package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Spawns racing with {@code close()} (rule T1): a task enters the registry only when it first
 * waits, so a spawn is not guarded by the registry's lock any more, and the spawner re-reads the
 * closed flag after its push. Whatever the interleaving, every spawn is either refused (the
 * caller keeps its future, never closed) or accepted, and then its handle finishes and its future
 * is closed exactly once; nothing is left alive. Bounded in rounds and in time.
 */
@Tag("stress")
@Timeout(120)
class SpawnCloseRaceStressTest {

    private static final int ROUNDS = 300;
    private static final long TIME_LIMIT_NANOS = Duration.ofSeconds(20).toNanos();

    /** One spawn as seen by its caller: the future, and the handle unless the spawn was refused. */
    private record Spawned(ProbeFuture<Integer> probe, JoinHandle<Integer> handle) {}

    @Test
    void everySpawnRacingWithCloseIsRefusedOrRunsAndEndsOnce() throws Exception {
        long start = System.nanoTime();
        int rounds = 0;
        int refused = 0;
        int accepted = 0;
        for (; rounds < ROUNDS && System.nanoTime() - start < TIME_LIMIT_NANOS; rounds++) {
            List<Throwable> uncaught = new CopyOnWriteArrayList<>();
            PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("spawn-close-race-")
                    .uncaughtFailureHandler(uncaught::add).build();
            List<Spawned> fromOutside = new CopyOnWriteArrayList<>();
            List<Spawned> fromInside = new CopyOnWriteArrayList<>();
            CountDownLatch started = new CountDownLatch(2);
            List<Thread> spawners = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                Thread spawner = new Thread(() -> {
                    started.countDown();
                    for (int i = 0; ; i++) {
                        ProbeFuture<Integer> probe = i % 3 == 0 ? ProbeFuture.completed(i) : new ProbeFuture<>();
                        try {
                            fromOutside.add(new Spawned(probe, runtime.spawn(probe)));
                        } catch (RejectedExecutionException closed) {
                            fromOutside.add(new Spawned(probe, null));
                            return;
                        }
                    }
                });
                spawner.start();
                spawners.add(spawner);
            }
            // A task that keeps spawning from a worker (always accepted: cancelled once closed).
            runtime.spawn(cx -> {
                for (int i = 0; i < 20; i++) {
                    ProbeFuture<Integer> probe = i % 2 == 0 ? ProbeFuture.completed(i) : new ProbeFuture<>();
                    fromInside.add(new Spawned(probe, runtime.spawn(probe)));
                }
                if (runtime.isClosed()) {
                    return Poll.ready(null);
                }
                cx.waker().wake();
                return Poll.pending();
            }).close();
            started.await();
            for (int spin = ThreadLocalRandom.current().nextInt(2_000); spin > 0; spin--) {
                Thread.onSpinWait();
            }
            runtime.close();
            for (Thread spawner : spawners) {
                spawner.join();
            }
            List<Spawned> all = new ArrayList<>(fromOutside);
            all.addAll(fromInside);
            for (Spawned spawned : all) {
                if (spawned.handle() == null) {
                    refused++;
                    assertEquals(0, spawned.probe().closes(), "a refused spawn must leave the future to its caller");
                    continue;
                }
                accepted++;
                // A spawner that saw the flag after its push cancels its task on its own thread,
                // possibly after close() returned: wait for it, bounded.
                if (!spawned.handle().isFinished()) {
                    await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(10))
                            .until(spawned.handle()::isFinished);
                }
                assertEquals(1, spawned.probe().closes(), "an accepted task's future is closed exactly once");
            }
            await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(10))
                    .until(() -> runtime.metrics().tasksAlive() == 0);
            assertTrue(uncaught.isEmpty(), () -> "uncaught: " + uncaught);
        }
        assertTrue(rounds >= 10, "too few rounds to mean anything: " + rounds);
        assertTrue(refused > 0 && accepted > 0, "refused " + refused + ", accepted " + accepted);
    }
}
