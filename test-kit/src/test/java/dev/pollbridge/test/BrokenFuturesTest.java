package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

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
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.ForgetsTheWaker.class);
        assertTrue(outcome.failed().containsAll(Set.of(
                "aPendingPollLeavesTheWakerWithWhatWillCompleteIt",
                "aFailureWakesTheTaskAndArrivesAsFailed",
                "aCompletionRacingAPollStillWakesTheTask",
                "theLatestWakerIsTheOneWoken")), outcome.toString());
        assertTrue(outcome.passed().contains("closeWhilePendingCancelsEachUpstreamOnce"), outcome.toString());
    }

    @Test
    void aFutureThatKeepsItsFirstWakerFailsTheLatestWakerCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.KeepsTheFirstWaker.class);
        assertEquals(Set.of("theLatestWakerIsTheOneWoken", "aCompletionRacingAPollStillWakesTheTask"),
                outcome.failed(), outcome.toString());
    }

    @Test
    void aFutureThatIsReadyTwiceFailsTheFinalityChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.ReadyTwice.class);
        assertEquals(Set.of("readyIsFinal", "failedIsFinal"), outcome.failed(), outcome.toString());
    }

    @Test
    void aFutureThatStartsWhenBuiltFailsTheLazinessChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.StartsEagerly.class);
        assertEquals(Set.of("nothingStartsBeforeTheFirstPoll", "closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns"),
                outcome.failed(), outcome.toString());
    }

    /** Every check closes its subject, watched or when it ends: each one reports the throwing close. */
    @Test
    void aFutureWhoseCloseThrowsFailsEveryCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.ThrowsOnClose.class);
        assertEquals(ALL_CHECKS, outcome.failed(), outcome.toString());
    }

    @Test
    void aFutureWhoseCloseBlocksFailsTheChecksThatCloseItWhilePending() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.BlocksOnClose.class);
        assertEquals(Set.of("closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns",
                "closeWhilePendingCancelsEachUpstreamOnce"), outcome.failed(), outcome.toString());
    }

    @Test
    void aFutureThatCancelsOnEveryCloseFailsTheCloseCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.CancelsOnEveryClose.class);
        assertEquals(Set.of("closeWhilePendingCancelsEachUpstreamOnce"), outcome.failed(), outcome.toString());
    }
}
