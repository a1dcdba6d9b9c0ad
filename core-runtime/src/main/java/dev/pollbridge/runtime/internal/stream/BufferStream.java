package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@code RuntimeStreams.buffer} and {@code conflate} (kotlinx's {@code buffer(capacity)} and
 * {@code conflate()}): the upstream runs as a task of its own on the engine, spawned at the first
 * poll, and works ahead of the consumer into a {@link Handoff}: up to {@code capacity} items, then
 * it waits for the consumer ({@code buffer}); or it never waits and the consumer gets the latest
 * item, the ones it was too slow for dropped ({@code conflate}). The upstream's end comes after
 * its items.
 *
 * <p><b>Close.</b> Closing the consumer drops the items buffered (closing each
 * {@link AutoCloseable} one) and aborts the producer task, whose future the runtime then closes,
 * on its own thread, which closes the upstream exactly once. Before the first poll there is no
 * task, and the upstream is closed here. Polled and closed by the owner only.
 */
final class BufferStream<T> implements PollStream<T> {

    private enum State { STREAMING, TERMINATED, CLOSED }

    private final String name;
    private final Engine engine;
    private final Handoff<T> handoff;
    private PollStream<? extends T> upstream; // owned until the producer takes it; null then
    private JoinHandle<Void> producer;
    private State state = State.STREAMING;

    BufferStream(String name, PollStream<? extends T> upstream, int capacity, boolean keepLatest, Engine engine) {
        this.name = name;
        this.upstream = upstream;
        this.engine = engine;
        this.handoff = new Handoff<>(capacity, keepLatest);
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw new IllegalStateException(name + " polled after it completed (done is final)");
            case CLOSED: throw new IllegalStateException(name + " polled after close()");
            default: break;
        }
        if (producer == null) {
            Producer<T> task = new Producer<>(upstream, handoff, engine, name);
            try {
                producer = engine.spawn(task);
            } catch (RejectedExecutionException closed) {
                state = State.TERMINATED;
                task.close(); // still ours: closes the upstream
                upstream = null;
                return Poll.failed(closed);
            }
            upstream = null; // the task owns it now
        }
        Poll<T> poll = handoff.poll(cx);
        if (poll.isTerminal()) {
            state = State.TERMINATED;
            producer.close(); // it ended: detach its handle
        }
        return poll;
    }

    @Override
    public void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        if (producer == null) {
            PollStream<? extends T> owned = upstream;
            upstream = null;
            if (owned != null) {
                owned.close();
            }
            return;
        }
        Dropped.items(handoff.leave(), null, engine, name);
        producer.abort();
        producer.close();
    }
}
