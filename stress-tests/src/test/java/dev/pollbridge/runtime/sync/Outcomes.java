package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.stress.CountingWaker;

/** Small encodings of poll results as ints, so jcstress outcomes stay readable. */
final class Outcomes {

    static final int PENDING = 0;
    static final int READY = 1;
    static final int CLOSED = 2;
    static final int OTHER = 9;

    private Outcomes() {}

    /** 0 pending, 1 ready, 2 failed with {@link ChannelClosedException}, 9 anything else. */
    static int code(Poll<?> result) {
        if (result.isPending()) {
            return PENDING;
        }
        if (result.isReady()) {
            return READY;
        }
        if (result.isFailed() && result.error() instanceof ChannelClosedException) {
            return CLOSED;
        }
        return OTHER;
    }

    /**
     * Receives everything left in a closed channel through a fresh stream: the items' first
     * letters in order as digits ("a" is 1, "b" is 2, ...), 0 for none; -1 if the stream did not
     * end (the channel was not closed, or an item went missing from the count).
     */
    static int drainClosed(Channel<String> channel) {
        int digits = 0;
        try (PollStream<String> stream = channel.stream()) {
            for (;;) {
                Poll<String> next = stream.pollNext(new CountingWaker().context());
                if (next.isDone()) {
                    return digits;
                }
                if (!next.isReady()) {
                    return -1;
                }
                digits = digits * 10 + (next.value().charAt(0) - 'a' + 1);
            }
        } catch (Exception e) {
            return -1;
        }
    }
}
