package dev.pollbridge.runtime.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.runtime.internal.time.TimeDriver;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class VirtualClockTest {

    @Test
    void startsAtItsOriginAndMovesOnlyWhenAdvanced() {
        VirtualClock clock = new VirtualClock(1_000);
        assertEquals(1_000, clock.nanoTime());
        clock.advance(Duration.ofNanos(500));
        assertEquals(1_500, clock.nanoTime());
        assertEquals(0, new VirtualClock().nanoTime());
    }

    @Test
    void aClockCannotGoBack() {
        VirtualClock clock = new VirtualClock();
        assertThrows(IllegalArgumentException.class, () -> clock.advance(Duration.ofNanos(-1)));
    }

    @Test
    void advancingSaturatesInsteadOfOverflowing() {
        VirtualClock clock = new VirtualClock(Long.MAX_VALUE - 10);
        clock.advance(Duration.ofDays(1));
        assertEquals(Long.MAX_VALUE, clock.nanoTime());
    }

    @Test
    void advancingFromAWakerItTriggersIsRejected() {
        VirtualClock clock = new VirtualClock();
        AtomicReference<Throwable> nested = new AtomicReference<>();
        try (TimeDriver driver = new TimeDriver(clock)) {
            PollFuture<Void> sleep = driver.sleep(Duration.ofMillis(1));
            sleep.poll(Context.of(() -> {
                try {
                    clock.advance(Duration.ofMillis(1));
                } catch (Throwable error) {
                    nested.set(error);
                }
            }));
            clock.advance(Duration.ofMillis(1));
            sleep.close();
        }
        assertInstanceOf(IllegalStateException.class, nested.get());
        assertEquals(Duration.ofMillis(1).toNanos(), clock.nanoTime());
    }
}
