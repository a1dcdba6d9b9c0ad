package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
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

    /** The checks of rule 11's ownership half: they run for a SingleUse producer that declares a value. */
    private static final Set<String> OWNERSHIP_CHECKS = Set.of(
            "aSecondOwnerIsRefused",
            "aValueNobodyReadsIsClosedExactlyOnce",
            "aValueThatWasReadIsNotClosedByItsProducer",
            "aValueRacingTheReadersCloseIsNeverClosedTwice");

    @Test
    void theCorrectProbePassesEveryCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ProbeFutureContractTest.class);
        Set<String> every = new HashSet<>(ALL_CHECKS);
        every.addAll(OWNERSHIP_CHECKS);
        assertEquals(every, outcome.passed(), outcome.toString());
    }

    @Test
    void aProducerThatLeaksAnUnreadValueFailsTheDroppedValueCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.LeaksAnUnreadValue.class);
        assertEquals(Set.of("aValueNobodyReadsIsClosedExactlyOnce"), outcome.failed(), outcome.toString());
    }

    @Test
    void aProducerThatClosesTheValueItsReaderTookFailsTheReadValueCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.ClosesTheValueItsReaderTook.class);
        assertEquals(Set.of("aValueThatWasReadIsNotClosedByItsProducer"), outcome.failed(), outcome.toString());
    }

    @Test
    void aProducerThatClosesAnUnreadValueTwiceFailsTheExactlyOnceChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenFutureContracts.ClosesAnUnreadValueTwice.class);
        assertEquals(Set.of("aValueNobodyReadsIsClosedExactlyOnce", "aValueRacingTheReadersCloseIsNeverClosedTwice"),
                outcome.failed(), outcome.toString());
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
        // The ownership check builds its subject too (the value checks skip before building one).
        Set<String> closing = new HashSet<>(ALL_CHECKS);
        closing.add("aSecondOwnerIsRefused");
        assertEquals(closing, outcome.failed(), outcome.toString());
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
