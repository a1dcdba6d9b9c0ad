package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 11 for the futures that find the current runtime ({@link Time}, {@link Retry}) and for
 * {@code blockOn(future, d)}: each claims what it takes at the hand-over, refuses a future with
 * another owner in the words of {@link SingleUse} (the rule and the fix), and has one owner itself.
 */
@Timeout(20)
class CurrentRuntimeOwnershipTest {

    private static final Duration LIMIT = Duration.ofSeconds(1);

    @Test
    void timeoutAndTimeoutOrNullClaimTheirWorkAtTheCallAndLeaveARefusedOneAlone() {
        ProbeFuture<String> work = new ProbeFuture<>();
        PollFuture<String> first = Time.timeout(work, LIMIT);
        assertEquals("Time.timeout", work.owner().orElseThrow());
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Time.timeoutOrNull(work, LIMIT));
        assertTrue(refused.getMessage().contains("Time.timeoutOrNull") && refused.getMessage().contains("Time.timeout")
                && refused.getMessage().contains("rule 11") && refused.getMessage().contains("Supplier"),
                refused.getMessage());
        assertEquals(0, work.closes(), "a refused future is not the refuser's to close");
        first.close();
        assertEquals(1, work.closes(), "its owner closes it, once");

        ProbeFuture<String> other = new ProbeFuture<>();
        Time.timeoutOrNull(other, LIMIT).close();
        assertThrows(IllegalStateException.class, () -> Time.timeout(other, LIMIT));
    }

    @Test
    void theFuturesOfTimeAndRetryHaveOneOwner() {
        List<PollFuture<?>> made = List.of(
                Time.timeout(new ProbeFuture<String>(), LIMIT),
                Time.timeoutOrNull(new ProbeFuture<String>(), LIMIT),
                Time.sleep(LIMIT),
                Retry.backoff(1, LIMIT).run(ProbeFuture::new));
        for (PollFuture<?> future : made) {
            assertInstanceOf(SingleUse.class, future, future.toString());
            SingleUse.claim(future, "PollRuntime.spawn");
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> SingleUse.claim(future, "a second task"));
            assertTrue(refused.getMessage().contains("rule 11"), refused.getMessage());
            future.close();
        }
    }

    @Test
    void aRetrySupplierThatReturnsTheSameFutureAgainIsRefusedWithTheFix() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            ProbeFuture<String> same = ProbeFuture.failedWith(new IOException("the one attempt"));
            JoinHandle<String> handle = time.runtime.spawn(
                    Retry.fixedDelay(1, Duration.ofMillis(10)).run(() -> same));
            time.runUntilIdle();
            time.advance(10);
            assertTrue(handle.isFinished());
            IllegalStateException refused = assertThrows(IllegalStateException.class, // unchecked: thrown as it is
                    () -> time.runtime.blockOn(handle));
            assertTrue(refused.getMessage().contains("already owned by Retry.run")
                    && refused.getMessage().contains("Supplier"), refused.getMessage());
            assertEquals("the one attempt", refused.getSuppressed()[0].getMessage(), "the first failure rides along");
            assertEquals(1, same.closes(), "the one attempt closed once, by the retry that owned it");
        }
    }

    @Test
    void blockOnWithALimitRefusesAFutureWithAnotherOwnerBeforeItWaits() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            ProbeFuture<String> owned = new ProbeFuture<>();
            PollFuture<String> bounded = Time.timeout(owned, LIMIT);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> runtime.blockOn(owned, Duration.ofSeconds(10)));
            assertTrue(refused.getMessage().contains("PollRuntime.blockOn") && refused.getMessage().contains("rule 11"),
                    refused.getMessage());
            assertFalse(owned.isCancelled(), "still its owner's");
            bounded.close();
            assertTrue(owned.isCancelled());
        }
    }
}
