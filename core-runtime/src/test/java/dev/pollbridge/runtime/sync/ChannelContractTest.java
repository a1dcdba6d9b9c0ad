package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Nested;

/**
 * {@link Channel}'s send, reserve, receive, receiveMany and stream keep the contract, on the
 * channel and through its {@link Sender} and {@link Receiver} handles (whose last close ends the
 * channel); a closed waiter leaves its queue.
 */
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

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return droppingThroughAReceiver(value, (channel, receiver) -> channel.receive(), value);
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

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            Channel<AutoCloseable> channel = Channel.bounded(4);
            Receiver<AutoCloseable> receiver = channel.receiver(); // its close drops the items nobody read
            return StreamSubject.of(channel.stream())
                    .emits(i -> channel.trySend(items.get(i)), items::get)
                    .closing(receiver);
        }
    }

    /** A reserve on a full channel: a receive frees the slot, and the permit sends into it. */
    @Nested
    class Reserve extends PollFutureContract<SendPermit<String>> {
        @Override
        protected FutureSubject<SendPermit<String>> subject() {
            Channel<String> channel = Channel.bounded(1);
            channel.trySend("first");
            return reserving(channel, channel.reserve(), channel::close);
        }
    }

    /** A receiveMany on an empty channel: a send completes it with what is buffered. */
    @Nested
    class ReceiveMany extends PollFutureContract<List<String>> {
        @Override
        protected FutureSubject<List<String>> subject() {
            Channel<String> channel = Channel.bounded(4);
            return FutureSubject.of(channel.receiveMany(3))
                    .completesWith(List.of("item"), () -> channel.trySend("item"))
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return droppingThroughAReceiver(value, (channel, receiver) -> channel.receiveMany(3), List.of(value));
        }
    }

    /** A receiveMany on an empty channel that closes: it completes with the empty list of the end. */
    @Nested
    class ReceiveManyAtTheEnd extends PollFutureContract<List<String>> {
        @Override
        protected FutureSubject<List<String>> subject() {
            Channel<String> channel = Channel.bounded(4);
            return FutureSubject.of(channel.receiveMany(3))
                    .completesWith(List.of(), channel::close)
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")));
        }
    }

    /** A send through the only {@link Sender}: closing that handle closes the channel and fails it. */
    @Nested
    class SenderSend extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Channel<String> channel = Channel.bounded(1);
            Sender<String> sender = channel.sender();
            sender.trySend("first");
            return FutureSubject.of(sender.send("second"))
                    .completesWith(null, () -> takeOne(channel))
                    .fails(sender::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the senders", WaitQueues.nonEmpty(channel, "senders")))
                    .closing(sender);
        }
    }

    /** A reserve through the only {@link Sender}: closing that handle closes the channel and fails it. */
    @Nested
    class SenderReserve extends PollFutureContract<SendPermit<String>> {
        @Override
        protected FutureSubject<SendPermit<String>> subject() {
            Channel<String> channel = Channel.bounded(1);
            Sender<String> sender = channel.sender();
            sender.trySend("first");
            return reserving(channel, sender.reserve(), sender::close).closing(sender);
        }
    }

    /** A send waiting on a full channel when its only {@link Receiver} closes: nobody will read, so it fails. */
    @Nested
    class SendWhenTheLastReceiverCloses extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Channel<String> channel = Channel.bounded(1);
            Receiver<String> receiver = channel.receiver();
            channel.trySend("first");
            return FutureSubject.of(channel.send("second"))
                    .completesWith(null, () -> takeOne(channel))
                    .fails(receiver::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the senders", WaitQueues.nonEmpty(channel, "senders")))
                    .closing(receiver);
        }
    }

    /** A reserve waiting on a full channel when its only {@link Receiver} closes: it fails. */
    @Nested
    class ReserveWhenTheLastReceiverCloses extends PollFutureContract<SendPermit<String>> {
        @Override
        protected FutureSubject<SendPermit<String>> subject() {
            Channel<String> channel = Channel.bounded(1);
            Receiver<String> receiver = channel.receiver();
            channel.trySend("first");
            return reserving(channel, channel.reserve(), receiver::close).closing(receiver);
        }
    }

    /** A receive through a {@link Receiver}: the last {@link Sender}'s close ends the channel and fails it. */
    @Nested
    class ReceiverReceive extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Channel<String> channel = Channel.bounded(4);
            Sender<String> sender = channel.sender();
            Receiver<String> receiver = channel.receiver();
            return FutureSubject.of(receiver.receive())
                    .completesWith("item", () -> sender.trySend("item"))
                    .fails(sender::close, ChannelClosedException.class)
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")))
                    .closing(receiver)
                    .closing(sender);
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return droppingThroughAReceiver(value, (channel, receiver) -> receiver.receive(), value);
        }
    }

    /** A receiveMany through a {@link Receiver}, fed through a {@link Sender}. */
    @Nested
    class ReceiverReceiveMany extends PollFutureContract<List<String>> {
        @Override
        protected FutureSubject<List<String>> subject() {
            Channel<String> channel = Channel.bounded(4);
            Sender<String> sender = channel.sender();
            Receiver<String> receiver = channel.receiver();
            return FutureSubject.of(receiver.receiveMany(2))
                    .completesWith(List.of("item"), () -> sender.trySend("item"))
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")))
                    .closing(receiver)
                    .closing(sender);
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return droppingThroughAReceiver(value, (channel, receiver) -> receiver.receiveMany(2), List.of(value));
        }
    }

    /** A {@link Receiver}'s stream: each send through the {@link Sender} an item, the last sender's close its end. */
    @Nested
    class ReceiverStream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            Channel<String> channel = Channel.bounded(4);
            Sender<String> sender = channel.sender();
            Receiver<String> receiver = channel.receiver();
            return StreamSubject.of(receiver.stream())
                    .emits(i -> sender.trySend("item" + i), i -> "item" + i)
                    .completes(sender::close)
                    .upstream(Upstream.queued("place among the receivers", WaitQueues.nonEmpty(channel, "receivers")))
                    .closing(receiver)
                    .closing(sender);
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            Channel<AutoCloseable> channel = Channel.bounded(4);
            Sender<AutoCloseable> sender = channel.sender();
            Receiver<AutoCloseable> receiver = channel.receiver();
            return StreamSubject.of(receiver.stream())
                    .emits(i -> sender.trySend(items.get(i)), items::get)
                    .closing(receiver)
                    .closing(sender);
        }
    }

    /**
     * A reserve waiting on a full {@code channel}: taking the buffered item completes it with a
     * permit (which the check uses, and the item arrives), {@code close} fails it.
     */
    private static FutureSubject<SendPermit<String>> reserving(Channel<String> channel,
            PollFuture<SendPermit<String>> reserve, Runnable close) {
        return FutureSubject.of(reserve)
                .completes(() -> takeOne(channel), permit -> {
                    assertTrue(permit.send("reserved"), "the permit sends into its slot");
                    assertTrue(channel.tryReceive().filter("reserved"::equals).isPresent(), "the reserved item arrived");
                })
                .fails(close, ChannelClosedException.class)
                .upstream(Upstream.queued("place among the senders", WaitQueues.nonEmpty(channel, "senders")));
    }

    /**
     * For the dropped-value checks: {@code receive} of a channel fed {@code value}. A receive is
     * cancel-safe, so a receive closed unread leaves the value in the channel; the channel drops it
     * when its last {@link Receiver} goes, which the subject holds as a resource.
     */
    private static FutureSubject<?> droppingThroughAReceiver(AutoCloseable value,
            BiFunction<Channel<AutoCloseable>, Receiver<AutoCloseable>, PollFuture<?>> receive, Object expected) {
        Channel<AutoCloseable> channel = Channel.bounded(4);
        Receiver<AutoCloseable> receiver = channel.receiver();
        return FutureSubject.of(receive.apply(channel, receiver))
                .completes(() -> channel.trySend(value), read -> assertEquals(expected, read))
                .closing(receiver);
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
