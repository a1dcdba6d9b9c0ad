package dev.pollbridge.test;

import dev.pollbridge.test.FaultyStream.Fault;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Contract classes over deliberately broken streams, run only by {@link BrokenStreamsTest} through
 * the launcher
 * (the file name keeps the build's test scan away from them; {@link ContractLauncher.OnlyWhenLaunched}
 * keeps an IDE's away).
 */
final class BrokenStreamContracts {

    private BrokenStreamContracts() {}

    /** A contract over a broken stream: fails fast, and runs only when launched. */
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

    /**
     * A correct stream over a source that forgets the items queued when it is closed: only the
     * dropped-item check can fail. (The correct one is {@link ProbeStream}.)
     */
    @ExtendWith(ContractLauncher.OnlyWhenLaunched.class)
    static class LeaksItsQueuedItems extends BrokenContract {
        LeaksItsQueuedItems() {
            super(Fault.FORGETS_THE_WAKER);
        }

        @Override
        protected StreamSubject<String> subject() {
            ProbeStream<String> probe = new ProbeStream<>();
            return StreamSubject.of(probe).emits(i -> probe.emit("item" + i), i -> "item" + i);
        }

        @Override
        protected StreamSubject<?> subjectEmitting(java.util.List<? extends AutoCloseable> items) {
            // Wraps each item so that the probe closes only the wrapper, never the item itself.
            ProbeStream<Wrapped> probe = new ProbeStream<>();
            return StreamSubject.of(probe.map(Wrapped::item)).emits(i -> probe.emit(new Wrapped(items.get(i))), items::get);
        }

        /** Not AutoCloseable: the probe drops it without closing the item inside. */
        record Wrapped(AutoCloseable item) {}
    }
}
