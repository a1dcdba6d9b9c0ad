package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Notify;
import dev.pollbridge.runtime.sync.WatchReceiver;
import dev.pollbridge.runtime.sync.WatchSender;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * watch: a publisher task updates a value 100,000 times (16 per turn of its task, then it yields
 * its worker) while 4 reader tasks wait for changes and read the latest value, until they see the
 * last one. Readers see only the latest value (updates in between coalesce), on both sides. Score:
 * updates per second. Both variants run on the same 2-worker Pollbridge runtime; only the
 * primitive differs.
 * <ul>
 *   <li>Pollbridge watch: {@code WatchSender.send} (a CAS, and a lock only when readers wait);
 *       readers await {@code changed()} and {@code borrowAndUpdate()}.</li>
 *   <li>Anchor, hand-made: an {@code AtomicReference} set by the publisher, then
 *       {@code Notify.notifyWaiters()}; readers create {@code notified()}, read the reference, and
 *       await the notification if it holds nothing new (the create-check-await order that makes
 *       it correct).</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class WatchUpdates {

    /** Updates per invocation. */
    public static final int UPDATES = 100_000;
    /** Reader tasks. */
    public static final int READERS = 4;
    /** Updates per turn of the publisher task. */
    static final int PER_TURN = 16;

    /** Pollbridge: a watch channel. */
    @Benchmark
    @OperationsPerInvocation(UPDATES)
    public void pollbridgeWatch(PollbridgeRuntime rt) throws InterruptedException {
        PollRuntime runtime = rt.runtime;
        WatchSender<Integer> sender = WatchSender.create(-1);
        Countdown done = new Countdown(READERS);
        for (int r = 0; r < READERS; r++) {
            runtime.spawn(new WatchReader(sender.subscribe(), done)).close();
        }
        runtime.spawn(new Publisher(sender::send)).close();
        done.await();
        sender.close();
    }

    /** Anchor: an AtomicReference plus a Notify, on the same runtime. */
    @Benchmark
    @OperationsPerInvocation(UPDATES)
    public void atomicReferenceNotify(PollbridgeRuntime rt) throws InterruptedException {
        PollRuntime runtime = rt.runtime;
        AtomicReference<Integer> latest = new AtomicReference<>(-1);
        Notify changed = new Notify();
        Countdown done = new Countdown(READERS);
        for (int r = 0; r < READERS; r++) {
            runtime.spawn(new NotifyReader(latest, changed, done)).close();
        }
        runtime.spawn(new Publisher(value -> {
            latest.set(value);
            changed.notifyWaiters();
        })).close();
        done.await();
    }

    /** Publishes 0 .. UPDATES - 1, {@link #PER_TURN} per poll. */
    static final class Publisher implements PollFuture<Void> {
        private final IntConsumer publish;
        private int next;

        Publisher(IntConsumer publish) {
            this.publish = publish;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            for (int end = Math.min(UPDATES, next + PER_TURN); next < end; next++) {
                publish.accept(next);
            }
            if (next < UPDATES) {
                cx.waker().wake();
                return Poll.pending();
            }
            return Poll.ready(null);
        }
    }

    /** Waits for changes until it reads the last update. */
    static final class WatchReader implements PollFuture<Void> {
        private final WatchReceiver<Integer> receiver;
        private final Countdown done;
        private PollFuture<Void> changed;

        WatchReader(WatchReceiver<Integer> receiver, Countdown done) {
            this.receiver = receiver;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (changed == null) {
                    changed = receiver.changed();
                }
                Poll<Void> poll = changed.poll(cx);
                if (poll.isPending()) {
                    return Poll.pending();
                }
                changed.close();
                changed = null;
                if (poll.isFailed()) {
                    return Poll.failed(poll.error());
                }
                if (receiver.borrowAndUpdate() == UPDATES - 1) {
                    receiver.close();
                    done.arrive();
                    return Poll.ready(null);
                }
            }
        }

        @Override
        public void close() {
            if (changed != null) {
                changed.close();
            }
            receiver.close();
        }
    }

    /** The same reader over an AtomicReference and a Notify. */
    static final class NotifyReader implements PollFuture<Void> {
        private final AtomicReference<Integer> latest;
        private final Notify changed;
        private final Countdown done;
        private PollFuture<Void> notified;
        private int seen = -1;

        NotifyReader(AtomicReference<Integer> latest, Notify changed, Countdown done) {
            this.latest = latest;
            this.changed = changed;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (notified == null) {
                    notified = changed.notified(); // counts as a waiter from here: no update is missed
                    int now = latest.get();
                    if (now != seen) {
                        notified.close();
                        notified = null;
                        seen = now;
                        if (now == UPDATES - 1) {
                            done.arrive();
                            return Poll.ready(null);
                        }
                        continue;
                    }
                }
                if (notified.poll(cx).isPending()) {
                    return Poll.pending();
                }
                notified.close();
                notified = null;
            }
        }

        @Override
        public void close() {
            if (notified != null) {
                notified.close();
            }
        }
    }
}
