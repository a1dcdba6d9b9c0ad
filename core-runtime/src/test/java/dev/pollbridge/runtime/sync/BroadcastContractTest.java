package dev.pollbridge.runtime.sync;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Nested;

/**
 * The broadcast channel's futures and stream keep the contract: {@link BroadcastReceiver#receive()}
 * and {@link BroadcastReceiver#stream()} wait for a send and end when the last sender closes;
 * {@link BroadcastSender#closed()} completes when the last receiver closes. A closed waiter leaves
 * its queue.
 */
class BroadcastContractTest {

    @Nested
    class Receive extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            BroadcastSender<String> tx = BroadcastSender.create(4);
            BroadcastReceiver<String> rx = tx.subscribe();
            return FutureSubject.of(rx.receive())
                    .completesWith("value", () -> tx.send("value"))
                    .fails(tx::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the waiting receives", receiveWaiters(tx)))
                    .closing(rx)
                    .closing(tx);
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            BroadcastSender<AutoCloseable> tx = BroadcastSender.create(4);
            BroadcastReceiver<AutoCloseable> rx = tx.subscribe();
            return FutureSubject.of(rx.receive())
                    .completesWith(value, () -> tx.send(value))
                    .closing(rx)
                    .closing(tx);
        }

        /**
         * Left out: a broadcast value is shared by every receiver (Tokio clones it), so no
         * receiver owns it and the channel never closes it (docs/sync.md, "broadcast"). A receive
         * takes a value only in the poll that returns it, so a closed receive holds nothing; the
         * two other value checks (a value read is never closed, never closed twice) run.
         */
        @Override
        public void aValueNobodyReadsIsClosedExactlyOnce() {}
    }

    @Nested
    class Stream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            BroadcastSender<String> tx = BroadcastSender.create(4);
            BroadcastReceiver<String> rx = tx.subscribe();
            return StreamSubject.of(rx.stream())
                    .emits(i -> tx.send("item" + i), i -> "item" + i)
                    .completes(tx::close)
                    .upstream(Upstream.queued("place among the waiting receives", receiveWaiters(tx)))
                    .closing(rx)
                    .closing(tx);
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            BroadcastSender<AutoCloseable> tx = BroadcastSender.create(4);
            BroadcastReceiver<AutoCloseable> rx = tx.subscribe();
            return StreamSubject.of(rx.stream())
                    .emits(i -> tx.send(items.get(i)), items::get)
                    .closing(rx)
                    .closing(tx);
        }

        /** Left out, as for {@link Receive}: the values are shared, and the channel never closes them. */
        @Override
        public void anItemNobodyReadsIsClosedExactlyOnce() {}
    }

    @Nested
    class SenderClosed extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            BroadcastSender<String> tx = BroadcastSender.create(4);
            BroadcastReceiver<String> rx = tx.subscribe();
            return FutureSubject.of(tx.closed())
                    .completesWith(null, rx::close)
                    .upstream(Upstream.queued("place among the closed() waiters",
                            WaitQueues.nonEmpty(WaitQueues.read(WaitQueues.read(tx, "ring"), "receivers"), "waiters")))
                    .closing(rx)
                    .closing(tx);
        }
    }

    private static BooleanSupplier receiveWaiters(BroadcastSender<?> tx) {
        return WaitQueues.nonEmpty(WaitQueues.read(tx, "ring"), "waiters");
    }
}
