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

    @Test
    void anInterruptedTimerThreadDoesNotSpin() {
        AtomicReference<Thread> timerThread = new AtomicReference<>();
        AtomicInteger clockReads = new AtomicInteger();
        Clock counting = () -> {
            clockReads.incrementAndGet();
            return System.nanoTime();
        };
        TimeDriver driver = new TimeDriver(counting, task -> {
            Thread thread = new Thread(task, "test-timer-interrupted");
            thread.setDaemon(true);
            timerThread.set(thread);
            return thread;
        });
        try (MockTask<Void> far = MockTask.spawn(driver.sleep(Duration.ofHours(1)))) {
            assertPending(far.poll());
            await().atMost(Duration.ofSeconds(5)).until(() -> timerThread.get() != null
                    && timerThread.get().getState() == Thread.State.TIMED_WAITING);
            timerThread.get().interrupt(); // from outside: the timer thread has no use for it
            int readsAtInterrupt = clockReads.get();
            // Parked, the thread reads the clock once per wake-up; spinning, millions of times.
            await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2))
                    .until(() -> clockReads.get() - readsAtInterrupt < 1_000);
            assertFalse(far.isWoken());
        } finally {
            driver.close();
        }
        assertFalse(timerThread.get().isAlive(), "close() still stops it");
    }

    @Test
    void aTimerThreadThatCouldNotStartIsTriedAgainByTheNextRegistration() {
        AtomicInteger attempts = new AtomicInteger();
        AtomicReference<Thread> started = new AtomicReference<>();
        TimeDriver driver = new TimeDriver(Clock.system(), task -> {
            switch (attempts.incrementAndGet()) {
                case 1:
                    return null; // a ThreadFactory may refuse
                case 2:
                    return new Thread(task, "test-timer-unstartable") {
                        @Override
                        public synchronized void start() {
                            throw new OutOfMemoryError("unable to create native thread (simulated)");
                        }
                    };
                default:
                    Thread thread = new Thread(task, "test-timer-retried");
                    thread.setDaemon(true);
                    started.set(thread);
                    return thread;
            }
        });
        try {
            for (int failing = 0; failing < 2; failing++) {
                // Far enough ahead that a slow machine cannot make the first poll ready at once.
                try (MockTask<Void> refused = MockTask.spawn(driver.sleep(Duration.ofSeconds(30)))) {
                    Throwable failure = org.junit.jupiter.api.Assertions.assertThrows(Throwable.class, refused::poll);
                    assertTrue(failure instanceof RuntimeException || failure instanceof OutOfMemoryError, failure.toString());
                }
            }
            try (MockTask<Void> sleep = MockTask.spawn(driver.sleep(Duration.ofMillis(1)))) {
                if (sleep.poll().isPending()) {
                    await().atMost(Duration.ofSeconds(5)).until(sleep::isWoken);
                    assertReady(sleep.poll(), null);
                }
            }
            assertEquals(3, attempts.get());
            assertNotNull(started.get());
        } finally {
            driver.close();
        }
        assertEquals(0, driver.timerCount());
    }
}
