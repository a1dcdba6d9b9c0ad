package dev.pollbridge.runtime.sync;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
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
