package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Each round, two threads grow a tree of tokens under one root (each new token made from a random
 * token of its own, some waiting with a polled {@code cancelled()}) while a third cancels the root
 * and a fourth a random inner token. Once all are done, every token of the tree is cancelled and
 * every waiter that was pending was woken: a registration racing a cancel is either born cancelled
 * or reached. Bounded in rounds and in time.
 */
class CancellationTokenStressTest {

    private static final int ROUNDS = 2_000;
    private static final int TOKENS_PER_GROWER = 40;
    private static final long MAX_MILLIS = 15_000;

    @Test
    void aCancelReachesEveryTokenMadeBeforeOrDuringIt() throws Exception {
        long deadline = System.nanoTime() + MAX_MILLIS * 1_000_000L;
        int rounds = 0;
        for (; rounds < ROUNDS && System.nanoTime() - deadline < 0; rounds++) {
            CancellationToken root = new CancellationToken();
            List<CancellationToken> shared = Collections.synchronizedList(new ArrayList<>(List.of(root)));
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Waiting> waiting = new ConcurrentLinkedQueue<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int g = 0; g < 2; g++) {
                threads.add(WatchStressTest.start("grower-" + g, failures, () -> {
                    start.await();
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    List<CancellationToken> mine = new ArrayList<>(List.of(root));
                    for (int i = 0; i < TOKENS_PER_GROWER; i++) {
                        CancellationToken child = mine.get(random.nextInt(mine.size())).childToken();
                        mine.add(child);
                        shared.add(child);
                        if (random.nextBoolean()) {
                            CountingWaker waker = new CountingWaker();
                            PollFuture<Void> cancelled = child.cancelled();
                            if (cancelled.poll(Context.of(waker)).isPending()) {
                                waiting.add(new Waiting(cancelled, waker));
                            } else {
                                cancelled.close(); // born cancelled, or cancelled already
                            }
                        }
                    }
                }));
            }
            threads.add(WatchStressTest.start("root-canceller", failures, () -> {
                start.await();
                root.cancel();
            }));
            threads.add(WatchStressTest.start("inner-canceller", failures, () -> {
                start.await();
                CancellationToken some;
                synchronized (shared) {
                    some = shared.get(ThreadLocalRandom.current().nextInt(shared.size()));
                }
                some.cancel();
            }));
            start.countDown();
            for (Thread thread : threads) {
                thread.join(MAX_MILLIS);
            }
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
            for (CancellationToken token : shared) {
                assertTrue(token.isCancelled(), "a token the root's cancel missed");
            }
            for (Waiting waiter : waiting) {
                if (waiter.waker.count() != 1) {
                    throw new AssertionError("a pending cancelled() woken " + waiter.waker.count() + " times");
                }
                assertTrue(waiter.future.poll(Context.of(new CountingWaker())).isReady());
                waiter.future.close();
            }
        }
        assertTrue(rounds > 0);
    }

    private record Waiting(PollFuture<Void> future, CountingWaker waker) {}
}
