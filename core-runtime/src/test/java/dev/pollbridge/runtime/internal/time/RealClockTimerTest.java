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
        try (MockTask<Void> far = MockTask.spawn(driver.sleep(Duration.ofSeconds(10)))) {
            assertEquals(0, threadsMade.get(), "the timer thread starts lazily");
            assertPending(far.poll()); // the timer thread now parks for ~10 s
            await().atMost(Duration.ofSeconds(5)).until(() -> timerThread.get() != null
                    && timerThread.get().getState() == Thread.State.TIMED_WAITING);
            long start = System.nanoTime();
            try (MockTask<Void> near = MockTask.spawn(driver.sleep(Duration.ofMillis(20)))) {
                // An earlier deadline must unpark the timer thread. (On a very slow machine the
                // deadline may pass before the first poll; the sleep is then ready at once.)
                if (near.poll().isPending()) {
                    await().atMost(Duration.ofSeconds(5)).until(near::isWoken);
                    assertReady(near.poll(), null);
                }
                assertTrue(System.nanoTime() - start >= Duration.ofMillis(20).toNanos(), "not early");
            }
            assertFalse(far.isWoken());
            assertEquals(1, threadsMade.get());
        } finally {
            driver.close();
        }
        assertNotNull(timerThread.get());
        assertFalse(timerThread.get().isAlive(), "close() joined the timer thread");
    }
}
