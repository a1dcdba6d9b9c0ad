package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockTask;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Two receivers wait on a channel that closes while a {@link SendPermit} is outstanding; the
 * permit then sends one item, and in some rounds the test thread races them with a
 * {@code tryReceive}. Every receiver must see the end, and the item must arrive exactly once.
 * Each round uses a different pair of receive operations (receive, receiveMany, the stream).
 * Bounded: at most {@link #ROUNDS} rounds and {@link #MAX_MILLIS} ms; a receiver never woken
 * fails its round at {@link #ROUND_MILLIS}.
 */
class ChannelEndStressTest {

    private static final int ROUNDS = 2_000;
    private static final long MAX_MILLIS = 20_000;
    private static final long ROUND_MILLIS = 5_000;

    @Test
    void everyReceiverSeesTheEndOfAClosedChannelWhoseLastPermitSentStress() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_MILLIS);
        int rounds = 0;
        while (rounds < ROUNDS && System.nanoTime() - deadline < 0) {
            round(rounds++);
        }
        assertTrue(rounds >= 200, "ran " + rounds + " rounds");
    }

    private void round(int round) throws Exception {
        Channel<Integer> channel = Channel.bounded(1 + round % 2);
        SendPermit<Integer> permit;
        try (MockTask<SendPermit<Integer>> reserve = MockTask.spawn(channel.reserve())) {
            permit = reserve.poll().value();
        }
        AtomicInteger received = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CyclicBarrier start = new CyclicBarrier(3);
        Thread first = receiver(channel, round, start, received, failures);
        Thread second = receiver(channel, round + 1, start, received, failures);
        start.await(ROUND_MILLIS, TimeUnit.MILLISECONDS);
        if (round % 2 == 0) {
            channel.close();
            permit.send(round);
        } else {
            permit.send(round);
            channel.close();
        }
        if (round % 3 == 0) {
            try {
                Optional<Integer> taken = channel.tryReceive();
                taken.ifPresent(item -> received.incrementAndGet());
            } catch (ChannelClosedException drained) {
                // a receiver took the item first
            }
        }
        first.join(ROUND_MILLIS);
        second.join(ROUND_MILLIS);
        assertTrue(failures.isEmpty(), () -> "round " + round + ": " + failures);
        assertEquals(1, received.get(), "round " + round + ": the permit's item arrived once");
    }

    /** A receiver thread that takes items until the end, with receive, receiveMany or the stream. */
    private static Thread receiver(Channel<Integer> channel, int kind, CyclicBarrier start, AtomicInteger received,
            ConcurrentLinkedQueue<Throwable> failures) {
        Thread thread = new Thread(() -> {
            try {
                Waiter waiter = new Waiter();
                start.await(ROUND_MILLIS, TimeUnit.MILLISECONDS);
                switch (kind % 3) {
                    case 0 -> {
                        while (true) {
                            Poll<Integer> poll = waiter.await(channel.receive());
                            if (poll.isFailed()) {
                                if (!(poll.error() instanceof ChannelClosedException)) {
                                    throw poll.error();
                                }
                                return;
                            }
                            received.incrementAndGet();
                        }
                    }
                    case 1 -> {
                        while (true) {
                            List<Integer> items = waiter.await(channel.receiveMany(4)).value();
                            if (items.isEmpty()) {
                                return;
                            }
                            received.addAndGet(items.size());
                        }
                    }
                    default -> {
                        try (PollStream<Integer> stream = channel.stream()) {
                            while (true) {
                                Poll<Integer> poll = waiter.awaitNext(stream);
                                if (poll.isDone()) {
                                    return;
                                }
                                received.incrementAndGet();
                            }
                        }
                    }
                }
            } catch (Throwable t) {
                failures.add(t);
            }
        }, "channel-end-receiver");
        thread.start();
        return thread;
    }

    /** Polls on its own thread and parks until woken; a wake that never comes fails the round. */
    private static final class Waiter {
        private final Thread owner = Thread.currentThread();
        private final AtomicBoolean woken = new AtomicBoolean();
        private final Context context = Context.of(() -> {
            woken.set(true);
            LockSupport.unpark(owner);
        });

        <T> Poll<T> await(PollFuture<T> future) {
            try (future) {
                while (true) {
                    woken.set(false);
                    Poll<T> poll = future.poll(context);
                    if (!poll.isPending()) {
                        return poll;
                    }
                    park();
                }
            }
        }

        <T> Poll<T> awaitNext(PollStream<T> stream) {
            while (true) {
                woken.set(false);
                Poll<T> poll = stream.pollNext(context);
                if (!poll.isPending()) {
                    return poll;
                }
                park();
            }
        }

        private void park() {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ROUND_MILLIS);
            while (!woken.get()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("a waiting receiver was never woken (lost end of channel)");
                }
                LockSupport.parkNanos(this, left);
            }
        }
    }
}
