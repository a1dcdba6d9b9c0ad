package dev.pollbridge.runtime.internal.time;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.time.Clock;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The timer thread on the real clock; bounded waits with Awaitility. */
class RealClockTimerTest {

    @Test
    void aTwentyMillisecondSleepCompletesOnTheTimerThreadNotBeforeItsDeadline() {
        AtomicReference<Thread> timerThread = new AtomicReference<>();
        AtomicInteger threadsMade = new AtomicInteger();
        TimeDriver driver = new TimeDriver(Clock.system(), task -> {
            threadsMade.incrementAndGet();
            Thread thread = new Thread(task, "test-timer");
            thread.setDaemon(true);
            timerThread.set(thread);
            return thread;
        });
        try (MockTask<Void> first = MockTask.spawn(driver.sleep(Duration.ofMillis(20)));
                MockTask<Void> second = MockTask.spawn(driver.sleep(Duration.ofMillis(5)))) {
            assertEquals(0, threadsMade.get(), "the timer thread starts lazily");
            long start = System.nanoTime();
            assertPending(first.poll());
            assertPending(second.poll()); // an earlier deadline unparks the timer thread
            await().atMost(Duration.ofSeconds(5)).until(second::isWoken);
            await().atMost(Duration.ofSeconds(5)).until(first::isWoken);
            assertTrue(System.nanoTime() - start >= Duration.ofMillis(20).toNanos(), "not early");
            assertReady(first.poll(), null);
            assertReady(second.poll(), null);
            assertEquals(1, threadsMade.get());
        } finally {
            driver.close();
        }
        assertNotNull(timerThread.get());
        assertFalse(timerThread.get().isAlive(), "close() joined the timer thread");
    }
}
