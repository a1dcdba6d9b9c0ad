package dev.pollbridge.runtime.bridge;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/** Polls a stream to its end on the test thread, parking between wakes (the waker unparks). */
final class Drain {

    private Drain() {}

    static <T> List<T> toList(PollStream<T> stream, Duration timeout) {
        Thread owner = Thread.currentThread();
        Context cx = Context.of(() -> LockSupport.unpark(owner));
        long deadline = System.nanoTime() + timeout.toNanos();
        List<T> items = new ArrayList<>();
        try (stream) {
            while (true) {
                Poll<T> poll = stream.pollNext(cx);
                if (poll.isReady()) {
                    items.add(poll.value());
                } else if (poll.isDone()) {
                    return items;
                } else if (poll.isFailed()) {
                    throw new AssertionError("stream failed after " + items.size() + " items", poll.error());
                } else {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("no end within " + timeout + " after " + items.size() + " items");
                    }
                    LockSupport.parkNanos(left); // a wake unparks; spurious returns just re-poll
                }
            }
        }
    }
}
