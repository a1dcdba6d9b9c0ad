package dev.pollbridge.runtime.internal.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Several threads register, cancel and await short real-clock sleeps while the timer thread fires
 * them: every awaited sleep completes (no lost wake-up between registration and firing), none
 * completes early, and no entry is left behind. Bounded in iterations and time.
 */
class TimerStressTest {

    private static final int THREADS = 4;
    private static final int SLEEPS_PER_THREAD = 300;
    private static final long MAX_NANOS = Duration.ofSeconds(20).toNanos();

    @Test
    void registerCancelAndFireRaceWithoutLosingWakeUps() throws Exception {
        TimeDriver driver = new TimeDriver(Clock.system());
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        long giveUpAt = System.nanoTime() + MAX_NANOS;
        for (int t = 0; t < THREADS; t++) {
            Thread thread = new Thread(() -> {
                try {
                    run(driver, giveUpAt);
                } catch (Throwable failure) {
                    failures.add(failure);
                }
            }, "sleeper-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join(Duration.ofNanos(MAX_NANOS).toMillis());
        }
        try {
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
            assertEquals(0, driver.timerCount(), "no entry left behind");
        } finally {
            driver.close();
        }
    }

    private static void run(TimeDriver driver, long giveUpAt) {
        Thread self = Thread.currentThread();
        AtomicBoolean woken = new AtomicBoolean();
        Context cx = Context.of(() -> {
            woken.set(true);
            LockSupport.unpark(self);
        });
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < SLEEPS_PER_THREAD; i++) {
            long micros = random.nextLong(0, 3_000);
            long start = System.nanoTime();
            PollFuture<Void> sleep = driver.sleep(Duration.ofNanos(micros * 1_000));
            woken.set(false);
            Poll<Void> poll = sleep.poll(cx);
            if (poll.isPending() && random.nextBoolean()) {
                sleep.close(); // cancelled while the timer thread may be firing it
                continue;
            }
            while (poll.isPending()) {
                while (!woken.get()) {
                    if (System.nanoTime() - giveUpAt > 0) {
                        throw new AssertionError("sleep never woke: a lost wake-up?");
                    }
                    LockSupport.parkNanos(1_000_000);
                }
                woken.set(false);
                poll = sleep.poll(cx);
            }
            sleep.close();
            if (!poll.isReady()) {
                throw new AssertionError("sleep failed: " + poll);
            }
            if (System.nanoTime() - start < micros * 1_000) {
                throw new AssertionError("a sleep of " + micros + " us completed early");
            }
        }
    }
}
