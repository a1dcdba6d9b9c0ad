package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Promise;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two threads in {@code blockOn} of one current-thread runtime ({@code workers(0)}): one drives
 * the run queue, the other parks. When the driver's own future is ready and it returns while a
 * task is still queued, the parked one takes over driving (reliability item 2: it stayed parked,
 * with its task stranded in the queue, until some later spawn).
 */
@Timeout(60)
class CurrentThreadDriversTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(0).build();

    @AfterEach
    void stop() {
        runtime.close(); // unparks a thread left in blockOn, whose task is then cancelled
    }

    /**
     * A task that wakes itself during every poll (so the engine re-queues it with
     * {@code yieldTask}) until {@code stop} is set, noting which thread polled it last.
     */
    private static PollFuture<String> selfWaking(AtomicBoolean stop, AtomicReference<Thread> polledOn, AtomicLong polls) {
        return cx -> {
            polledOn.set(Thread.currentThread());
            polls.incrementAndGet();
            if (stop.get()) {
                return Poll.ready("stopped");
            }
            cx.waker().wake();
            return Poll.pending();
        };
    }

    private static Thread blockOnInThread(PollRuntime runtime, PollFuture<?> future, String name, AtomicReference<Object> outcome) {
        Thread thread = new Thread(() -> {
            try {
                outcome.set(runtime.blockOn(future));
            } catch (Throwable failure) {
                outcome.set(failure);
            }
        }, name);
        thread.start();
        return thread;
    }

    @Test
    void theParkedBlockOnTakesOverDrivingWhenTheDriverReturnsWithATaskStillQueued() throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Thread> polledOn = new AtomicReference<>();
        AtomicLong polls = new AtomicLong();
        JoinHandle<String> task = runtime.spawn(selfWaking(stop, polledOn, polls));

        Promise<String> first = new Promise<>();
        AtomicReference<Object> firstOutcome = new AtomicReference<>();
        Thread driver = blockOnInThread(runtime, first.future(), "driver-a", firstOutcome);
        await().until(() -> polledOn.get() == driver); // A drives: it runs the self-waking task

        AtomicReference<Object> secondOutcome = new AtomicReference<>();
        Thread waiter = blockOnInThread(runtime, task, "waiter-b", secondOutcome);
        await().until(() -> waiter.getState() == Thread.State.WAITING || waiter.getState() == Thread.State.TIMED_WAITING
                || polledOn.get() == waiter);

        first.complete("a");
        driver.join(10_000);
        assertFalse(driver.isAlive());
        assertEquals("a", firstOutcome.get());

        // A stopped driving; the task is still queued (it keeps waking itself). B must drive it now.
        long before = polls.get();
        await().atMost(Duration.ofSeconds(10)).until(() -> polls.get() > before + 100);
        stop.set(true);
        waiter.join(10_000);
        assertFalse(waiter.isAlive(), "the second blockOn took over and returned");
        assertEquals("stopped", secondOutcome.get());
        assertEquals(waiter, polledOn.get());
    }
}
