package dev.pollbridge.tck;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.Receiver;
import dev.pollbridge.runtime.sync.Sender;

/**
 * The receiving end of a bounded {@link Channel} that another task fills with
 * {@code 0 .. count - 1}. Each side holds a handle: the producer's {@link Sender}, closed when it
 * is done, ends the stream after the last item; this stream's {@link Receiver}, closed with the
 * stream, makes the producer's waiting send fail, so the producer task ends too.
 */
final class ChannelFedStream implements PollStream<Long> {

    private static final int CAPACITY = 4;

    private final Receiver<Long> receiver;
    private final PollStream<Long> items;

    private ChannelFedStream(Receiver<Long> receiver) {
        this.receiver = receiver;
        this.items = receiver.stream();
    }

    /** A stream of {@code count} items sent by a task spawned on {@code runtime}. */
    static ChannelFedStream fedBy(PollRuntime runtime, long count) {
        Channel<Long> channel = Channel.bounded(CAPACITY);
        ChannelFedStream stream = new ChannelFedStream(channel.receiver());
        runtime.spawn(new Producer(channel.sender(), count)).close(); // detached: it ends by itself
        return stream;
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        return items.pollNext(cx);
    }

    @Override
    public void close() {
        items.close();
        receiver.close();
    }

    /** Sends {@code 0 .. count - 1}, waiting while the channel is full, then closes its sender. */
    private static final class Producer implements PollFuture<Void> {
        private final Sender<Long> sender;
        private final long count;
        private long next;
        private PollFuture<Void> sending;

        Producer(Sender<Long> sender, long count) {
            this.sender = sender;
            this.count = count;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (sending == null) {
                    if (next == count) {
                        return Poll.ready(null); // close() closes the sender: receivers drain, then see the end
                    }
                    sending = sender.send(next);
                }
                Poll<Void> sent = sending.poll(cx);
                if (sent.isPending()) {
                    return Poll.pending();
                }
                sending.close();
                sending = null;
                if (sent.isFailed()) {
                    return Poll.ready(null); // the consumer closed its receiver: stop
                }
                next++;
            }
        }

        /** Called by the runtime when the task ends, done or aborted: the last sender closes the channel. */
        @Override
        public void close() {
            if (sending != null) {
                sending.close();
                sending = null;
            }
            sender.close();
        }
    }
}
