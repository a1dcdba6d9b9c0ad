package dev.pollbridge.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Children completed from other threads while the task polls: every wake must reach the task
 * (a lost wake shows up as a task that waits with nobody to wake it). The driver polls only when
 * woken, like a real executor. Bounded in iterations and in time.
 */
class CombinatorWakeStressTest {

    private static final int ITERATIONS = 200;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(3);

    /** Polls {@code future} on this thread, waiting for a wake between polls. */
    private static <T> Poll<T> drive(PollFuture<T> future) throws InterruptedException {
        Semaphore wakes = new Semaphore(0);
        Context cx = Context.of(wakes::release);
        while (true) {
            Poll<T> poll = future.poll(cx);
            if (!poll.isPending()) {
                future.close();
                return poll;
            }
            assertTrue(wakes.tryAcquire(5, TimeUnit.SECONDS), "pending, and nobody woke the task: a lost wake");
            wakes.drainPermits();
        }
    }

    /** Starts one thread per action, all released together. */
    private static List<Thread> race(List<Runnable> actions, CountDownLatch start) {
        List<Thread> threads = new ArrayList<>();
        for (Runnable action : actions) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                action.run();
            });
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    private static void joinAll(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(5_000);
        }
    }

    @Test
    void joinSeesEveryCompletionFromOtherThreads() throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int i = 0; i < ITERATIONS && System.nanoTime() < deadline; i++) {
            List<ProbeFuture<Integer>> children = new ArrayList<>();
            List<Runnable> completions = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                ProbeFuture<Integer> child = new ProbeFuture<>();
                int value = c;
                children.add(child);
                completions.add(() -> child.complete(value));
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = race(completions, start);
            start.countDown();
            assertEquals(Poll.ready(List.of(0, 1, 2, 3)), drive(Futures.joinAll(children)));
            joinAll(threads);
            children.forEach(child -> assertEquals(1, child.closes()));
        }
    }

    @Test
    void selectClosesEveryLoserOnceWhileTheyRace() throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int i = 0; i < ITERATIONS && System.nanoTime() < deadline; i++) {
            List<ProbeFuture<Integer>> children = new ArrayList<>();
            List<Runnable> completions = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                ProbeFuture<Integer> child = new ProbeFuture<>();
                int value = c;
                children.add(child);
                completions.add(() -> child.complete(value));
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = race(completions, start);
            start.countDown();
            assertTrue(drive(Futures.selectAll(children)).isReady());
            joinAll(threads);
            children.forEach(child -> assertEquals(1, child.closes()));
            children.forEach(child -> assertEquals(0, child.pollsAfterReady()));
        }
    }

    @Test
    void mergeDeliversEveryItemProducedOnOtherThreads() throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int i = 0; i < ITERATIONS / 4 && System.nanoTime() < deadline; i++) {
            List<ProbeStream<Integer>> inputs = new ArrayList<>();
            List<Runnable> producers = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                ProbeStream<Integer> input = new ProbeStream<>();
                int base = s * 1_000;
                inputs.add(input);
                producers.add(() -> {
                    for (int item = 0; item < 50; item++) {
                        input.emit(base + item);
                    }
                    input.complete();
                });
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = race(producers, start);
            start.countDown();
            Poll<List<Integer>> all = drive(Streams.merge(inputs).collect(Collectors.toList()));
            joinAll(threads);
            List<Integer> items = all.value();
            assertEquals(150, items.size());
            assertEquals(150, items.stream().distinct().count());
            inputs.forEach(input -> assertEquals(1, input.closes()));
        }
    }

    /**
     * futures-rs {@code ready_queue.rs}: {@code stress}: rounds of 1 to 10 futures completed by as
     * many threads released together, five batches pushed into the same set, each batch's values
     * all taken before the next is pushed; every value arrives once, none is lost.
     */
    @Test
    void futuresUnorderedSeesEveryValueFromOtherThreads() throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int i = 0; i < ITERATIONS && System.nanoTime() < deadline; i++) {
            int n = i % 10 + 1;
            FuturesUnordered<Integer> queue = new FuturesUnordered<>();
            for (int batch = 0; batch < 5; batch++) {
                List<ProbeFuture<Integer>> futures = new ArrayList<>();
                List<Runnable> completions = new ArrayList<>();
                for (int num = 0; num < n; num++) {
                    ProbeFuture<Integer> future = new ProbeFuture<>();
                    int value = num;
                    futures.add(future);
                    queue.push(future);
                    completions.add(() -> future.complete(value));
                }
                CountDownLatch start = new CountDownLatch(1);
                List<Thread> threads = race(completions, start);
                start.countDown();
                Poll<List<Integer>> taken = drive(new TakeN<>(queue, n));
                joinAll(threads);
                List<Integer> values = new ArrayList<>(taken.value());
                values.sort(null);
                for (int k = 0; k < n; k++) {
                    assertEquals(k, values.get(k));
                }
                futures.forEach(future -> assertEquals(1, future.closes()));
                assertTrue(queue.isEmpty());
            }
            queue.close();
        }
    }

    /** Takes {@code n} items of a stream it does not own (the set lives on for the next batch). */
    private static final class TakeN<T> implements PollFuture<List<T>> {
        private final PollStream<T> stream;
        private final int n;
        private final List<T> items = new ArrayList<>();

        TakeN(PollStream<T> stream, int n) {
            this.stream = stream;
            this.n = n;
        }

        @Override
        public Poll<List<T>> poll(Context cx) {
            while (items.size() < n) {
                Poll<T> poll = stream.pollNext(cx);
                if (!poll.isReady()) {
                    return poll.isPending() ? Poll.pending() : Poll.failed(new AssertionError("ended with " + poll));
                }
                items.add(poll.value());
            }
            return Poll.ready(List.copyOf(items));
        }
    }
}
