package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.BroadcastReceiver;
import dev.pollbridge.runtime.sync.BroadcastSender;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;

/**
 * broadcast fan-out: one producer sends 50,000 integers to 8 receivers, each of which sums all of
 * them. Both sides buffer the whole run (a ring of 50,000; a sink buffer of 64 Ki), so the
 * producer never waits and no receiver lags or loses a value: the scenario measures the fan-out
 * itself, not a pacing scheme. Score: deliveries (values x receivers) per second.
 * <ul>
 *   <li>Pollbridge: {@code BroadcastSender.create(50_000)}; a producer task sending every value in
 *       one poll; 8 receiver tasks awaiting {@code receive()} (a lag would fail the run); 2
 *       workers.</li>
 *   <li>Reactor, hopping: {@code Sinks.many().multicast().onBackpressureBuffer(50_000)}; the
 *       producer on {@code Schedulers.newParallel(2)} calling {@code tryEmitNext} (rescheduling
 *       itself, to give its worker back, if the sink ever refused); 8 subscribers each
 *       {@code publishOn} the same scheduler (prefetch 256), as 8 independent consumers would
 *       be.</li>
 *   <li>Reactor, inline: the same sink with the 8 subscribers running on the producer's thread,
 *       one after the other (no hop, no parallelism: the floor of Reactor's cost).</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class BroadcastFanOut {

    /** Receivers per invocation. */
    public static final int RECEIVERS = 8;
    /** Values sent per invocation. */
    public static final int VALUES = 50_000;
    /** Deliveries per invocation. */
    public static final int DELIVERIES = RECEIVERS * VALUES;
    /** The buffer of both sides: the whole run. */
    public static final int CAPACITY = VALUES;
    /** Reactor subscribers' {@code publishOn} prefetch. */
    static final int PREFETCH = 256;

    /** Pollbridge: a broadcast channel, a producer task and 8 receiver tasks. */
    @Benchmark
    @OperationsPerInvocation(DELIVERIES)
    public void pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        PollRuntime runtime = rt.runtime;
        BroadcastSender<Integer> sender = BroadcastSender.create(CAPACITY);
        Countdown done = new Countdown(RECEIVERS);
        for (int r = 0; r < RECEIVERS; r++) {
            runtime.spawn(new Receiving(sender.subscribe(), done)).close();
        }
        runtime.spawn(new Producing(sender)).close();
        done.await();
    }

    /** Anchor: Reactor multicast sink, each subscriber hopping to parallel(2) with publishOn. */
    @Benchmark
    @OperationsPerInvocation(DELIVERIES)
    public void reactorMulticast(ReactorParallel reactor) throws InterruptedException {
        Scheduler scheduler = reactor.scheduler;
        Sinks.Many<Integer> sink = Sinks.many().multicast().onBackpressureBuffer(CAPACITY, false);
        Countdown done = new Countdown(RECEIVERS);
        for (int r = 0; r < RECEIVERS; r++) {
            sink.asFlux().publishOn(scheduler, PREFETCH).subscribe(new Summing(done));
        }
        emitAll(sink, scheduler);
        done.await();
    }

    /** Anchor: Reactor multicast sink, every subscriber inline on the producer's thread. */
    @Benchmark
    @OperationsPerInvocation(DELIVERIES)
    public void reactorMulticastInline(ReactorParallel reactor) throws InterruptedException {
        Sinks.Many<Integer> sink = Sinks.many().multicast().onBackpressureBuffer(CAPACITY, false);
        Countdown done = new Countdown(RECEIVERS);
        for (int r = 0; r < RECEIVERS; r++) {
            sink.asFlux().subscribe(new Summing(done));
        }
        emitAll(sink, reactor.scheduler);
        done.await();
    }

    private static void emitAll(Sinks.Many<Integer> sink, Scheduler scheduler) {
        scheduler.schedule(new Emitting(sink, scheduler));
    }

    /**
     * The Reactor producer: emits until the sink refuses ({@code FAIL_OVERFLOW}: its buffer is
     * full), then gives its worker back by scheduling itself again, as the Pollbridge producer
     * yields its worker (spinning instead would starve the subscribers that share the worker).
     */
    static final class Emitting implements Runnable {
        private final Sinks.Many<Integer> sink;
        private final Scheduler scheduler;
        private int next;

        Emitting(Sinks.Many<Integer> sink, Scheduler scheduler) {
            this.sink = sink;
            this.scheduler = scheduler;
        }

        @Override
        public void run() {
            while (next < VALUES) {
                Sinks.EmitResult result = sink.tryEmitNext(next);
                if (result == Sinks.EmitResult.FAIL_OVERFLOW) {
                    scheduler.schedule(this);
                    return;
                }
                if (result.isFailure()) {
                    throw new IllegalStateException("emit failed: " + result);
                }
                next++;
            }
        }
    }

    /** A Reactor subscriber's sum: counts down once it has every value. */
    static final class Summing implements Consumer<Integer> {
        private final Countdown done;
        private long sum;
        private int received;

        Summing(Countdown done) {
            this.done = done;
        }

        @Override
        public void accept(Integer value) {
            sum += value;
            if (++received == VALUES) {
                done.arrive();
            }
        }
    }

    /** Sends every value in one poll (the ring holds them all), then closes the sender. */
    static final class Producing implements PollFuture<Void> {
        private final BroadcastSender<Integer> sender;

        Producing(BroadcastSender<Integer> sender) {
            this.sender = sender;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            for (int value = 0; value < VALUES; value++) {
                sender.send(value);
            }
            sender.close();
            return Poll.ready(null);
        }
    }

    /** Sums every value of one receiver; a lag (a lost value) fails the run. */
    static final class Receiving implements PollFuture<Void> {
        private final BroadcastReceiver<Integer> receiver;
        private final Countdown done;
        private PollFuture<Integer> receiving;
        private int received;
        long sum;

        Receiving(BroadcastReceiver<Integer> receiver, Countdown done) {
            this.receiver = receiver;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (received < VALUES) {
                if (receiving == null) {
                    receiving = receiver.receive();
                }
                Poll<Integer> value = receiving.poll(cx);
                if (value.isPending()) {
                    return Poll.pending();
                }
                receiving.close();
                receiving = null;
                if (!value.isReady()) {
                    return Poll.failed(new IllegalStateException("a receiver lagged or ended: " + value));
                }
                sum += value.value();
                received++;
            }
            receiver.close();
            done.arrive();
            return Poll.ready(null);
        }

        @Override
        public void close() {
            if (receiving != null) {
                receiving.close();
            }
            receiver.close();
        }
    }
}
