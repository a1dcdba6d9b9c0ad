package dev.pollbridge.runtime.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.runtime.internal.time.TimeDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Another library's virtual time linked to a {@link VirtualClock}: the order of one advance. */
class VirtualClockTimelineTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    /** A time line with tasks at fixed instants, logging what runs and what the clock reads then. */
    private static final class ScriptedTimeline implements VirtualClock.Timeline {
        final VirtualClock clock;
        final TreeSet<Long> tasks = new TreeSet<>();
        final List<String> log;
        final boolean announces;
        long time;
        Runnable onTask = () -> { };

        ScriptedTimeline(VirtualClock clock, List<String> log, boolean announces) {
            this.clock = clock;
            this.log = log;
            this.announces = announces;
        }

        @Override
        public void advanceTo(long clockNanos) {
            while (!tasks.isEmpty() && tasks.first() <= clockNanos) {
                time = tasks.pollFirst();
                log.add("other " + time / SECOND + "s, clock reads " + clock.nanoTime() / SECOND + "s");
                onTask.run();
            }
            time = Math.max(time, clockNanos);
        }

        @Override
        public long nanoTime() {
            return time;
        }

        @Override
        public long nextDeadlineNanos() {
            return announces && !tasks.isEmpty() ? tasks.first() : Long.MAX_VALUE;
        }
    }

    @Test
    void bothTimeLinesFireInTimeOrderAndTheClockReadsTheOtherSidesInstantDuringItsTasks() {
        VirtualClock clock = new VirtualClock();
        List<String> log = new ArrayList<>();
        ScriptedTimeline other = new ScriptedTimeline(clock, log, true);
        other.tasks.addAll(List.of(2 * SECOND, 5 * SECOND));
        clock.link(other);
        try (TimeDriver driver = new TimeDriver(clock)) {
            for (int second : new int[] {4, 1}) {
                PollFuture<Void> sleep = driver.sleep(Duration.ofSeconds(second));
                sleep.poll(Context.of(() -> log.add("runtime " + second + "s")));
            }
            clock.advance(Duration.ofSeconds(6));
        }
        assertEquals(List.of("runtime 1s", "other 2s, clock reads 2s", "runtime 4s", "other 5s, clock reads 5s"), log);
        assertEquals(6 * SECOND, clock.nanoTime());
        assertEquals(6 * SECOND, other.nanoTime());
    }

    @Test
    void aRuntimeTimerStartedByTheOtherSideCountsFromThatTasksInstant() {
        VirtualClock clock = new VirtualClock();
        List<String> log = new ArrayList<>();
        ScriptedTimeline other = new ScriptedTimeline(clock, log, true);
        other.tasks.addAll(List.of(2 * SECOND, 9 * SECOND));
        clock.link(other);
        try (TimeDriver driver = new TimeDriver(clock)) {
            List<PollFuture<Void>> started = new ArrayList<>();
            other.onTask = () -> {
                if (started.isEmpty()) { // the task at 2 s starts a 3 s timer: due at 5 s, before 9 s
                    PollFuture<Void> sleep = driver.sleep(Duration.ofSeconds(3));
                    sleep.poll(Context.of(() -> log.add("runtime timer at " + clock.nanoTime() / SECOND + "s")));
                    started.add(sleep);
                }
            };
            clock.advance(Duration.ofSeconds(10));
        }
        assertEquals(List.of("other 2s, clock reads 2s", "runtime timer at 5s", "other 9s, clock reads 9s"), log);
    }

    @Test
    void anUnannouncedTaskRunsAtTheClocksNextStop() {
        VirtualClock clock = new VirtualClock();
        List<String> log = new ArrayList<>();
        ScriptedTimeline other = new ScriptedTimeline(clock, log, false);
        other.tasks.add(2 * SECOND);
        clock.link(other);
        clock.advance(Duration.ofSeconds(3));
        assertEquals(List.of("other 2s, clock reads 2s"), log, "it still runs at its own instant");
        assertEquals(3 * SECOND, clock.nanoTime());
    }

    @Test
    void linkingTwiceIsRejectedAndAnUnlinkedTimeLineStaysWhereItIs() {
        VirtualClock clock = new VirtualClock();
        ScriptedTimeline other = new ScriptedTimeline(clock, new ArrayList<>(), true);
        clock.link(other);
        assertThrows(IllegalStateException.class, () -> clock.link(other));
        clock.advance(Duration.ofSeconds(1));
        assertEquals(SECOND, other.nanoTime());
        clock.unlink(other);
        clock.advance(Duration.ofSeconds(1));
        assertEquals(SECOND, other.nanoTime());
        assertEquals(2 * SECOND, clock.nanoTime());
        assertThrows(NullPointerException.class, () -> clock.link(null));
    }
}
