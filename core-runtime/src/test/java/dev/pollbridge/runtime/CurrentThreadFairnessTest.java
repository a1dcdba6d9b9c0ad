package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Promise;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Item 2 of the fault-containment issue: with {@code workers(0)}, a task that wakes itself on
 * every poll keeps the run queue from ever emptying. {@code blockOn} must still give its own
 * future a turn (Tokio's current-thread scheduler does every 61 task polls) and must still
 * notice an interrupt.
 */
@Timeout(30)
class CurrentThreadFairnessTest {

    private PollRuntime runtime;
    private Thread driver;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(0).build();
    }

    @AfterEach
    void stop() throws InterruptedException {
        runtime.close(); // also stops a driver that never returned (it runs no task once closed)
        if (driver != null) {
            driver.interrupt();
            driver.join(10_000);
        }
    }

    /** A task that wakes itself and returns pending on every poll, until it is aborted. */
    private static PollFuture<Void> spinner(AtomicLong polls, Runnable onTenthPoll) {
        return cx -> {
            if (polls.incrementAndGet() == 10) {
                onTenthPoll.run();
            }
            cx.waker().wake();
            return Poll.pending();
        };
    }

    private <T> AtomicReference<Object> blockOnInOwnThread(PollFuture<T> future) {
        AtomicReference<Object> outcome = new AtomicReference<>();
        driver = new Thread(() -> {
            try {
                outcome.set(runtime.blockOn(future));
            } catch (Throwable failure) {
                outcome.set(failure);
            }
        }, "fairness-driver");
        driver.start();
        return outcome;
    }

    @Test
    void blockOnReturnsOnceItsFutureIsReadyWhileAnotherTaskKeepsWakingItself() {
        Promise<String> promise = new Promise<>();
        AtomicLong polls = new AtomicLong();
        JoinHandle<Void> spinning = runtime.spawn(spinner(polls, () -> promise.complete("done")));

        AtomicReference<Object> outcome = blockOnInOwnThread(promise.future());
        await().atMost(Duration.ofSeconds(10)).until(() -> outcome.get() != null);
        assertEquals("done", outcome.get());

        assertHealthyAfterAborting(spinning);
    }

    @Test
    void blockOnThrowsWhenInterruptedWhileAnotherTaskKeepsWakingItself() {
        AtomicLong polls = new AtomicLong();
        JoinHandle<Void> spinning = runtime.spawn(spinner(polls, () -> {}));

        AtomicReference<Object> outcome = blockOnInOwnThread(Futures.pending());
        await().until(() -> polls.get() > 1_000); // the driver is busy running the spinner
        driver.interrupt();
        await().atMost(Duration.ofSeconds(10)).until(() -> outcome.get() != null);
        CompletionException interrupted = assertInstanceOf(CompletionException.class, outcome.get());
        assertInstanceOf(InterruptedException.class, interrupted.getCause());

        assertHealthyAfterAborting(spinning);
    }

    /** The spinner is cancelled and a later task runs on this (test) thread's blockOn. */
    private void assertHealthyAfterAborting(JoinHandle<Void> spinning) {
        spinning.abort();
        assertEquals(7, runtime.blockOn(runtime.spawn(Futures.ready(7))));
        assertTrue(spinning.isFinished());
        assertInstanceOf(CancellationException.class, spinning.poll(Context.of(() -> {})).error());
    }
}
