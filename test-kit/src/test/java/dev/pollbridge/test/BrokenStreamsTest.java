package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.FaultyStream.Fault;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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

    @Test
    void theCorrectProbePassesEveryCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ProbeStreamContractTest.class);
        assertEquals(ALL_CHECKS, outcome.passed(), outcome.toString());
    }

    @Test
    void aStreamThatForgetsTheWakerFailsTheWakeChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(ForgetsTheWaker.class);
        assertTrue(outcome.failed().containsAll(Set.of(
                "eachPendingPollLeavesTheWakerAndItemsArriveInOrder",
                "aFailureWakesTheTaskAndArrivesAfterTheItems",
                "anItemRacingAPollStillWakesTheTask",
                "theLatestWakerIsTheOneWoken")), outcome.toString());
    }

    @Test
    void aStreamThatKeepsItsFirstWakerFailsTheLatestWakerCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(KeepsTheFirstWaker.class);
        assertEquals(Set.of("theLatestWakerIsTheOneWoken", "anItemRacingAPollStillWakesTheTask"),
                outcome.failed(), outcome.toString());
    }

    @Test
    void aStreamThatEndsTwiceFailsTheFinalityChecks() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(DoneTwice.class);
        assertEquals(Set.of("doneIsFinal", "failedIsFinal"), outcome.failed(), outcome.toString());
    }

    @Test
    void aStreamThatCancelsOnEveryCloseFailsTheCloseCheck() {
        ContractLauncher.Outcome outcome = ContractLauncher.run(CancelsOnEveryClose.class);
        assertEquals(Set.of("closeWhilePendingCancelsEachUpstreamOnce"), outcome.failed(), outcome.toString());
    }

    /** A contract over a broken stream: fails fast, and runs only when launched by this test. */
    @ExtendWith(ContractLauncher.OnlyWhenLaunched.class)
    abstract static class BrokenContract extends PollStreamContract<String> {
        private final Fault fault;

        BrokenContract(Fault fault) {
            this.fault = fault;
        }

        @Override
        protected StreamSubject<String> subject() {
            FaultyStream stream = new FaultyStream(fault);
            return StreamSubject.of(stream)
                    .emits(i -> stream.emit("item" + i), i -> "item" + i)
                    .completes(stream::complete)
                    .failsWith(stream::fail)
                    .upstream(stream.upstream());
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

    static class DoneTwice extends BrokenContract {
        DoneTwice() {
            super(Fault.DONE_TWICE);
        }
    }

    static class CancelsOnEveryClose extends BrokenContract {
        CancelsOnEveryClose() {
            super(Fault.CANCELS_ON_EVERY_CLOSE);
        }
    }
}
