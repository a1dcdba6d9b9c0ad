package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.util.concurrent.CancellationException;

/**
 * The task of {@code buffer} and {@code conflate}: polls the upstream on the runtime and pushes
 * its items into the {@link Handoff} while there is room, at most {@link TimedStream#ITEMS_PER_POLL}
 * per poll before it yields (rule 16). It owns the upstream and closes it exactly once: when the
 * upstream ends, or when the task is aborted (the consumer left) or cancelled (the runtime
 * closed), which is when the runtime closes this future. Whatever the upstream does, even a poll
 * that throws, ends the handoff, so the consumer always learns the end; the task itself always
 * completes with {@code null}, so no failure is reported twice.
 */
final class Producer<T> implements PollFuture<Void> {

    private final Handoff<T> handoff;
    private final Engine engine;
    private final String operator;
    private PollStream<? extends T> upstream; // owned; null once closed

    Producer(PollStream<? extends T> upstream, Handoff<T> handoff, Engine engine, String operator) {
        this.upstream = upstream;
        this.handoff = handoff;
        this.engine = engine;
        this.operator = operator;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (upstream == null) {
            throw new IllegalStateException(operator + ": producer polled after it ended");
        }
        for (int pushed = 0; pushed < TimedStream.ITEMS_PER_POLL; pushed++) {
            if (!handoff.pollRoom(cx)) {
                return Poll.pending(); // the consumer's next take wakes this task
            }
            Poll<? extends T> poll;
            try {
                poll = upstream.pollNext(cx);
            } catch (VirtualMachineError | LinkageError fatal) {
                throw fatal;
            } catch (Throwable broken) {
                return finish(broken);
            }
            if (poll.isPending()) {
                return Poll.pending();
            }
            if (poll.isDone()) {
                return finish(null);
            }
            if (poll.isFailed()) {
                return finish(poll.error());
            }
            if (poll.value() == null) {
                return finish(new NullPointerException(operator
                        + ": the upstream stream yielded a null item (stream items must not be null)"));
            }
            Handoff.Refused<T> refused = handoff.push(poll.value());
            if (refused != null) {
                Dropped.item(refused.item(), null, engine, operator);
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }

    private Poll<Void> finish(Throwable failure) {
        handoff.end(failure);
        closeUpstream();
        return Poll.ready(null);
    }

    private void closeUpstream() {
        PollStream<? extends T> owned = upstream;
        upstream = null;
        if (owned != null) {
            owned.close();
        }
    }

    /**
     * Closed by the runtime when the task ended, was aborted or was cancelled: closes the upstream
     * if it is still open, and tells a consumer that is still there (a runtime that closed).
     */
    @Override
    public void close() {
        if (upstream != null) {
            handoff.end(new CancellationException(operator + ": its producer task was cancelled (the runtime closed?)"));
            closeUpstream();
        }
    }
}
