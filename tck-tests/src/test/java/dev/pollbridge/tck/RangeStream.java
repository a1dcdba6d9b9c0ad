package dev.pollbridge.tck;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;

/**
 * The finite stream {@code 0, 1, ..., count - 1}, always ready: the simplest source a publisher
 * can be asked to serve, and the fastest (it tests the task's poll budget too).
 */
final class RangeStream implements PollStream<Long> {

    private final long count;
    private long next;
    private boolean ended;

    RangeStream(long count) {
        this.count = count;
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (ended) {
            throw new IllegalStateException("pollNext() after done");
        }
        if (next == count) {
            ended = true;
            return Poll.done();
        }
        return Poll.ready(next++);
    }
}
