package dev.pollbridge.soak;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.Notify;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.runtime.task.TaskScope;
import dev.pollbridge.rxjava3.SingleBridge;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A bounded soak run: several threads mix, for {@code pollbridge.soak.seconds} (5 in
 * {@code mvn verify}), every kind of work the runtime does: spawns, aborts, timeouts, channels,
 * task scopes, {@code Async} bodies, semaphore permits, and Reactor, RxJava and
 * {@code CompletableFuture} round trips. Every future the run creates is {@link Tracked}. At the
 * end: every tracked future was closed exactly once and reached exactly one outcome, every
 * operation's result was one it may have, every permit came back, no task is left alive, no
 * worker died, nothing reached the uncaught-failure handler, and after {@code close()} no thread
 * of the runtime is alive.
 */
class SoakTest {

    private static final Duration RUN = Duration.ofSeconds(Long.getLong("pollbridge.soak.seconds", 5));
    private static final int DRIVERS = 3;
    private static final int WORKERS = 2;
    private static final int PERMITS = 4;

    private final String prefix = "soak-" + System.nanoTime() + "-";
    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(WORKERS).blockingThreads(4).threadNamePrefix(prefix)
            .uncaughtFailureHandler(uncaught::add).build();
    private final Queue<Tracked<?>> tracked = new ConcurrentLinkedQueue<>();
    private final Semaphore permits = new Semaphore(PERMITS);
    private final Map<String, AtomicLong> done = new ConcurrentHashMap<>();

    /** One kind of work: runs it to its end on the calling (driver) thread and checks its result. */
    private interface Operation {
        void run(Random random) throws Exception;
    }

    private <T> Tracked<T> track(PollFuture<T> future) {
        return Tracked.of(future, tracked);
    }

    @Test
    void mixedWorkFromSeveralThreadsKeepsEveryContract() throws Exception {
        Map<String, Operation> operations = Map.of(
                "spawn", this::spawnAndJoin,
                "abort", this::spawnAndAbort,
                "timeout", this::timeout,
                "channel", this::channel,
                "scope", this::scope,
                "async", this::asyncBody,
                "reactor", this::reactorRoundTrip,
                "rxjava", this::rxJavaRoundTrip,
                "completable-future", this::completableFutureRoundTrip);
        List<String> names = new ArrayList<>(operations.keySet());
        names.sort(null);
        long deadline = System.nanoTime() + RUN.toNanos();
        ExecutorService drivers = Executors.newFixedThreadPool(DRIVERS);
        List<Future<?>> running = new ArrayList<>();
        for (int d = 0; d < DRIVERS; d++) {
            long seed = d;
            running.add(drivers.submit(() -> {
                Random random = new Random(seed);
                for (int round = 0; System.nanoTime() - deadline < 0; round++) {
                    String name = names.get((int) ((round + seed) % names.size()));
                    operations.get(name).run(random);
                    done.computeIfAbsent(name, key -> new AtomicLong()).incrementAndGet();
                }
                return null;
            }));
        }
        for (Future<?> driver : running) {
            try {
                driver.get(RUN.toSeconds() + 60, TimeUnit.SECONDS); // rethrows a driver's failure
            } catch (TimeoutException hung) {
                throw new AssertionError("a driver hung; threads:\n" + threadDump(), hung);
            }
        }
        drivers.shutdown();

        System.out.println("soak " + RUN.toSeconds() + " s: " + new TreeMap<>(done) + ", "
                + tracked.size() + " tracked futures, " + runtime.metrics());
        await("every task ended").atMost(Duration.ofSeconds(30)).until(() -> runtime.metrics().tasksAlive() == 0);
        await("every tracked future closed").atMost(Duration.ofSeconds(30))
                .until(() -> tracked.stream().allMatch(future -> future.closes() > 0));
        List<String> broken = tracked.stream().map(Tracked::problems).filter(problems -> !problems.isEmpty())
                .collect(Collectors.toList());
        assertEquals(List.of(), broken, "tracked futures that broke their contract");
        assertEquals(PERMITS, permits.availablePermits(), "every permit came back");
        PollRuntimeMetrics metrics = runtime.metrics();
        assertEquals(0, metrics.deadWorkers(), "worker threads that died");
        assertEquals(WORKERS, liveThreads("worker-"), "live worker threads");
        assertEquals(List.of(), uncaught, "failures that reached the uncaught-failure handler");
        assertTrue(names.stream().allMatch(done::containsKey), "every operation ran: " + done);

        runtime.close();
        assertEquals(0, liveThreads(""), "threads of the runtime alive after close()");
    }

    private static String threadDump() {
        StringBuilder dump = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            dump.append(thread.getName()).append(" ").append(thread.getState()).append('\n');
            for (StackTraceElement frame : stack) {
                dump.append("    at ").append(frame).append('\n');
            }
        });
        return dump.toString();
    }

    private long liveThreads(String kind) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(prefix + kind) && thread.isAlive())
                .count();
    }

    // ---- the operations ------------------------------------------------------------------------

    /** A short task, joined: its value. */
    private void spawnAndJoin(Random random) {
        int value = random.nextInt();
        PollFuture<Integer> work = random.nextBoolean() ? Futures.ready(value)
                : runtime.sleep(Duration.ofMillis(1)).map(ignored -> value);
        assertEquals(value, runtime.blockOn(runtime.spawn(track(work))));
    }

    /** A task waiting for ever, aborted: the join fails with CancellationException. */
    private void spawnAndAbort(Random random) {
        Notify never = new Notify();
        JoinHandle<Void> handle = runtime.spawn(track(never.notified()));
        if (random.nextBoolean()) {
            runtime.blockOn(runtime.sleep(Duration.ofMillis(1)));
        }
        handle.abort();
        expectFailure(() -> runtime.blockOn(handle), CancellationException.class);
    }

    /** A timeout around work that may or may not finish in time: its value or a TimeoutException. */
    private void timeout(Random random) {
        PollFuture<String> work = runtime.sleep(Duration.ofMillis(random.nextInt(3))).map(ignored -> "in time");
        try {
            assertEquals("in time", runtime.blockOn(track(runtime.timeout(track(work), Duration.ofMillis(1)))));
        } catch (CompletionException e) {
            assertTrue(e.getCause() instanceof TimeoutException, e.toString());
        }
    }

    /** A producer and a consumer task through a small bounded channel: every item arrives, in order. */
    private void channel(Random random) {
        Channel<Integer> channel = Channel.bounded(1 + random.nextInt(4));
        int count = 50;
        JoinHandle<Void> producer = runtime.spawn(track(Async.run(() -> {
            for (int i = 0; i < count; i++) {
                Async.await(channel.send(i));
            }
            channel.close();
            return null;
        })));
        JoinHandle<List<Integer>> consumer = runtime.spawn(track(channel.stream().collect(Collectors.toList())));
        runtime.blockOn(producer);
        List<Integer> received = runtime.blockOn(consumer);
        assertEquals(count, received.size());
        for (int i = 0; i < count; i++) {
            assertEquals(i, received.get(i));
        }
    }

    /** A scope of children, some holding permits, one failing or the scope closed early. */
    private void scope(Random random) {
        try (TaskScope<Integer> scope = TaskScope.open(runtime)) {
            int children = 2 + random.nextInt(4);
            boolean failOne = random.nextBoolean();
            for (int i = 0; i < children; i++) {
                int id = i;
                scope.spawn(track(Async.run(() -> {
                    try (Permit permit = Async.await(permits.acquire())) { // returned on abort too
                        Async.await(runtime.sleep(Duration.ofMillis(1)));
                        if (failOne && id == 0) {
                            throw new IllegalStateException("child failed on purpose");
                        }
                        return id;
                    }
                })));
            }
            if (random.nextInt(3) == 0) {
                return; // closing the scope aborts the children still running
            }
            try {
                List<Integer> values = runtime.blockOn(scope.joinAll());
                assertEquals(children, values.size());
            } catch (IllegalStateException e) {
                assertTrue(failOne, "only the failing child fails the join: " + e);
            }
        }
    }

    /** An Async body that takes a permit, awaits a timer and a child future, and gives it back. */
    private void asyncBody(Random random) {
        int value = random.nextInt(100);
        int result = runtime.blockOn(runtime.spawn(track(Async.run(() -> {
            try (Permit permit = Async.await(permits.acquire())) {
                Async.await(runtime.sleep(Duration.ofMillis(random.nextInt(2))));
                return Async.await(runtime.spawn(Futures.ready(value))) + 1;
            }
        }))));
        assertEquals(value + 1, result);
    }

    /** PollFuture to Mono and back; sometimes cut short by a timeout (a cancel through Reactor). */
    private void reactorRoundTrip(Random random) {
        roundTrip(random, work -> MonoBridge.toPollFuture(MonoBridge.toMono(() -> work, runtime)));
    }

    /** PollFuture to Single and back; sometimes cut short by a timeout (a dispose through RxJava). */
    private void rxJavaRoundTrip(Random random) {
        roundTrip(random, work -> SingleBridge.toPollFuture(SingleBridge.toSingle(() -> work, runtime)));
    }

    /** PollFuture to CompletableFuture and back; sometimes cancelled. */
    private void completableFutureRoundTrip(Random random) {
        if (random.nextInt(4) == 0) {
            CompletableFuture<String> cf = CompletableFutureBridge.toCompletableFuture(
                    track(runtime.sleep(Duration.ofHours(1)).map(ignored -> "never")), runtime);
            cf.cancel(false);
            expectFailure(cf::join, CancellationException.class);
            return;
        }
        roundTrip(random, work -> CompletableFutureBridge.toPollFuture(CompletableFutureBridge.toCompletableFuture(work, runtime)));
    }

    private interface Bridge {
        PollFuture<String> through(PollFuture<String> work);
    }

    private void roundTrip(Random random, Bridge bridge) {
        int millis = random.nextInt(3);
        PollFuture<String> work = track(runtime.sleep(Duration.ofMillis(millis)).map(ignored -> "slept " + millis));
        PollFuture<String> back = track(bridge.through(work));
        try {
            String value = runtime.blockOn(track(runtime.timeout(back, Duration.ofMillis(2))));
            assertEquals("slept " + millis, value);
        } catch (CompletionException e) {
            assertTrue(e.getCause() instanceof TimeoutException, e.toString());
        }
    }

    private static void expectFailure(Supplier<?> call, Class<? extends Throwable> type) {
        try {
            call.get();
        } catch (Throwable thrown) {
            for (Throwable t = thrown; t != null; t = t.getCause()) {
                if (type.isInstance(t)) {
                    return;
                }
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + thrown, thrown);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but it succeeded");
    }
}
