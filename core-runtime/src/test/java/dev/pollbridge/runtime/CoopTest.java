package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.Notify;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.runtime.task.Coop;
import dev.pollbridge.runtime.task.TaskOutcome;
import dev.pollbridge.runtime.task.TaskScope;
import dev.pollbridge.runtime.time.MissedTickBehavior;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A budget in every primitive (issue 17, item 6; rule 16). Each test follows Tokio's
 * {@code rt_common::coop}: inside one poll of one task, an operation that is always ready is
 * polled again and again; with the budget it must answer {@code pending} after a bounded number of
 * ready results, and a neighbour task on the same (only) worker must get to run. Counts, not
 * timings: the loop gives up after {@link #LIMIT} ready results, so a primitive without a budget
 * fails the assertion instead of hanging.
 */
@Timeout(120)
class CoopTest {

    /** Ready results after which a loop that never yielded gives up (far above the budget of 128). */
    private static final int LIMIT = 100_000;

    // ---- the harness ------------------------------------------------------------------------

    /** Releases what a ready result holds (a permit), or takes back what an operation put in. */
    private interface Release {
        void release(Object value) throws Exception;
    }

    /**
     * Runs {@code op} (a fresh always-ready future each time) in a loop inside the polls of one task
     * on a one-worker runtime; a neighbour task is queued behind it. Returns how many ready results
     * the loop got before it saw the neighbour had run; fails if it never did.
     */
    private static int readyResultsBeforeTheNeighbourRan(PollRuntime runtime, Supplier<PollFuture<?>> op, Release release) {
        AtomicBoolean neighbourRan = new AtomicBoolean();
        int[] ready = {0};
        PollFuture<Integer> greedy = new PollFuture<>() {
            private boolean spawned;
            private PollFuture<?> current;

            @Override
            public Poll<Integer> poll(Context cx) {
                if (!spawned) {
                    spawned = true;
                    runtime.spawn((PollFuture<Void>) neighbourCx -> {
                        neighbourRan.set(true);
                        return Poll.ready(null);
                    }).close();
                }
                while (!neighbourRan.get()) {
                    if (current == null) {
                        current = op.get();
                    }
                    Poll<?> result = current.poll(cx);
                    if (result.isPending()) {
                        return Poll.pending(); // the budget is spent: the operation woke this task
                    }
                    if (result.isFailed()) {
                        return Poll.failed(result.error());
                    }
                    try {
                        release.release(result.value());
                    } catch (Exception e) {
                        return Poll.failed(e);
                    }
                    current.close();
                    current = null;
                    if (++ready[0] >= LIMIT) {
                        return Poll.ready(-1); // never yielded: the neighbour was starved
                    }
                }
                if (current != null) {
                    current.close();
                }
                return Poll.ready(ready[0]);
            }
        };
        int count = runtime.blockOn(runtime.spawn(greedy));
        assertTrue(count >= 0, "the loop got " + LIMIT + " ready results in a row: the neighbour never ran");
        return count;
    }

    private static void assertYields(PollRuntime runtime, Supplier<PollFuture<?>> op, Release release) {
        int count = readyResultsBeforeTheNeighbourRan(runtime, op, release);
        assertTrue(count <= 2 * 128, "the neighbour ran only after " + count + " ready results");
    }

    private static PollRuntime oneWorker(String name) {
        return PollRuntime.builder().workers(1).threadNamePrefix("coop-" + name + "-").build();
    }

    private static void nothing(Object value) {}

    // ---- one test per primitive --------------------------------------------------------------

    /** Tokio's {@code coop}: handles of finished tasks are always ready; joining them yields. */
    @Test
    void joinHandle() {
        try (PollRuntime runtime = oneWorker("join")) {
            List<JoinHandle<Integer>> finished = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                finished.add(runtime.spawn(cx -> Poll.ready(1)));
            }
            PollDriver.soon().until(() -> finished.stream().allMatch(JoinHandle::isFinished));
            int[] next = {0};
            assertYields(runtime, () -> finished.get(next[0]++), CoopTest::nothing);
            finished.subList(next[0], finished.size()).forEach(JoinHandle::close);
        }
    }

    @Test
    void promise() {
        try (PollRuntime runtime = oneWorker("promise")) {
            assertYields(runtime, () -> {
                Promise<Integer> promise = Promise.create();
                promise.complete(1);
                return promise.future();
            }, CoopTest::nothing);
        }
    }

    @Test
    void promiseClosed() {
        try (PollRuntime runtime = oneWorker("promise-closed")) {
            assertYields(runtime, () -> {
                Promise<Integer> promise = Promise.create();
                promise.future().close();
                return promise.closed();
            }, CoopTest::nothing);
        }
    }

    @Test
    void semaphore() {
        try (PollRuntime runtime = oneWorker("semaphore")) {
            Semaphore semaphore = new Semaphore(1);
            assertYields(runtime, semaphore::acquire, permit -> ((AutoCloseable) permit).close());
            assertEquals(1, semaphore.availablePermits(), "a yielding acquire takes no permit");
        }
    }

    @Test
    void notifyPrimitive() {
        try (PollRuntime runtime = oneWorker("notify")) {
            Notify notify = new Notify();
            assertYields(runtime, () -> {
                notify.notifyOne();
                return notify.notified();
            }, CoopTest::nothing);
        }
    }

    @Test
    void channelReceive() {
        try (PollRuntime runtime = oneWorker("receive")) {
            Channel<Integer> channel = Channel.bounded(1);
            assertYields(runtime, () -> {
                channel.trySend(1);
                return channel.receive();
            }, CoopTest::nothing);
        }
    }

    @Test
    void channelReceiveMany() {
        try (PollRuntime runtime = oneWorker("receive-many")) {
            Channel<Integer> channel = Channel.bounded(4);
            assertYields(runtime, () -> {
                channel.trySend(1);
                channel.trySend(2);
                return channel.receiveMany(8);
            }, CoopTest::nothing);
        }
    }

    @Test
    void channelSend() {
        try (PollRuntime runtime = oneWorker("send")) {
            Channel<Integer> channel = Channel.bounded(1);
            assertYields(runtime, () -> channel.send(1), sent -> channel.tryReceive());
            assertEquals(0, channel.size(), "a yielding send puts nothing in");
        }
    }

    @Test
    void channelReserve() {
        try (PollRuntime runtime = oneWorker("reserve")) {
            Channel<Integer> channel = Channel.bounded(1);
            assertYields(runtime, channel::reserve, permit -> ((AutoCloseable) permit).close());
        }
    }

    @Test
    void sleep() {
        try (PollRuntime runtime = oneWorker("sleep")) {
            assertYields(runtime, () -> runtime.sleep(Duration.ZERO), CoopTest::nothing);
        }
    }

    /** A bursting interval far behind its grid is always ready; each tick spends a unit. */
    @Test
    void interval() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("coop-interval-").clock(clock).build()) {
            PollStream<Long> ticks = runtime.interval(Duration.ofMillis(1), MissedTickBehavior.BURST);
            clock.advance(Duration.ofHours(1)); // 3.6 million ticks behind
            assertYields(runtime, () -> (PollFuture<Long>) ticks::pollNext, CoopTest::nothing);
            ticks.close();
        }
    }

    /** A timeout whose work is ready at once answers with the work's result and spends its budget. */
    @Test
    void timeoutAroundReadyWork() {
        try (PollRuntime runtime = oneWorker("timeout")) {
            Notify notify = new Notify();
            assertYields(runtime, () -> {
                notify.notifyOne();
                return runtime.timeout(notify.notified(), Duration.ofSeconds(30));
            }, CoopTest::nothing);
        }
    }

    @Test
    void blockingFuture() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(4).threadNamePrefix("coop-blocking-").build()) {
            CountDownLatch gate = new CountDownLatch(1);
            List<PollFuture<Integer>> jobs = new ArrayList<>();
            List<dev.pollbridge.test.CountingWaker> wakers = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                PollFuture<Integer> job = runtime.spawnBlocking(() -> {
                    gate.await();
                    return 1;
                });
                dev.pollbridge.test.CountingWaker waker = new dev.pollbridge.test.CountingWaker();
                assertTrue(job.poll(Context.of(waker)).isPending()); // the gate is shut
                jobs.add(job);
                wakers.add(waker);
            }
            gate.countDown();
            // Each job's waker is called after the job is done: then all 400 are done, undelivered.
            PollDriver.soon().until(() -> wakers.stream().allMatch(w -> w.isWoken()));
            int[] next = {0};
            assertYields(runtime, () -> jobs.get(next[0]++), CoopTest::nothing);
            jobs.subList(next[0], jobs.size()).forEach(PollFuture::close);
        }
    }

    /** Tokio's {@code join_set_coop}: draining many finished children yields at least once. */
    @Test
    void taskScopeNext() throws InterruptedException {
        try (PollRuntime runtime = oneWorker("scope")) {
            TaskScope<Integer> scope = TaskScope.open(runtime);
            CountDownLatch ran = new CountDownLatch(1_000);
            for (int i = 0; i < 1_000; i++) {
                scope.spawn(cx -> {
                    ran.countDown();
                    return Poll.ready(1);
                });
            }
            assertTrue(ran.await(60, TimeUnit.SECONDS));
            // The last child's outcome reaches the scope right after its poll: wait for it by count.
            runtime.blockOn(cx -> scope.size() == 1_000 ? Poll.ready(null) : wakeLater(cx));
            assertYields(runtime, scope::next, CoopTest::nothing);
            scope.close();
        }
    }

    /**
     * Tokio's {@code join_set_coop}, as written there: 1,000 finished children, joined with a
     * {@code now_or_never} that yields (here {@code PollRuntime.yieldNow()}) whenever the join is not
     * ready; the join must be not-ready at least once, and every outcome must come out.
     */
    @Test
    void joinSetCoop() throws InterruptedException {
        try (PollRuntime runtime = oneWorker("join-set")) {
            TaskScope<Integer> scope = TaskScope.open(runtime);
            Semaphore finished = new Semaphore(0);
            for (int i = 0; i < 1_000; i++) {
                scope.spawn(cx -> {
                    finished.addPermits(1);
                    return Poll.ready(1);
                });
            }
            runtime.blockOn(finished.acquireMany(1_000)).close(); // Tokio's SEM.acquire_many(TASK_NUM)
            int[] counts = runtime.blockOn(new PollFuture<int[]>() {
                private final int[] result = new int[2]; // joined, not ready
                private PollFuture<TaskOutcome<Integer>> next;
                private PollFuture<Void> yielding;

                @Override
                public Poll<int[]> poll(Context cx) {
                    while (true) {
                        if (yielding != null) {
                            if (yielding.poll(cx).isPending()) {
                                return Poll.pending();
                            }
                            yielding = null;
                        }
                        if (next == null) {
                            next = scope.next();
                        }
                        Poll<TaskOutcome<Integer>> outcome = next.poll(cx); // now_or_never
                        if (outcome.isPending()) {
                            result[1]++;
                            yielding = PollRuntime.yieldNow();
                            continue;
                        }
                        next = null;
                        if (outcome.value() == null) {
                            return Poll.ready(result);
                        }
                        result[0]++;
                    }
                }
            });
            assertEquals(1_000, counts[0]);
            assertTrue(counts[1] >= 1, "the join never answered pending");
        }
    }

    @Test
    void consumeBudget() {
        try (PollRuntime runtime = oneWorker("consume")) {
            assertYields(runtime, Coop::consumeBudget, CoopTest::nothing);
        }
    }

    /** Tokio's {@code coop_unconstrained}: with the budget lifted the loop never yields. */
    @Test
    void unconstrainedNeverYields() {
        try (PollRuntime runtime = oneWorker("unconstrained")) {
            Notify notify = new Notify();
            int count = readyResultsBeforeTheNeighbourRanOrLimit(runtime, () -> {
                notify.notifyOne();
                return Coop.unconstrained(notify.notified());
            });
            assertEquals(LIMIT, count, "an unconstrained future never answers pending for lack of budget");
        }
    }

    /** A user future that takes part through {@code Coop.proceed} yields like the runtime's own. */
    @Test
    void aUserFutureThatCallsProceedYields() {
        try (PollRuntime runtime = oneWorker("proceed")) {
            assertYields(runtime, () -> cx -> Coop.proceed(cx) ? Poll.ready(1) : Poll.pending(), CoopTest::nothing);
        }
    }

    /** {@code PollRuntime.yieldNow()}: one pending, the task goes behind the queued neighbour. */
    @Test
    void yieldNowLetsAQueuedTaskRunFirst() {
        try (PollRuntime runtime = oneWorker("yield")) {
            AtomicBoolean neighbourRan = new AtomicBoolean();
            boolean sawNeighbour = runtime.blockOn(runtime.spawn(new PollFuture<Boolean>() {
                private PollFuture<Void> yielding;

                @Override
                public Poll<Boolean> poll(Context cx) {
                    if (yielding == null) {
                        runtime.spawn((PollFuture<Void>) n -> {
                            neighbourRan.set(true);
                            return Poll.ready(null);
                        }).close();
                        yielding = PollRuntime.yieldNow();
                    }
                    if (yielding.poll(cx).isPending()) {
                        return Poll.pending();
                    }
                    return Poll.ready(neighbourRan.get());
                }
            }));
            assertTrue(sawNeighbour);
        }
    }

    // ---- helpers ---------------------------------------------------------------------------

    private static int readyResultsBeforeTheNeighbourRanOrLimit(PollRuntime runtime, Supplier<PollFuture<?>> op) {
        int[] ready = {0};
        runtime.blockOn(runtime.spawn((PollFuture<Void>) cx -> {
            while (ready[0] < LIMIT) {
                PollFuture<?> current = op.get();
                if (current.poll(cx).isPending()) {
                    current.close();
                    return Poll.pending();
                }
                current.close();
                ready[0]++;
            }
            return Poll.ready(null);
        }));
        return ready[0];
    }

    private static <T> Poll<T> wakeLater(Context cx) {
        cx.waker().wake();
        return Poll.pending();
    }
}
