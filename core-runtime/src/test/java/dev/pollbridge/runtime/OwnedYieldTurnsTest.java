package dev.pollbridge.runtime;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker runs the turns of tasks that yield one after another from its claimed batch, without
 * its loop's checks between them ({@code Worker}, "Owned yields"). What each turn is owed stays:
 * the global queue's turn comes at its tick, a slow turn is reported with its own task, an abort
 * reaches the task at its next turn, and a shutdown closes every task once.
 */
@Timeout(60)
class OwnedYieldTurnsTest {

    private static final int YIELDERS = 64;

    @Test
    void anOutsideSpawnWaitsNoLongerThanTheGlobalQueueIntervalBehindYieldingTasks() {
        int interval = 4;
        AtomicLong turns = new AtomicLong();
        AtomicInteger closes = new AtomicInteger();
        PollRuntime runtime = PollRuntime.builder().workers(1).globalQueueInterval(interval).build();
        try {
            queueYielders(runtime, turns, closes);
            long mostTurnsWaited = 0;
            for (int round = 0; round < 200; round++) {
                JoinHandle<Long> outside = runtime.spawn(cx -> Poll.ready(turns.get()));
                long spawnedAt = turns.get(); // read after the push: fewer turns follow it
                long ranAt = runtime.blockOn(outside);
                mostTurnsWaited = Math.max(mostTurnsWaited, ranAt - spawnedAt);
            }
            // The yielders' turns that start after the push: at most one per tick until the
            // global queue's, plus the turn that was running at the push.
            assertTrue(mostTurnsWaited <= interval + 1, mostTurnsWaited + " yielder turns before an outside task ran");
            assertTrue(turns.get() > 200 * YIELDERS / 8, turns.get() + " turns: the yielders ran meanwhile");
        } finally {
            runtime.close();
        }
        assertEquals(YIELDERS, closes.get(), "each yielder closed once by the shutdown");
    }

    @Test
    void aSlowTurnAmongYieldsIsReportedOnceWithItsOwnTask() throws Exception {
        Path dump = Files.createTempFile("slow-yield", ".jfr");
        try (Recording recording = new Recording();
                PollRuntime runtime = PollRuntime.builder().workers(1).slowPollThreshold(Duration.ofMillis(20)).build()) {
            recording.enable("dev.pollbridge.SlowPoll");
            recording.start();
            AtomicLong turns = new AtomicLong();
            AtomicInteger closes = new AtomicInteger();
            queueYielders(runtime, turns, closes);
            long before = System.nanoTime();
            JoinHandle<Integer> slow = runtime.spawn(new SlowYielder());
            assertEquals(SlowYielder.POLLS, runtime.blockOn(slow));
            long outer = System.nanoTime() - before;
            // The worker reports after the slow turn's bookkeeping; the next outside task runs after it.
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            recording.stop();
            recording.dump(dump);
            List<RecordedEvent> all = RecordingFile.readAllEvents(dump).stream()
                    .filter(e -> e.getEventType().getName().equals("dev.pollbridge.SlowPoll"))
                    .collect(Collectors.toList());
            // A yielder's turn may be reported too if the host stalls the worker in it (a long GC
            // pause): that report is true. The slow turn must be reported once, under its own task.
            List<RecordedEvent> reports = all.stream()
                    .filter(e -> e.getString("task").contains("SlowYielder"))
                    .collect(Collectors.toList());
            assertEquals(1, reports.size(), all::toString);
            long reported = reports.get(0).getDuration("pollNanos").toNanos();
            assertTrue(reported >= 20_000_000L && reported <= outer, () -> reported + " ns, outer bound " + outer);
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    @Test
    void anAbortReachesAYieldingTaskAtItsNextTurnAndTheOthersGoOn() {
        AtomicLong turns = new AtomicLong();
        AtomicInteger closes = new AtomicInteger();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            List<JoinHandle<Void>> yielders = queueYielders(runtime, turns, closes);
            for (int i = 0; i < YIELDERS; i += 2) {
                yielders.get(i).abort();
            }
            for (int i = 0; i < YIELDERS; i += 2) {
                JoinHandle<Void> aborted = yielders.get(i);
                assertThrows(CancellationException.class, () -> runtime.blockOn(aborted));
            }
            assertEquals(YIELDERS / 2, closes.get(), "each aborted yielder closed once, the others not");
            long after = turns.get();
            await().atMost(Duration.ofSeconds(10)).until(() -> turns.get() > after); // the yielders left keep running
        }
        assertEquals(YIELDERS, closes.get(), "the others closed by the shutdown");
    }

    /** Queues {@link #YIELDERS} tasks that yield until closed on the worker (spawned from a task there). */
    private static List<JoinHandle<Void>> queueYielders(PollRuntime runtime, AtomicLong turns, AtomicInteger closes) {
        return runtime.blockOn(runtime.spawn(cx -> {
            List<JoinHandle<Void>> handles = new ArrayList<>();
            for (int i = 0; i < YIELDERS; i++) {
                handles.add(runtime.spawn(new Yielder(turns, closes)));
            }
            return Poll.ready(handles);
        }));
    }

    /** Counts its turns, wakes itself and returns pending until it is closed. */
    private static final class Yielder implements PollFuture<Void> {
        private final AtomicLong turns;
        private final AtomicInteger closes;

        Yielder(AtomicLong turns, AtomicInteger closes) {
            this.turns = turns;
            this.closes = closes;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            turns.incrementAndGet();
            cx.waker().wake();
            return Poll.pending();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    /** Yields {@link #POLLS} - 1 times; its third turn is slow. */
    private static final class SlowYielder implements PollFuture<Integer> {
        static final int POLLS = 6;
        private int polls;

        @Override
        public Poll<Integer> poll(Context cx) {
            if (++polls == 3) {
                sleepMillis(60); // simulates a poll that blocks (rule 4 broken on purpose)
            }
            if (polls == POLLS) {
                return Poll.ready(polls);
            }
            cx.waker().wake();
            return Poll.pending();
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
