package dev.pollbridge.test;

import dev.pollbridge.test.FaultyFuture.Fault;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Contract classes over deliberately broken futures, run only by {@link BrokenFuturesTest} through
 * the launcher
 * (the file name keeps the build's test scan away from them; {@link ContractLauncher.OnlyWhenLaunched}
 * keeps an IDE's away).
 */
final class BrokenFutureContracts {

    private BrokenFutureContracts() {}

    /** A contract over a broken future: fails fast, and runs only when launched. */
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

    static class StartsEagerly extends BrokenContract {
        StartsEagerly() {
            super(Fault.STARTS_EAGERLY);
        }
    }

    static class ThrowsOnClose extends BrokenContract {
        ThrowsOnClose() {
            super(Fault.THROWS_ON_CLOSE);
        }
    }

    static class BlocksOnClose extends BrokenContract {
        BlocksOnClose() {
            super(Fault.BLOCKS_ON_CLOSE);
        }
    }

    /** A contract over a correct future whose value producer is broken: only the dropped-value checks can fail. */
    abstract static class BrokenProducerContract extends BrokenContract {
        private final FaultyProducer.Fault producerFault;

        BrokenProducerContract(FaultyProducer.Fault producerFault) {
            super(Fault.NONE);
            this.producerFault = producerFault;
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            FaultyProducer producer = new FaultyProducer(producerFault);
            return FutureSubject.of(producer).completesWith(value, () -> producer.complete(value));
        }
    }

    static class LeaksAnUnreadValue extends BrokenProducerContract {
        LeaksAnUnreadValue() {
            super(FaultyProducer.Fault.LEAKS_AN_UNREAD_VALUE);
        }
    }

    static class ClosesTheValueItsReaderTook extends BrokenProducerContract {
        ClosesTheValueItsReaderTook() {
            super(FaultyProducer.Fault.CLOSES_THE_VALUE_ITS_READER_TOOK);
        }
    }

    static class ClosesAnUnreadValueTwice extends BrokenProducerContract {
        ClosesAnUnreadValueTwice() {
            super(FaultyProducer.Fault.CLOSES_AN_UNREAD_VALUE_TWICE);
        }
    }
}
