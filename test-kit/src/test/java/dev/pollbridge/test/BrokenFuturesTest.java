package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.FaultyFuture.Fault;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract must catch what it claims to catch: each deliberately broken future below fails the
 * check of the rule it breaks, and the correct probe fails none. The contract classes run through
 * the JUnit Platform launcher, as in a build.
 */
class BrokenFuturesTest {

    private static final Set<String> ALL_CHECKS = Set.of(
            "nothingStartsBeforeTheFirstPoll",
            "aPendingPollLeavesTheWakerWithWhatWillCompleteIt",
            "aFailureWakesTheTaskAndArrivesAsFailed",
            "aCompletionRacingAPollStillWakesTheTask",
            "theLatestWakerIsTheOneWoken",
            "readyIsFinal",
            "failedIsFinal",
            "closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns",
            "closeWhilePendingCancelsEachUpstreamOnce",
            "closeAfterReadyIsHarmless",
            "closeAfterFailedIsHarmless",
            "whatTheProducerWroteIsVisibleToTheConsumer");

    @Test
    void theCorrectProbePassesEveryCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ProbeFutureContractTest.class);
        assertEquals(ALL_CHECKS, outcome.passed(), outcome.toString());
    }

    @Test
    void aFutureThatForgetsTheWakerFailsTheWakeChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ForgetsTheWaker.class);
        assertTrue(outcome.failed().containsAll(Set.of(
                "aPendingPollLeavesTheWakerWithWhatWillCompleteIt",
                "aFailureWakesTheTaskAndArrivesAsFailed",
                "aCompletionRacingAPollStillWakesTheTask",
                "theLatestWakerIsTheOneWoken")), outcome.toString());
        assertTrue(outcome.passed().contains("closeWhilePendingCancelsEachUpstreamOnce"), outcome.toString());
    }

    @Test
    void aFutureThatKeepsItsFirstWakerFailsTheLatestWakerCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(KeepsTheFirstWaker.class);
        assertEquals(Set.of("theLatestWakerIsTheOneWoken", "aCompletionRacingAPollStillWakesTheTask"),
                outcome.failed(), outcome.toString());
    }

    @Test
    void aFutureThatIsReadyTwiceFailsTheFinalityChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ReadyTwice.class);
        assertEquals(Set.of("readyIsFinal", "failedIsFinal"), outcome.failed(), outcome.toString());
    }

    @Test
    void aFutureThatCancelsOnEveryCloseFailsTheCloseCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(CancelsOnEveryClose.class);
        assertEquals(Set.of("closeWhilePendingCancelsEachUpstreamOnce"), outcome.failed(), outcome.toString());
    }

    /** A contract over a broken future: fails fast, and runs only when launched by this test. */
    @ExtendWith(ContractLauncher.OnlyWhenLaunched.class)
    abstract static class BrokenContract extends PollFutureContract<String> {
        private final Fault fault;

        BrokenContract(Fault fault) {
            this.fault = fault;
        }

        @Override
        protected FutureSubject<String> subject() {
            FaultyFuture future = new FaultyFuture(fault);
            return FutureSubject.of(future)
                    .completesWith("value", () -> future.complete("value"))
                    .failsWith(future::fail)
                    .upstream(future.upstream());
        }

        @Override
        protected Duration waitLimit() {
            return Duration.ofMillis(300);
        }

        @Override
        protected int raceIterations() {
            return 20;
        }
    }

    static class ForgetsTheWaker extends BrokenContract {
        ForgetsTheWaker() {
            super(Fault.FORGETS_THE_WAKER);
        }
    }

    static class KeepsTheFirstWaker extends BrokenContract {
        KeepsTheFirstWaker() {
            super(Fault.KEEPS_THE_FIRST_WAKER);
        }
    }

    static class ReadyTwice extends BrokenContract {
        ReadyTwice() {
            super(Fault.READY_TWICE);
        }
    }

    static class CancelsOnEveryClose extends BrokenContract {
        CancelsOnEveryClose() {
            super(Fault.CANCELS_ON_EVERY_CLOSE);
        }
    }
}
