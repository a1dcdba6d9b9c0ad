package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.util.concurrent.Queues;

/**
 * channel: 4 producers send 100,000 integers each through a channel bounded to 1,024 items; one
 * consumer sums all 400,000. Score: items per second.
 * <ul>
 *   <li>Pollbridge: {@code Channel.bounded(1024)}; 4 producer tasks awaiting {@code send} (they wait
 *       while the channel is full), one consumer task polling {@code stream()}; 2 workers.</li>
 *   <li>ArrayBlockingQueue(1024): 4 platform producer threads calling {@code put}, the benchmark
 *       thread calling {@code take}.</li>
 *   <li>Reactor: {@code Sinks.many().unicast().onBackpressureBuffer(queue of 1024)}; 4 producers on
 *       {@code Schedulers.newParallel(2)} calling {@code emitNext} with a busy-looping failure handler
 *       (emissions from several threads must be serialized); the subscriber sums inline, on whichever
 *       producer thread drains the sink, so the buffer never fills (Reactor has no waiting bounded
 *       multi-producer queue).</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class BoundedChannel {

    /** Producers per invocation. */
    public static final int PRODUCERS = 4;
    /** Items per producer. */
    public static final int ITEMS_PER_PRODUCER = 100_000;
    /** Items per invocation. */
    public static final int ITEMS = PRODUCERS * ITEMS_PER_PRODUCER;
    /** Channel capacity. */
    public static final int CAPACITY = 1_024;

    /** Four platform producer threads for the ArrayBlockingQueue anchor. */
    @State(Scope.Benchmark)
    public static class ProducerThreads {
        /** The producer threads. */
        public ExecutorService pool;

        /** Starts the threads. */
        @Setup(Level.Trial)
        public void start() {
            pool = Executors.newFixedThreadPool(PRODUCERS);
        }

        /** Stops the threads. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Pollbridge: producer and consumer tasks over {@code Channel.bounded(1024)}. */
    @Benchmark
    @OperationsPerInvocation(ITEMS)
    public long pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        PollRuntime runtime = rt.runtime;
        Channel<Integer> channel = Channel.bounded(CAPACITY);
        Countdown done = new Countdown(1);
        Consumer consumer = new Consumer(channel.stream(), done);
        runtime.spawn(consumer).close();
        for (int p = 0; p < PRODUCERS; p++) {
            runtime.spawn(new Producer(channel)).close();
        }
        done.await();
        return consumer.sum;
    }

    /** Anchor: ArrayBlockingQueue(1024) with platform producer threads. */
    @Benchmark
    @OperationsPerInvocation(ITEMS)
    public long arrayBlockingQueue(ProducerThreads producers) throws InterruptedException {
        ArrayBlockingQueue<Integer> queue = new ArrayBlockingQueue<>(CAPACITY);
        for (int p = 0; p < PRODUCERS; p++) {
            producers.pool.execute(() -> {
                try {
                    for (int i = 0; i < ITEMS_PER_PRODUCER; i++) {
                        queue.put(i);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        long sum = 0;
        for (int i = 0; i < ITEMS; i++) {
            Integer item = queue.poll(60, TimeUnit.SECONDS);
            if (item == null) {
                throw new IllegalStateException("producers stalled after " + i + " items");
            }
            sum += item;
        }
        return sum;
    }

    /** Anchor: Reactor unicast sink with a bounded buffer, producers on parallel(2). */
    @Benchmark
    @OperationsPerInvocation(ITEMS)
    public long reactorUnicast(ReactorParallel reactor) throws InterruptedException {
        Scheduler scheduler = reactor.scheduler;
        Sinks.Many<Integer> sink = Sinks.many().unicast().onBackpressureBuffer(Queues.<Integer>get(CAPACITY).get());
        Countdown done = new Countdown(ITEMS);
        long[] sum = new long[1];
        sink.asFlux().subscribe(item -> {
            sum[0] += item; // serialized by the sink: one onNext at a time
            done.arrive();
        });
        Sinks.EmitFailureHandler retry = Sinks.EmitFailureHandler.busyLooping(Duration.ofSeconds(30));
        for (int p = 0; p < PRODUCERS; p++) {
            scheduler.schedule(() -> {
                for (int i = 0; i < ITEMS_PER_PRODUCER; i++) {
                    sink.emitNext(i, retry);
                }
            });
        }
        done.await();
        return sum[0];
    }

    /** Sends 100,000 items, awaiting each {@code send} (pending while the channel is full). */
    static final class Producer implements PollFuture<Void> {
        private final Channel<Integer> channel;
        private int next;
        private PollFuture<Void> sending;

        Producer(Channel<Integer> channel) {
            this.channel = channel;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (sending == null) {
                    if (next == ITEMS_PER_PRODUCER) {
                        return Poll.ready(null);
                    }
                    sending = channel.send(next++);
                }
                Poll<Void> sent = sending.poll(cx);
                if (sent.isPending()) {
                    return Poll.pending();
                }
                sending.close();
                sending = null;
                if (sent.isFailed()) {
                    return Poll.failed(sent.error());
                }
            }
        }

        @Override
        public void close() {
            if (sending != null) {
                sending.close();
            }
        }
    }

    /** Sums 400,000 items from the channel's stream, then counts down. */
    static final class Consumer implements PollFuture<Void> {
        private final PollStream<Integer> items;
        private final Countdown done;
        private int received;
        long sum;

        Consumer(PollStream<Integer> items, Countdown done) {
            this.items = items;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (received < ITEMS) {
                Poll<Integer> item = items.pollNext(cx);
                if (item.isPending()) {
                    return Poll.pending();
                }
                if (!item.isReady()) {
                    return Poll.failed(new IllegalStateException("channel ended early: " + item));
                }
                sum += item.value();
                received++;
            }
            done.arrive();
            return Poll.ready(null);
        }

        @Override
        public void close() {
            items.close();
        }
    }
}
