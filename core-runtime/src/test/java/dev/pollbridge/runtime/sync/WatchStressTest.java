package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Two senders send increasing numbers (by send, sendModify and sendIfModified) while three
 * receivers wait for changes, some dropping their pending {@code changed()} at random. Each
 * receiver must see each sender's numbers in increasing order and end with the last value once
 * the senders close; the version counts every send. A lost wake-up would be rescued by the next
 * send there, so a second test sends one value at a time and waits for every receiver to see it:
 * a receiver that misses its wake then stays asleep, and the sender's wait fails. Bounded in
 * rounds and in time.
 */
class WatchStressTest {

    private static final int SENDERS = 2;
    private static final int RECEIVERS = 3;
    private static final int SENDS = 20_000;
    private static final long MAX_MILLIS = 20_000;

    /** One sender's n-th value. */
    record Value(int sender, int n) {}

    @Test
    void receiversSeeEverySendersValuesInOrderAndTheLastOne() throws Exception {
        WatchSender<Value> tx = WatchSender.create(new Value(-1, -1));
        List<WatchReceiver<Value>> receivers = new ArrayList<>();
        for (int r = 0; r < RECEIVERS; r++) {
            receivers.add(tx.subscribe());
        }
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicLong dropped = new AtomicLong();
        AtomicLong changes = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<WatchSender<Value>> senders = new ArrayList<>(List.of(tx));
        for (int s = 1; s < SENDERS; s++) {
            senders.add(tx.duplicate());
        }
        Value[] lastSent = new Value[1];
        // Each receiver first drops a wait that nothing can have completed yet; the senders start
        // after that, so every run drops at least RECEIVERS pending waits.
        CountDownLatch firstDropped = new CountDownLatch(RECEIVERS);
        for (int s = 0; s < SENDERS; s++) {
            WatchSender<Value> sender = senders.get(s);
            int id = s;
            threads.add(start("sender-" + s, failures, () -> {
                firstDropped.await();
                long deadline = System.nanoTime() + MAX_MILLIS * 1_000_000L;
                try (sender) {
                    for (int n = 0; n < SENDS && System.nanoTime() - deadline < 0; n++) {
                        Value value = new Value(id, n);
                        switch (n % 3) {
                            case 0:
                                sender.send(value);
                                break;
                            case 1:
                                sender.sendModify(old -> value);
                                break;
                            default:
                                assertTrue(sender.sendIfModified(old -> value));
                        }
                    }
                }
            }));
        }
        for (WatchReceiver<Value> receiver : receivers) {
            threads.add(start("receiver", failures, () -> {
                ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                int[] lastSeen = new int[SENDERS];
                Arrays.fill(lastSeen, -1);
                try (receiver) {
                    PollFuture<Void> first = receiver.changed();
                    if (!poller.pollOnce(first).isPending()) {
                        throw new AssertionError("a change before any send");
                    }
                    first.close();
                    dropped.incrementAndGet();
                    firstDropped.countDown();
                    while (true) {
                        PollFuture<Void> changed = receiver.changed();
                        Poll<Void> poll = poller.pollOnce(changed);
                        if (poll.isPending() && random.nextInt(4) == 0) {
                            changed.close(); // a dropped wait loses no change: the next one sees it
                            dropped.incrementAndGet();
                            continue;
                        }
                        if (poll.isPending()) {
                            poller.parkUntilWoken();
                            poll = poller.await(changed);
                        }
                        changed.close();
                        if (poll.isFailed()) {
                            if (!(poll.error() instanceof ChannelClosedException)) {
                                throw poll.error();
                            }
                            break; // every sender closed and the last value seen
                        }
                        changes.incrementAndGet();
                        Value now = receiver.borrowAndUpdate();
                        if (now.sender() >= 0) {
                            if (now.n() < lastSeen[now.sender()]) {
                                throw new AssertionError("sender " + now.sender() + "'s " + now.n() + " after "
                                        + lastSeen[now.sender()]);
                            }
                            lastSeen[now.sender()] = now.n();
                        }
                    }
                    lastSent[0] = receiver.borrow();
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        Value last = lastSent[0];
        assertEquals(SENDS - 1, last.n(), "the last value is one sender's last");
        WatchState.Snapshot<?> end = ((WatchState<?>) WaitQueues.read(tx, "state")).current();
        assertEquals((long) SENDERS * SENDS, end.version, "every send counted once in the version");
        assertTrue(changes.get() > 0);
        assertTrue(dropped.get() > 0, "the run dropped some pending waits");
    }

    @Test
    void noReceiverMissesTheWakeOfASendItRaced() throws Exception {
        int pings = SENDS / 4;
        WatchSender<Integer> tx = WatchSender.create(-1);
        List<WatchReceiver<Integer>> receivers = new ArrayList<>();
        AtomicIntegerArray seen = new AtomicIntegerArray(RECEIVERS);
        for (int r = 0; r < RECEIVERS; r++) {
            receivers.add(tx.subscribe());
            seen.set(r, -1);
        }
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < RECEIVERS; r++) {
            WatchReceiver<Integer> receiver = receivers.get(r);
            int index = r;
            threads.add(start("receiver-" + r, failures, () -> {
                ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                try (receiver) {
                    while (true) {
                        PollFuture<Void> changed = receiver.changed();
                        Poll<Void> poll = poller.pollOnce(changed);
                        if (poll.isPending() && random.nextInt(8) == 0) {
                            changed.close();
                            continue;
                        }
                        if (poll.isPending()) {
                            poller.parkUntilWoken(); // a lost wake-up fails here, at the deadline
                            poll = poller.await(changed);
                        }
                        changed.close();
                        if (poll.isFailed()) {
                            return;
                        }
                        seen.set(index, receiver.borrowAndUpdate());
                    }
                }
            }));
        }
        threads.add(start("sender", failures, () -> {
            long deadline = System.nanoTime() + MAX_MILLIS * 1_000_000L;
            try (tx) {
                for (int n = 0; n < pings && System.nanoTime() - deadline < 0; n++) {
                    tx.send(n);
                    for (int r = 0; r < RECEIVERS; r++) {
                        while (seen.get(r) != n) {
                            if (System.nanoTime() - deadline > 0) {
                                throw new AssertionError("receiver " + r + " never saw " + n + ": a lost wake-up");
                            }
                            Thread.onSpinWait();
                        }
                    }
                }
            }
        }));
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
    }

    static Thread start(String name, ConcurrentLinkedQueue<Throwable> failures, ThrowingRunnable body) {
        Thread thread = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable failure) {
                failures.add(failure);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Throwable;
    }
}
