package dev.pollbridge.tck;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.sync.Channel;

/**
 * The receiving end of a bounded {@link Channel} that another task fills with
 * {@code 0 .. count - 1} and then closes. Closing this stream also closes the channel, so the
 * producer's waiting send fails and the producer task ends (a channel stream alone does not close
 * its channel).
 */
final class ChannelFedStream implements PollStream<Long> {

    private static final int CAPACITY = 4;

    private final Channel<Long> channel;
    private final PollStream<Long> items;

    private ChannelFedStream(Channel<Long> channel) {
        this.channel = channel;
        this.items = channel.stream();
    }

    /** A stream of {@code count} items sent by a task spawned on {@code runtime}. */
    static ChannelFedStream fedBy(Runtime runtime, long count) {
        Channel<Long> channel = Channel.bounded(CAPACITY);
        runtime.spawn(new Producer(channel, count)).close(); // detached: it ends by itself
        return new ChannelFedStream(channel);
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        return items.pollNext(cx);
    }

    @Override
    public void close() {
        items.close();
        channel.close();
    }

    /** Sends {@code 0 .. count - 1}, waiting while the channel is full, then closes it. */
    private static final class Producer implements PollFuture<Void> {
        private final Channel<Long> channel;
        private final long count;
        private long next;
        private PollFuture<Void> sending;

        Producer(Channel<Long> channel, long count) {
            this.channel = channel;
            this.count = count;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (sending == null) {
                    if (next == count) {
                        channel.close(); // receivers drain, then see the end
                        return Poll.ready(null);
                    }
                    sending = channel.send(next);
                }
                Poll<Void> sent = sending.poll(cx);
                if (sent.isPending()) {
                    return Poll.pending();
                }
                sending.close();
                sending = null;
                if (sent.isFailed()) {
                    return Poll.ready(null); // the consumer closed the channel: stop
                }
                next++;
            }
        }

        @Override
        public void close() {
            if (sending != null) {
                sending.close();
                sending = null;
            }
        }
    }
}
