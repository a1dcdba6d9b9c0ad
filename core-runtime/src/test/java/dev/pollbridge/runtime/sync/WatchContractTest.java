package dev.pollbridge.runtime.sync;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Nested;

/**
 * The watch channel's futures keep the contract: {@link WatchReceiver#changed()} and
 * {@link WatchReceiver#waitFor} complete on a send and fail when the last sender closes;
 * {@link WatchSender#closed()} completes when the last receiver closes. A closed waiter leaves its
 * queue.
 */
class WatchContractTest {

    @Nested
    class Changed extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            WatchSender<String> tx = WatchSender.create("initial");
            WatchReceiver<String> rx = tx.subscribe();
            return FutureSubject.of(rx.changed())
                    .completesWith(null, () -> tx.send("next"))
                    .fails(tx::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the watch's waiters", changeWaiters(tx)))
                    .closing(rx)
                    .closing(tx);
        }
    }

    @Nested
    class WaitFor extends PollFutureContract<Integer> {
        @Override
        protected FutureSubject<Integer> subject() {
            WatchSender<Integer> tx = WatchSender.create(1);
            WatchReceiver<Integer> rx = tx.subscribe();
            return FutureSubject.of(rx.waitFor(value -> value > 1))
                    .completesWith(2, () -> tx.send(2))
                    .fails(tx::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the watch's waiters", changeWaiters(tx)))
                    .closing(rx)
                    .closing(tx);
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            AutoCloseable initial = () -> { };
            WatchSender<AutoCloseable> tx = WatchSender.create(initial);
            WatchReceiver<AutoCloseable> rx = tx.subscribe();
            return FutureSubject.of(rx.waitFor(current -> current == value))
                    .completesWith(value, () -> tx.send(value))
                    .closing(rx)
                    .closing(tx);
        }

        /**
         * Left out: a watch value is the channel's, lent to every receiver ({@code borrow}, as
         * Tokio's), so no receiver owns it and the channel never closes it (docs/sync.md,
         * "watch"). {@code waitFor} reads the value only in the poll that returns it, so a closed
         * one holds nothing; the two other value checks (a value read is never closed, never
         * closed twice) run.
         */
        @Override
        public void aValueNobodyReadsIsClosedExactlyOnce() {}
    }

    @Nested
    class SenderClosed extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            WatchSender<String> tx = WatchSender.create("initial");
            WatchReceiver<String> rx = tx.subscribe();
            return FutureSubject.of(tx.closed())
                    .completesWith(null, rx::close)
                    .upstream(Upstream.queued("place among the closed() waiters",
                            WaitQueues.nonEmpty(WaitQueues.read(WaitQueues.read(tx, "state"), "receivers"), "waiters")))
                    .closing(rx)
                    .closing(tx);
        }
    }

    private static BooleanSupplier changeWaiters(WatchSender<?> tx) {
        return WaitQueues.nonEmpty(WaitQueues.read(tx, "state"), "waiters");
    }
}
