package dev.pollbridge.runtime.internal.async;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.async.AsyncEmitter;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZI_Result;

/**
 * Thread mode: {@code AsyncEmitter.tryEmit} from another thread races the body's end and the poll of the
 * consumer that follows it; the consumer is waiting for an item (it polled once: demand). Whatever the interleaving,
 * {@code tryEmit} returns true exactly when the item reaches the consumer before the end: an
 * offer that lands after the consumer saw the end is withdrawn, even when the consumer's close
 * (right after the end, as a try-with-resources does) finds it in the slot first.
 *
 * <p>Outcome: (tryEmit returned true, items the consumer received before the end).
 */
@JCStressTest
@Outcome(id = "true, 1", expect = ACCEPTABLE, desc = "accepted and delivered before the end")
@Outcome(id = "false, 0", expect = ACCEPTABLE, desc = "refused (the body had ended, or the offer was withdrawn)")
@Outcome(expect = FORBIDDEN, desc = "an accepted item lost behind the end, or a refused one delivered")
@State
public class ThreadStreamTryEmitVsEndStress {

    /** Keeps the body instead of starting a thread: an actor runs it. */
    private static final class HeldLauncher implements BodyLauncher {
        Runnable body;

        @Override
        public void launch(Runnable body) {
            this.body = body;
        }

        @Override
        public void withdraw(Runnable body) {}

        @Override
        public boolean virtual() {
            return false;
        }
    }

    private final HeldLauncher launcher = new HeldLauncher();
    private final ThreadStream<String> stream = new ThreadStream<>(emitter -> {}, launcher);
    private final AsyncEmitter<String> emitter = stream.emitter();
    private final Context cx = Context.of(() -> {});
    private int received;
    private boolean ended;

    public ThreadStreamTryEmitVsEndStress() {
        poll(); // launches the body (held) and leaves the consumer waiting: demand
    }

    private void poll() {
        Poll<String> poll = stream.pollNext(cx);
        if (poll.isReady()) {
            received++;
        } else if (poll.isDone()) {
            ended = true;
            stream.close(); // at once, as the consumer's try-with-resources does
        }
    }

    /** The body thread ends the stream, and the woken consumer polls at once (jcstress runs two actors on two CPUs). */
    @Actor
    public void bodyThenConsumer() {
        launcher.body.run(); // the body returns at once: the stream ends and wakes the consumer
        poll();
    }

    @Actor
    public void producer(ZI_Result r) {
        r.r1 = emitter.tryEmit("item");
    }

    @Arbiter
    public void arbiter(ZI_Result r) {
        while (!ended) {
            poll(); // the body has ended by now: each poll yields the offered item or the end
        }
        r.r2 = received;
    }
}
