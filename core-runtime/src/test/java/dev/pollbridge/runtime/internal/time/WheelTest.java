package dev.pollbridge.runtime.internal.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Waker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WheelTest {

    @Test
    void levelForPicksTheLevelWhoseSlotsSeparateDeadlineAndNow() {
        for (long tick = 0; tick < 64; tick++) {
            assertEquals(0, Wheel.levelFor(0, tick), "tick " + tick);
        }
        for (int level = 1; level < 5; level++) {
            long slotRange = 1L << (6 * level);
            for (long pos = 1; pos < 64; pos++) {
                long tick = pos * slotRange;
                assertEquals(level, Wheel.levelFor(0, tick), "tick " + tick);
                assertEquals(level, Wheel.levelFor(0, tick + 1), "tick " + (tick + 1));
            }
        }
        assertEquals(Wheel.LEVELS - 1, Wheel.levelFor(0, 1L << 40), "beyond the range: top level");
        assertEquals(0, Wheel.levelFor(1000, 1001));
    }

    @Test
    void entriesCascadeDownAndFireExactlyAtTheirTick() {
        Wheel wheel = new Wheel();
        long[] deadlines = {1, 63, 64, 65, 4095, 4096, 4097, 262_143, 262_145, 20_000_000L};
        List<TimerEntry> entries = new ArrayList<>();
        for (long deadline : deadlines) {
            TimerEntry entry = new TimerEntry(deadline);
            wheel.insert(entry);
            entries.add(entry);
        }
        assertEquals(deadlines.length, wheel.size());
        List<Waker> wakers = new ArrayList<>();
        for (int i = 0; i < deadlines.length; i++) {
            wheel.advanceTo(deadlines[i] - 1, wakers);
            assertEquals(false, entries.get(i).fired, "not before its tick: " + deadlines[i]);
            wheel.advanceTo(deadlines[i], wakers);
            assertEquals(true, entries.get(i).fired, "at its tick: " + deadlines[i]);
        }
        assertEquals(0, wheel.size());
        assertEquals(Long.MAX_VALUE, wheel.nextExpiration());
    }
}
