package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Four producer threads and two consumer threads drive send and receive futures by hand, and
 * randomly drop pending ones. A dropped send is guaranteed undelivered, so its producer sends
 * the item again; a dropped receive must not eat an item. Every item must arrive exactly once.
 * Bounded in items and time: any lost wake-up fails at the poller's deadline.
 */
class ChannelStressTest {

    private static final int PRODUCERS = 4;
    private static final int CONSUMERS = 2;
    private static final int ITEMS_PER_PRODUCER = 5_000;
    private static final long MAX_MILLIS = 20_000;

    private final AtomicLong droppedSends = new AtomicLong();
    private final AtomicLong droppedReceives = new AtomicLong();

    @Test
    void noItemIsLostOrDuplicatedUnderRandomDrops() throws Exception {
        Channel<Integer> channel = Channel.bounded(8);
        int total = PRODUCERS * ITEMS_PER_PRODUCER;
        AtomicIntegerArray received = new AtomicIntegerArray(total);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p * ITEMS_PER_PRODUCER;
            producers.add(start("producer-" + p, failures, () -> produce(channel, first)));
        }
        List<Thread> consumers = new ArrayList<>();
        for (int c = 0; c < CONSUMERS; c++) {
            consumers.add(start("consumer-" + c, failures, () -> consume(channel, received)));
        }
        for (Thread producer : producers) {
            producer.join(MAX_MILLIS);
        }
        channel.close();
        for (Thread consumer : consumers) {
            consumer.join(MAX_MILLIS);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        for (int item = 0; item < total; item++) {
            assertEquals(1, received.get(item), "item " + item + " received once");
        }
        assertTrue(droppedSends.get() > 0, "the run exercised dropped sends");
        assertTrue(droppedReceives.get() > 0, "the run exercised dropped receives");
    }

    @Test
    void oneProducerAndOneConsumerSeeFifoOrderDespiteDrops() throws Exception {
        Channel<Integer> channel = Channel.bounded(4);
        int items = 20_000;
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Integer> seen = new ArrayList<>();
        Thread producer = start("producer", failures, () -> {
            produceRange(channel, 0, items);
            channel.close();
        });
        Thread consumer = start("consumer", failures, () -> {
            ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
            while (true) {
                PollFuture<Integer> receive = channel.receive();
                Poll<Integer> poll = poller.await(receive);
                receive.close();
                if (poll.isFailed()) {
                    return;
                }
                seen.add(poll.value());
            }
        });
        producer.join(MAX_MILLIS);
        consumer.join(MAX_MILLIS);
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        assertEquals(items, seen.size());
        for (int i = 0; i < items; i++) {
            assertEquals(i, seen.get(i), "FIFO order");
        }
    }

    private void produce(Channel<Integer> channel, int first) {
        produceRange(channel, first, first + ITEMS_PER_PRODUCER);
    }

    /** Sends {@code from..to-1} in order, dropping a pending send now and then and resending. */
    private void produceRange(Channel<Integer> channel, int from, int to) {
        ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int item = from; item < to; item++) {
            if (item % 64 == 0) {
                LockSupport.parkNanos(50_000); // simulate slow work so that consumers run dry
            }
            while (true) {
                PollFuture<Void> send = channel.send(item);
                Poll<Void> poll = poller.pollOnce(send);
                if (poll.isPending() && random.nextInt(4) == 0) {
                    droppedSends.incrementAndGet();
                    send.close(); // cancelled: not delivered, so send it again
                    continue;
                }
                if (poll.isPending()) {
                    poller.parkUntilWoken();
                    poll = poller.await(send);
                }
                send.close();
                if (!poll.isReady()) {
                    throw new AssertionError("send failed: " + poll);
                }
                break;
            }
        }
    }

    private void consume(Channel<Integer> channel, AtomicIntegerArray received) {
        ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (true) {
            PollFuture<Integer> receive = channel.receive();
            Poll<Integer> poll = poller.pollOnce(receive);
            if (poll.isPending() && random.nextInt(3) == 0) {
                receive.close(); // dropped: must not eat an item
                continue;
            }
            if (poll.isPending()) {
                poller.parkUntilWoken();
                if (random.nextInt(4) == 0) {
                    droppedReceives.incrementAndGet();
                    receive.close(); // woken but dropped before taking: passes the wake on
                    continue;
                }
                poll = poller.await(receive);
            }
            receive.close();
            if (poll.isFailed()) {
                if (poll.error() instanceof ChannelClosedException) {
                    return;
                }
                throw new AssertionError("receive failed", poll.error());
            }
            received.incrementAndGet(poll.value());
        }
    }

    private static Thread start(String name, ConcurrentLinkedQueue<Throwable> failures, Runnable body) {
        AtomicReference<Thread> holder = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable failure) {
                failures.add(failure);
            }
        }, name);
        thread.setDaemon(true);
        holder.set(thread);
        thread.start();
        return thread;
    }
}
