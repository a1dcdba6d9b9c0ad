package dev.pollbridge.runtime.internal.time;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TimeoutTest {

    private final VirtualClock clock = new VirtualClock();
    private final TimeDriver driver = new TimeDriver(clock);

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void expiryClosesTheInnerFutureExactlyOnceAndFailsWithTimeoutException() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(driver.timeout(inner, Duration.ofMillis(50)));
        assertPending(task.poll());
        clock.advance(Duration.ofMillis(49));
        assertFalse(task.isWoken());
        clock.advance(Duration.ofMillis(1));
        assertTrue(task.isWoken());
        TimeoutException error = assertFailed(task.poll(), TimeoutException.class);
        assertTrue(error.getMessage().contains("PT0.05S"), error.getMessage());
        assertEquals(1, inner.closes());
        assertTrue(inner.isCancelled());
        task.close();
        assertEquals(1, inner.closes(), "closed exactly once");
        assertEquals(0, driver.timerCount());
    }

    @Test
    void innerFinishingFirstRemovesTheTimerAndIsClosedOnceByTheOwner() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(driver.timeout(inner, Duration.ofSeconds(5)));
        assertPending(task.poll());
        assertEquals(1, driver.timerCount());
        inner.complete("done");
        assertTrue(task.isWoken());
        assertReady(task.poll(), "done");
        assertEquals(0, driver.timerCount(), "the timer left the wheel as soon as the inner won");
        assertEquals(0, inner.closes());
        clock.advance(Duration.ofSeconds(10));
        assertThrows(IllegalStateException.class, task::poll);
        task.close();
        assertEquals(1, inner.closes());
        assertFalse(inner.isCancelled());
    }

    @Test
    void innerFailureIsPassedThrough() {
        ProbeFuture<String> inner = ProbeFuture.failedWith(new IllegalArgumentException("bad"));
        try (MockTask<String> task = MockTask.spawn(driver.timeout(inner, Duration.ofMillis(1)))) {
            assertFailed(task.poll(), IllegalArgumentException.class);
        }
        assertEquals(1, inner.closes());
    }

    @Test
    void anInnerReadyInTheSamePollAsTheDeadlineWins() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(driver.timeout(inner, Duration.ofMillis(5)));
        assertPending(task.poll());
        clock.advance(Duration.ofMillis(5));
        inner.complete("just in time");
        assertReady(task.poll(), "just in time");
        task.close();
        assertEquals(1, inner.closes());
    }

    @Test
    void closingBeforeEitherFinishesClosesInnerAndTimer() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(driver.timeout(inner, Duration.ofMillis(5)));
        assertPending(task.poll());
        task.close();
        assertEquals(1, inner.closes());
        assertTrue(inner.isCancelled());
        assertEquals(0, driver.timerCount());
        clock.advance(Duration.ofMillis(10));
        assertEquals(0, task.wakeCount());
    }

    @Test
    void aClosedDriverFailsTheTimeoutAndClosesTheInner() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(driver.timeout(inner, Duration.ofMillis(5)));
        assertPending(task.poll());
        driver.close();
        assertTrue(task.isWoken());
        assertFailed(task.poll(), CancellationException.class);
        assertEquals(1, inner.closes());
        task.close();
        assertEquals(1, inner.closes());
    }
}
