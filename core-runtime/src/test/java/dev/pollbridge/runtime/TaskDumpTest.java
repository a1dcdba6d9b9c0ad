package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.metrics.TaskDump;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 19, item 4: {@code PollRuntime.dump()}, a task dump that never stops the runtime. */
@Timeout(60)
class TaskDumpTest {

    /** A pending future that says what it waits on, and keeps its waker (rule 5). */
    static class WaitsFor implements PollFuture<String> {
        final String what;
        volatile Context last;

        WaitsFor(String what) {
            this.what = what;
        }

        @Override
        public Poll<String> poll(Context cx) {
            last = cx;
            return Poll.pending();
        }

        @Override
        public String toString() {
            return "WaitsFor[" + what + "]";
        }
    }

    @Test
    void anIdleTaskIsListedWithWhatItWaitsOnItsAgeAndItsLastPoll() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            WaitsFor future = new WaitsFor("the user service");
            JoinHandle<String> handle = runtime.spawn(future);
            await().until(() -> future.last != null);
            await().until(() -> runtime.dump().tasks().stream().anyMatch(t -> t.state() == TaskDump.State.IDLE));
            TaskDump dump = runtime.dump();
            assertEquals(1, dump.tasks().size(), dump::toString);
            TaskDump.TaskInfo task = dump.tasks().get(0);
            assertTrue(task.name().startsWith("task-") && task.name().contains(WaitsFor.class.getName()), task.name());
            assertEquals("WaitsFor[the user service]", task.waitingOn().orElseThrow());
            assertFalse(task.cancelRequested());
            assertTrue(task.sinceLastPoll().isPresent());
            assertTrue(task.age().compareTo(task.sinceLastPoll().get()) >= 0, task::toString);
            assertTrue(task.worker().isEmpty());
            assertTrue(task.spawnSite().isEmpty(), "spawn sites are off by default");
            assertTrue(dump.toString().contains("waiting on: WaitsFor[the user service]"), dump::toString);
            handle.abort();
            await().until(() -> runtime.dump().tasks().isEmpty());
        }
    }

    @Test
    void aRunningTaskNamesItsWorker() throws InterruptedException {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("dump-").build()) {
            CountDownLatch inPoll = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            JoinHandle<Void> busy = runtime.spawn(cx -> {
                inPoll.countDown();
                awaitQuietly(release); // holds its worker while the dump is taken
                return Poll.ready(null);
            });
            assertTrue(inPoll.await(10, TimeUnit.SECONDS));
            TaskDump.TaskInfo task = runtime.dump().tasks().get(0);
            assertEquals(TaskDump.State.RUNNING, task.state());
            assertTrue(task.worker().orElseThrow().startsWith("dump-worker-"), task::toString);
            release.countDown();
            runtime.blockOn(busy);
        }
    }

    /**
     * The current-thread runtime lists a task that hangs in its first poll as RUNNING on the
     * thread driving it, as the work-stealing runtime does (before, its dump was empty while
     * {@code tasksAlive} was 1: such a task is in no registry yet, only in the driver's hands).
     */
    @Test
    void aCurrentThreadRuntimeListsATaskHangingInItsFirstPollAsRunningOnItsDriver() throws InterruptedException {
        try (PollRuntime runtime = PollRuntime.builder().workers(0).build()) {
            CountDownLatch inPoll = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            JoinHandle<Void> busy = runtime.spawn(cx -> {
                inPoll.countDown();
                awaitQuietly(release); // holds the driving thread while the dump is taken
                return Poll.ready(null);
            });
            Thread driver = new Thread(() -> runtime.blockOn(busy), "dump-driver");
            driver.start();
            try {
                assertTrue(inPoll.await(10, TimeUnit.SECONDS));
                TaskDump dump = runtime.dump();
                assertEquals(1, runtime.metrics().tasksAlive());
                assertEquals(1, dump.tasks().size(), dump::toString);
                TaskDump.TaskInfo task = dump.tasks().get(0);
                assertEquals(TaskDump.State.RUNNING, task.state());
                assertEquals("dump-driver", task.worker().orElseThrow(), task::toString);
            } finally {
                release.countDown();
            }
            driver.join(10_000);
            assertFalse(driver.isAlive());
            assertTrue(runtime.dump().tasks().isEmpty());
        }
    }

    @Test
    void aTaskQueuedForItsFirstPollIsCountedButNotListed() throws InterruptedException {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            CountDownLatch inPoll = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            JoinHandle<Void> busy = runtime.spawn(cx -> {
                inPoll.countDown();
                awaitQuietly(release); // holds the only worker, so the next task stays queued
                return Poll.ready(null);
            });
            assertTrue(inPoll.await(10, TimeUnit.SECONDS));
            WaitsFor queued = new WaitsFor("its first poll");
            JoinHandle<String> handle = runtime.spawn(queued);
            TaskDump dump = runtime.dump();
            assertEquals(1, dump.tasks().size(), dump::toString); // only the running one
            assertEquals(TaskDump.State.RUNNING, dump.tasks().get(0).state());
            assertEquals(2, runtime.metrics().tasksAlive());
            release.countDown();
            runtime.blockOn(busy);
            await().until(() -> runtime.dump().tasks().size() == 1 && runtime.dump().tasks().get(0).state() == TaskDump.State.IDLE);
            handle.abort();
            await().until(() -> runtime.metrics().tasksAlive() == 0);
            assertTrue(runtime.dump().tasks().isEmpty());
        }
    }

    @Test
    void spawnSitesAreCapturedWhenAskedFor() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).captureSpawnSites(true).build()) {
            ProbeFuture<Void> pending = new ProbeFuture<>();
            JoinHandle<Void> handle = spawnHere(runtime, pending);
            await().until(() -> !runtime.dump().tasks().isEmpty()); // listed once polled
            List<StackTraceElement> site = runtime.dump().tasks().get(0).spawnSite();
            assertFalse(site.isEmpty());
            assertEquals(TaskDumpTest.class.getName(), site.get(0).getClassName(), site::toString);
            assertEquals("spawnHere", site.get(0).getMethodName());
            assertTrue(runtime.dump().toString().contains("spawned at: " + TaskDumpTest.class.getName() + ".spawnHere"));
            pending.complete(null);
            runtime.blockOn(handle);
        }
    }

    private static JoinHandle<Void> spawnHere(PollRuntime runtime, PollFuture<Void> future) {
        return runtime.spawn(future);
    }

    @Test
    void aThrowingToStringIsNotedAndTheDumpGoesOn() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            WaitsFor good = new WaitsFor("good");
            PollFuture<String> broken = new WaitsFor("broken") {
                @Override
                public String toString() {
                    throw new IllegalStateException("no description");
                }
            };
            JoinHandle<String> first = runtime.spawn(broken);
            JoinHandle<String> second = runtime.spawn(good);
            await().until(() -> runtime.dump().tasks().size() == 2); // listed once polled
            TaskDump dump = runtime.dump();
            List<String> waitingOn = dump.tasks().stream().map(t -> t.waitingOn().orElse("")).collect(Collectors.toList());
            assertEquals(2, waitingOn.size(), dump::toString);
            assertTrue(waitingOn.get(0).contains("threw java.lang.IllegalStateException: no description"), waitingOn::toString);
            assertEquals("WaitsFor[good]", waitingOn.get(1));
            first.abort();
            second.abort();
        }
    }

    /**
     * A toString that blocks delays only the dump: the workers keep polling (no lock of theirs is
     * held), tasks spawned and completed meanwhile are fine, and the dump finishes once it returns.
     */
    @Test
    void aBlockingToStringDelaysOnlyTheDump() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            CountDownLatch inToString = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            WaitsFor slowToString = new WaitsFor("slow") {
                @Override
                public String toString() {
                    inToString.countDown();
                    awaitQuietly(release); // blocks briefly, as a toString taking a lock might
                    return "slow to describe";
                }
            };
            JoinHandle<String> described = runtime.spawn(slowToString);
            await().until(() -> slowToString.last != null); // listed once polled
            AtomicReference<TaskDump> dump = new AtomicReference<>();
            Thread dumper = new Thread(() -> dump.set(runtime.dump()), "dumper");
            dumper.start();
            assertTrue(inToString.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 100; i++) {
                assertEquals(i, runtime.blockOn(runtime.spawn(ready(i)))); // spawn, poll, complete, remove
            }
            assertTrue(dumper.isAlive(), "the dump waits for the toString");
            release.countDown();
            dumper.join(10_000);
            assertFalse(dumper.isAlive());
            assertEquals("slow to describe", dump.get().tasks().get(0).waitingOn().orElseThrow());
            described.abort();
        }
    }

    /**
     * Bounded stress (iterations and time): dumps taken back to back while tasks are spawned,
     * woken and completed on every worker. No dump fails or hangs, every entry is well formed, and
     * every task completes.
     */
    @Test
    void dumpsDuringConcurrentSpawnsAndCompletions() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).captureSpawnSites(true).build()) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger completed = new AtomicInteger();
            int rounds = 200;
            int perRound = 50;
            Thread spawner = new Thread(() -> {
                for (int round = 0; round < rounds; round++) {
                    List<JoinHandle<Integer>> handles = new ArrayList<>();
                    for (int i = 0; i < perRound; i++) {
                        handles.add(runtime.spawn(yieldingThenReady(i % 4, i)));
                    }
                    for (JoinHandle<Integer> handle : handles) {
                        runtime.blockOn(handle);
                        completed.incrementAndGet();
                    }
                }
                stop.set(true);
            }, "spawner");
            spawner.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            int dumps = 0;
            while (!stop.get() && System.nanoTime() - deadline < 0) {
                TaskDump dump = runtime.dump();
                for (TaskDump.TaskInfo task : dump.tasks()) {
                    assertTrue(task.name().startsWith("task-"), task::toString);
                    assertTrue(task.sinceLastPoll().map(d -> d.compareTo(task.age()) <= 0).orElse(true), task::toString);
                    assertTrue(task.waitingOn().map(w -> w.startsWith("yielding(")).orElse(true), task::toString);
                    // A task that completes while it is read loses its spawn site with its future.
                    assertTrue(!task.spawnSite().isEmpty() || task.waitingOn().isEmpty(), task::toString);
                }
                assertFalse(dump.toString().isEmpty());
                dumps++;
            }
            spawner.join(30_000);
            assertFalse(spawner.isAlive(), "the spawner finished");
            assertEquals(rounds * perRound, completed.get());
            assertTrue(dumps > 0);
            await().until(() -> runtime.dump().tasks().isEmpty());
        }
    }

    /** Pending (self-woken) {@code yields} times, then ready with {@code value}. */
    private static PollFuture<Integer> yieldingThenReady(int yields, int value) {
        return new PollFuture<>() {
            int left = yields;

            @Override
            public Poll<Integer> poll(Context cx) {
                if (left-- > 0) {
                    cx.waker().wake();
                    return Poll.pending();
                }
                return Poll.ready(value);
            }

            @Override
            public String toString() {
                return "yielding(" + left + ")"; // a racy read of a plain int: fine for a description
            }
        };
    }

    private static PollFuture<Integer> ready(int value) {
        return cx -> Poll.ready(value);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
