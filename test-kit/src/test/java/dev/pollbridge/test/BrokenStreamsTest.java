package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link BrokenFuturesTest} for streams: each deliberately broken stream fails the check of the
 * rule it breaks, and the correct probe fails none.
 */
class BrokenStreamsTest {

    private static final Set<String> ALL_CHECKS = Set.of(
            "nothingStartsBeforeTheFirstPoll",
            "eachPendingPollLeavesTheWakerAndItemsArriveInOrder",
            "aFailureWakesTheTaskAndArrivesAfterTheItems",
            "anItemRacingAPollStillWakesTheTask",
            "theLatestWakerIsTheOneWoken",
            "doneIsFinal",
            "failedIsFinal",
            "closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns",
            "closeWhilePendingCancelsEachUpstreamOnce",
            "closeAfterDoneIsHarmless",
            "closeAfterFailedIsHarmless",
            "whatTheProducerWroteIsVisibleToTheConsumer");

    /** The checks of rule 11's ownership half: they run for a SingleUse producer that declares its items. */
    private static final Set<String> OWNERSHIP_CHECKS = Set.of(
            "aSecondOwnerIsRefused",
            "anItemNobodyReadsIsClosedExactlyOnce",
            "anItemRacingTheCloseIsNeverClosedTwice");

    @Test
    void theCorrectProbePassesEveryCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ProbeStreamContractTest.class);
        Set<String> every = new HashSet<>(ALL_CHECKS);
        every.addAll(OWNERSHIP_CHECKS);
        assertEquals(every, outcome.passed(), outcome.toString());
    }

    @Test
    void aStreamThatLeaksItsQueuedItemsFailsTheDroppedItemCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.LeaksItsQueuedItems.class);
        assertTrue(outcome.failed().contains("anItemNobodyReadsIsClosedExactlyOnce"), outcome.toString());
        assertTrue(outcome.passed().contains("anItemRacingTheCloseIsNeverClosedTwice"), outcome.toString());
    }

    @Test
    void aStreamThatForgetsTheWakerFailsTheWakeChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.ForgetsTheWaker.class);
        assertTrue(outcome.failed().containsAll(Set.of(
                "eachPendingPollLeavesTheWakerAndItemsArriveInOrder",
                "aFailureWakesTheTaskAndArrivesAfterTheItems",
                "anItemRacingAPollStillWakesTheTask",
                "theLatestWakerIsTheOneWoken")), outcome.toString());
    }

    @Test
    void aStreamThatKeepsItsFirstWakerFailsTheLatestWakerCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.KeepsTheFirstWaker.class);
        assertEquals(Set.of("theLatestWakerIsTheOneWoken", "anItemRacingAPollStillWakesTheTask"),
                outcome.failed(), outcome.toString());
    }

    @Test
    void aStreamThatEndsTwiceFailsTheFinalityChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.DoneTwice.class);
        assertEquals(Set.of("doneIsFinal", "failedIsFinal"), outcome.failed(), outcome.toString());
    }

    @Test
    void aStreamThatStartsWhenBuiltFailsTheLazinessChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.StartsEagerly.class);
        assertEquals(Set.of("nothingStartsBeforeTheFirstPoll", "closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns"),
                outcome.failed(), outcome.toString());
    }

    /** Every check closes its subject, watched or when it ends: each one reports the throwing close. */
    @Test
    void aStreamWhoseCloseThrowsFailsEveryCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.ThrowsOnClose.class);
        // The ownership check builds its subject too (the value checks skip before building one).
        Set<String> closing = new HashSet<>(ALL_CHECKS);
        closing.add("aSecondOwnerIsRefused");
        assertEquals(closing, outcome.failed(), outcome.toString());
    }

    @Test
    void aStreamWhoseCloseBlocksFailsTheChecksThatCloseItBeforeTheEnd() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.BlocksOnClose.class);
        assertEquals(Set.of("closeBeforeTheFirstPollStartsNothingAndCancelsWhatItOwns",
                "closeWhilePendingCancelsEachUpstreamOnce"), outcome.failed(), outcome.toString());
    }

    @Test
    void aStreamThatCancelsOnEveryCloseFailsTheCloseCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(BrokenStreamContracts.CancelsOnEveryClose.class);
        assertEquals(Set.of("closeWhilePendingCancelsEachUpstreamOnce"), outcome.failed(), outcome.toString());
    }
}
