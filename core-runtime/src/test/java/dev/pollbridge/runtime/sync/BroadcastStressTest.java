package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * One sender sends 0, 1, 2, ... into a small ring while four receivers take them, two of them
 * slowly (so they lag), all dropping pending receives at random. Each receiver must see the
 * numbers in order, with each gap exactly the count its {@link LaggedException} reported, and
 * account for every number sent (received + missed = sent) once the sender closes; no wake-up is
 * lost (a lost one fails at the poller's deadline). Bounded in rounds and in time.
 */
class BroadcastStressTest {

    private static final int CAPACITY = 16;
    private static final int RECEIVERS = 4;
    private static final int SENDS = 50_000;
    private static final long MAX_MILLIS = 20_000;

    @Test
    void everyReceiverAccountsForEveryValueInOrder() throws Exception {
        BroadcastSender<Integer> tx = BroadcastSender.create(CAPACITY);
        List<BroadcastReceiver<Integer>> receivers = new ArrayList<>();
        for (int r = 0; r < RECEIVERS; r++) {
            receivers.add(tx.subscribe());
        }
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicLong lags = new AtomicLong();
        AtomicLong dropped = new AtomicLong();
        int[] sent = new int[1];
        List<Thread> threads = new ArrayList<>();
        // Each receiver first drops a receive that nothing can have completed yet; the sender
        // starts after that, so every run drops at least RECEIVERS pending receives.
        CountDownLatch firstDropped = new CountDownLatch(RECEIVERS);
        threads.add(WatchStressTest.start("sender", failures, () -> {
            firstDropped.await();
            long deadline = System.nanoTime() + MAX_MILLIS * 1_000_000L;
            try (tx) {
                int n = 0;
                for (; n < SENDS && System.nanoTime() - deadline < 0; n++) {
                    tx.send(n);
                }
                sent[0] = n;
            }
        }));
        for (int r = 0; r < RECEIVERS; r++) {
            BroadcastReceiver<Integer> receiver = receivers.get(r);
            boolean slow = r % 2 == 1;
            threads.add(WatchStressTest.start("receiver-" + r, failures, () -> {
                ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                long expected = 0;
                long received = 0;
                long missed = 0;
                try (receiver) {
                    PollFuture<Integer> first = receiver.receive();
                    if (!poller.pollOnce(first).isPending()) {
                        throw new AssertionError("a value before any send");
                    }
                    first.close();
                    dropped.incrementAndGet();
                    firstDropped.countDown();
                    while (true) {
                        if (slow && random.nextInt(64) == 0) {
                            for (int spin = random.nextInt(20_000); spin > 0; spin--) {
                                Thread.onSpinWait();
                            }
                        }
                        PollFuture<Integer> receive = receiver.receive();
                        Poll<Integer> poll = poller.pollOnce(receive);
                        if (poll.isPending() && random.nextInt(4) == 0) {
                            receive.close(); // a dropped receive takes nothing
                            dropped.incrementAndGet();
                            continue;
                        }
                        if (poll.isPending()) {
                            poller.parkUntilWoken();
                            poll = poller.await(receive);
                        }
                        receive.close();
                        if (poll.isReady()) {
                            if (poll.value() != expected) {
                                throw new AssertionError("received " + poll.value() + ", expected " + expected);
                            }
                            expected++;
                            received++;
                        } else if (poll.error() instanceof LaggedException) {
                            long n = ((LaggedException) poll.error()).missed();
                            expected += n;
                            missed += n;
                            lags.incrementAndGet();
                        } else if (poll.error() instanceof ChannelClosedException) {
                            break;
                        } else {
                            throw poll.error();
                        }
                    }
                }
                if (received + missed != expected) {
                    throw new AssertionError(received + " received + " + missed + " missed != " + expected);
                }
                if (expected != sent[0]) {
                    throw new AssertionError("accounted for " + expected + " of " + sent[0] + " sent");
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        assertTrue(sent[0] > 0);
        assertTrue(dropped.get() > 0, "the run dropped some pending receives");
        assertEquals(0, tx.receiverCount());
    }

    @Test
    void twoSendersInterleaveAndEachReceiverKeepsEachSendersOrder() throws Exception {
        BroadcastSender<int[]> tx = BroadcastSender.create(CAPACITY);
        BroadcastSender<int[]> tx2 = tx.duplicate();
        BroadcastReceiver<int[]> receiver = tx.subscribe();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        int perSender = SENDS / 5;
        List<Thread> threads = new ArrayList<>();
        for (BroadcastSender<int[]> sender : List.of(tx, tx2)) {
            int id = threads.size();
            threads.add(WatchStressTest.start("sender-" + id, failures, () -> {
                try (sender) {
                    for (int n = 0; n < perSender; n++) {
                        sender.send(new int[] {id, n});
                    }
                }
            }));
        }
        long[] accounted = new long[1];
        threads.add(WatchStressTest.start("receiver", failures, () -> {
            ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
            int[] last = {-1, -1};
            try (receiver) {
                while (true) {
                    try (PollFuture<int[]> receive = receiver.receive()) {
                        Poll<int[]> poll = poller.await(receive);
                        if (poll.isReady()) {
                            int[] value = poll.value();
                            if (value[1] <= last[value[0]]) {
                                throw new AssertionError("sender " + value[0] + "'s " + value[1] + " after " + last[value[0]]);
                            }
                            last[value[0]] = value[1];
                            accounted[0]++;
                        } else if (poll.error() instanceof LaggedException) {
                            accounted[0] += ((LaggedException) poll.error()).missed();
                        } else if (poll.error() instanceof ChannelClosedException) {
                            break;
                        } else {
                            throw poll.error();
                        }
                    }
                }
            }
        }));
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        assertEquals(2L * perSender, accounted[0], "received + missed = sent");
    }
}
