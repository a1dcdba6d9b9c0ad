package dev.pollbridge.runtime.bridge;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The always-ready stream {@code 0 .. count - 1} that counts its polls and closes and notices
 * a poll after close (which the publisher side must never do).
 */
final class CountingStream implements PollStream<Long> {

    private final long count;
    private final AtomicLong next = new AtomicLong();
    final AtomicInteger closes = new AtomicInteger();
    final AtomicInteger pollsAfterClose = new AtomicInteger();

    CountingStream(long count) {
        this.count = count;
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (closes.get() > 0) {
            pollsAfterClose.incrementAndGet();
            throw new IllegalStateException("polled after close");
        }
        long item = next.getAndIncrement();
        return item < count ? Poll.ready(item) : Poll.done();
    }

    @Override
    public void close() {
        closes.incrementAndGet();
    }
}
