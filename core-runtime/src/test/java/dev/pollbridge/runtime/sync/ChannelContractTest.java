package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import org.junit.jupiter.api.Nested;

/** {@link Channel}'s send, receive and stream keep the contract; a closed waiter leaves its queue. */
class ChannelContractTest {

    /** A send into a full channel: it waits for room, and a receive makes it. */
    @Nested
    class Send extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Channel<String> channel = Channel.bounded(1);
            channel.trySend("first");
            return FutureSubject.of(channel.send("second"))
                    .completesWith(null, () -> takeOne(channel))
                    .fails(channel::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the senders", WaitQueues.nonEmpty(channel, "senders")));
        }
    }

    /** A receive on an empty channel: a send completes it, a close fails it. */
    @Nested
    class Receive extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Channel<String> channel = Channel.bounded(4);
            return FutureSubject.of(channel.receive())
                    .completesWith("item", () -> channel.trySend("item"))
                    .fails(channel::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")));
        }
    }

    /** The receiving stream: each send an item, the channel's close its end. */
    @Nested
    class Stream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            Channel<String> channel = Channel.bounded(4);
            return StreamSubject.of(channel.stream())
                    .emits(i -> channel.trySend("item" + i), i -> "item" + i)
                    .completes(channel::close)
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")));
        }
    }

    /** Takes one buffered item, as a receiver would, to make room for a waiting sender. */
    private static void takeOne(Channel<String> channel) {
        try (PollFuture<String> receive = channel.receive()) {
            if (!receive.poll(Context.of(Waker.noop())).isReady()) {
                throw new AssertionError("the channel had no item to take");
            }
        }
    }
}
