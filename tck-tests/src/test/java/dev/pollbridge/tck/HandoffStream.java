package dev.pollbridge.tck;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.Runtime;
import java.util.ArrayDeque;

/**
 * A stream fed by another task through a small bounded buffer: the producer task sends
 * {@code 0 .. count - 1} and waits when the buffer is full; the stream waits when it is empty.
 * Closing the stream makes the producer stop. Both sides keep their latest waker and are woken
 * outside the lock. (A stand-in for a bounded channel, written against the API only.)
 */
final class HandoffStream implements PollStream<Long> {

    private static final int CAPACITY = 4;

    private final ArrayDeque<Long> buffer = new ArrayDeque<>(); // guarded by this
    private boolean producerDone;                              // guarded by this
    private boolean closed;                                    // guarded by this
    private Waker consumerWaker;                               // guarded by this
    private Waker producerWaker;                               // guarded by this
    private boolean ended;                                     // consumer only

    private HandoffStream() {}

    /** A stream of {@code count} items sent by a task spawned on {@code runtime}. */
    static HandoffStream fedBy(Runtime runtime, long count) {
        HandoffStream stream = new HandoffStream();
        runtime.spawn(stream.producer(count)).close(); // detached: it ends by itself
        return stream;
    }

    private PollFuture<Void> producer(long count) {
        return new PollFuture<>() {
            private long sent;

            @Override
            public Poll<Void> poll(Context cx) {
                Waker toWake;
                boolean finished;
                synchronized (HandoffStream.this) {
                    while (!closed && sent < count && buffer.size() < CAPACITY) {
                        buffer.add(sent++);
                    }
                    finished = closed || sent == count;
                    producerDone = finished;
                    producerWaker = finished ? null : cx.waker();
                    toWake = consumerWaker;
                    consumerWaker = null;
                }
                if (toWake != null) {
                    toWake.wake();
                }
                return finished ? Poll.ready(null) : Poll.pending();
            }
        };
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (ended) {
            throw new IllegalStateException("pollNext() after done");
        }
        Waker toWake;
        Poll<Long> result;
        synchronized (this) {
            Long item = buffer.poll();
            if (item != null) {
                result = Poll.ready(item);
                toWake = producerWaker; // there is room again
                producerWaker = null;
            } else if (producerDone) {
                ended = true;
                result = Poll.done();
                toWake = null;
            } else {
                consumerWaker = cx.waker();
                result = Poll.pending();
                toWake = null;
            }
        }
        if (toWake != null) {
            toWake.wake();
        }
        return result;
    }

    @Override
    public void close() {
        Waker toWake;
        synchronized (this) {
            closed = true;
            buffer.clear();
            toWake = producerWaker;
            producerWaker = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
    }
}
