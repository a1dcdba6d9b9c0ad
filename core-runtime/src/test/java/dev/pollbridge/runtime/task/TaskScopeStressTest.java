package dev.pollbridge.runtime.task;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Bounded stress: close, failures and spawns racing each other. Each loop stops at its count or its time. */
class TaskScopeStressTest {

    private static final long BUDGET_NANOS = 2_000_000_000L;

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("scope-stress-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private static ConditionFactory soon() {
        return await().atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
    }

    private <R> R join(PollFuture<R> future) {
        JoinHandle<R> handle = runtime.spawn(future);
        soon().until(handle::isFinished);
        return runtime.blockOn(handle);
    }

    @Test
    void closeRacingCompletionsClosesEveryChildOnceAndLeavesNoneRunning() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int round = 0; round < 100 && System.nanoTime() < deadline; round++) {
            List<ProbeFuture<Integer>> probes = new ArrayList<>();
            TaskScope<Integer> scope = TaskScope.open(runtime);
            for (int i = 0; i < 20; i++) {
                ProbeFuture<Integer> probe = new ProbeFuture<>();
                probes.add(probe);
                scope.spawn(probe);
            }
            CountDownLatch go = new CountDownLatch(1);
            Thread completer = new Thread(() -> {
                awaitLatch(go);
                for (int i = 0; i < probes.size(); i++) {
                    probes.get(i).complete(i);
                }
            });
            completer.start();
            go.countDown();
            scope.close();
            completer.join();
            join(scope.shutdown());
            for (ProbeFuture<Integer> probe : probes) {
                assertEquals(1, probe.closes());
                assertEquals(0, probe.pollsAfterReady());
            }
            assertEquals(0, scope.size());
        }
    }

    @Test
    void concurrentFailuresUnderCancelSiblingsEndEveryChildOnce() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int round = 0; round < 100 && System.nanoTime() < deadline; round++) {
            List<ProbeFuture<Integer>> probes = new ArrayList<>();
            List<RuntimeException> failures = new ArrayList<>();
            try (TaskScope<Integer> scope = TaskScope.open(runtime, FailurePolicy.CANCEL_SIBLINGS)) {
                for (int i = 0; i < 10; i++) {
                    ProbeFuture<Integer> probe = new ProbeFuture<>();
                    probes.add(probe);
                    failures.add(new IllegalStateException("child " + i));
                    scope.spawn(probe);
                }
                CountDownLatch go = new CountDownLatch(1);
                Thread[] failers = new Thread[2];
                for (int t = 0; t < failers.length; t++) {
                    int offset = t;
                    failers[t] = new Thread(() -> {
                        awaitLatch(go);
                        for (int i = offset; i < probes.size(); i += 2) {
                            probes.get(i).fail(failures.get(i));
                        }
                    });
                    failers[t].start();
                }
                go.countDown();
                Throwable thrown = null;
                try {
                    join(scope.joinAll());
                } catch (IllegalStateException e) {
                    thrown = e;
                }
                for (Thread failer : failers) {
                    failer.join();
                }
                assertTrue(failures.contains(thrown), "joinAll fails with one of the children's own failures: " + thrown);
            }
            for (ProbeFuture<Integer> probe : probes) {
                soon().until(probe::isClosed);
                assertEquals(1, probe.closes());
            }
        }
    }

    @Test
    void spawnsRacingCloseAreEachClosedOnce() throws Exception {
        long deadline = System.nanoTime() + BUDGET_NANOS;
        for (int round = 0; round < 100 && System.nanoTime() < deadline; round++) {
            TaskScope<Integer> scope = TaskScope.open(runtime);
            List<ProbeFuture<Integer>> spawned = new ArrayList<>();
            CountDownLatch go = new CountDownLatch(1);
            Thread spawner = new Thread(() -> {
                awaitLatch(go);
                for (int i = 0; i < 50; i++) {
                    ProbeFuture<Integer> probe = new ProbeFuture<>();
                    synchronized (spawned) {
                        spawned.add(probe);
                    }
                    try {
                        scope.spawn(probe);
                    } catch (IllegalStateException closed) {
                        return;
                    }
                }
            });
            spawner.start();
            go.countDown();
            scope.close();
            spawner.join();
            join(scope.shutdown());
            synchronized (spawned) {
                for (ProbeFuture<Integer> probe : spawned) {
                    assertEquals(1, probe.closes(), "spawned or refused, each future is closed once");
                }
            }
        }
    }

    private static void awaitLatch(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
