package dev.pollbridge.runtime.internal.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Waker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random inserts, removals and advances at every scale (1 ms to beyond the wheel's range),
 * checked against a plain model: after each advance exactly the live entries whose deadline has
 * come have fired, in deadline order, and the size matches.
 */
class WheelModelTest {

    @Test
    void theWheelAgreesWithAModelUnderRandomOperations() {
        for (long seed = 1; seed <= 50; seed++) {
            runScenario(new Random(seed));
        }
    }

    private static void runScenario(Random random) {
        Wheel wheel = new Wheel();
        Map<TimerEntry, Long> live = new HashMap<>();
        List<TimerEntry> liveList = new ArrayList<>();
        long now = 0;
        for (int op = 0; op < 2_000; op++) {
            int choice = random.nextInt(10);
            if (choice < 5) {
                long deadline = now + 1 + randomSpan(random);
                TimerEntry entry = new TimerEntry(deadline);
                entry.waker = recorder(entry);
                wheel.insert(entry);
                live.put(entry, deadline);
                liveList.add(entry);
            } else if (choice < 7 && !liveList.isEmpty()) {
                TimerEntry entry = liveList.remove(random.nextInt(liveList.size()));
                wheel.remove(entry);
                live.remove(entry);
                assertFalse(entry.isLinked());
            } else {
                now += randomSpan(random);
                List<Waker> wakers = new ArrayList<>();
                wheel.advanceTo(now, wakers);
                List<TimerEntry> expected = new ArrayList<>();
                for (Map.Entry<TimerEntry, Long> e : live.entrySet()) {
                    if (e.getValue() <= now) {
                        expected.add(e.getKey());
                    }
                }
                assertEquals(expected.size(), wakers.size(), "fired count at " + now);
                long previous = Long.MIN_VALUE;
                for (Waker waker : wakers) {
                    TimerEntry entry = ((Recorder) waker).entry;
                    assertTrue(entry.fired);
                    assertTrue(entry.deadlineTick <= now, "never early");
                    assertTrue(entry.deadlineTick >= previous, "deadline order");
                    previous = entry.deadlineTick;
                    live.remove(entry);
                    liveList.remove(entry);
                }
            }
            assertEquals(live.size(), wheel.size());
        }
    }

    /** Spans from 1 ms to beyond 2^36 ms, roughly uniform in scale. */
    private static long randomSpan(Random random) {
        int bits = random.nextInt(40);
        return random.nextLong() >>> (63 - bits) | 1;
    }

    private static Waker recorder(TimerEntry entry) {
        return new Recorder(entry);
    }

    private static final class Recorder implements Waker {
        final TimerEntry entry;

        Recorder(TimerEntry entry) {
            this.entry = entry;
        }

        @Override
        public void wake() {}
    }
}
