package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.async.AsyncEngine;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.runtime.PollDriver.pollNextToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.async.PooledLauncher;
import dev.pollbridge.runtime.task.Recording;
import dev.pollbridge.runtime.task.TaskLocal;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Task-locals reach Async bodies and the futures they await. */
class AsyncTaskLocalTest {

    private static final TaskLocal<String> USER = TaskLocal.create("user");

    @Test
    void aBodySeesTheValuesBoundWhenItsFutureIsPolled() {
        try (MockTask<String> task = MockTask.spawn(USER.scope("ada", Async.run(() -> "hello " + USER.get())))) {
            assertReady(pollToCompletion(task), "hello ada");
        }
    }

    @Test
    void futuresAwaitedInsideTheBodySeeThemToo() {
        ProbeFuture<String> child = new ProbeFuture<>();
        Recording<String> recording = new Recording<>(child, USER::getOrNull);
        try (MockTask<String> task = MockTask.spawn(USER.scope("ada", Async.run(() -> Async.await(recording))))) {
            assertPending(task.poll());
            pollUntil(task, child::hasWaker);
            child.complete("x");
            assertReady(pollToCompletion(task), "x");
        }
        assertTrue(recording.seenInPolls.size() >= 2, recording.seenInPolls.toString());
        assertTrue(recording.seenInPolls.stream().allMatch("ada"::equals), recording.seenInPolls.toString());
        assertEquals(List.of("ada"), recording.seenAtClose);
    }

    @Test
    void aResumedBodySeesTheValuesOfTheLatestPoll() {
        // Thread mode's hand-over counted in wakes; AsyncModesTest covers continuation mode.
        assumeTrue(Async.mode().usesThreads());
        ProbeFuture<String> gate = new ProbeFuture<>();
        List<String> seen = new CopyOnWriteArrayList<>();
        PollFuture<String> future = Async.run(() -> {
            seen.add(USER.get());
            Async.await(gate);
            seen.add(USER.get());
            return "done";
        });
        CountingWaker waker = new CountingWaker();
        Context cx = Context.of(waker);
        try (future) {
            assertPending(USER.syncScope("first", () -> future.poll(cx)));
            soon().until(() -> waker.count() == 1); // the body saw "first" and handed its await over
            assertPending(USER.syncScope("second", () -> future.poll(cx))); // polls the gate
            assertTrue(gate.hasWaker());
            gate.complete("go");
            assertPending(USER.syncScope("second", () -> future.poll(cx))); // hands "go" over
            soon().until(() -> seen.size() == 2);
            soon().until(() -> waker.count() == 3);
            assertReady(USER.syncScope("second", () -> future.poll(cx)), "done");
        }
        assertEquals(List.of("first", "second"), seen);
    }

    @Test
    void aScopeInsideTheBodyShadowsForItsFutureOnly() {
        Recording<String> recording = new Recording<>(ProbeFuture.completed("v"), USER::getOrNull);
        PollFuture<String> future = USER.scope("outer", Async.run(() -> {
            String before = USER.get();
            Async.await(USER.scope("inner", recording));
            return before + "," + USER.get();
        }));
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertReady(pollToCompletion(task), "outer,outer");
        }
        assertEquals(List.of("inner"), recording.seenInPolls);
    }

    @Test
    void aSyncScopeInsideTheBodyCoversTheAwaitsWithinIt() {
        Recording<String> recording = new Recording<>(ProbeFuture.completed("v"), USER::getOrNull);
        PollFuture<String> future = USER.scope("owner", Async.run(() -> {
            String inside = USER.syncScope("mine", () -> Async.await(recording) + ":" + USER.get());
            return inside + "," + USER.get();
        }));
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertReady(pollToCompletion(task), "v:mine,owner");
        }
        assertEquals(List.of("mine"), recording.seenInPolls);
    }

    @Test
    void aStreamBodySeesThem() {
        try (MockStreamTask<String> task = MockStreamTask.spawn(USER.scopeStream("grace",
                Async.<String>stream(emitter -> {
                    emitter.emit(USER.get());
                    emitter.emit(USER.get() + " again");
                })))) {
            assertReady(pollNextToCompletion(task), "grace");
            assertReady(pollNextToCompletion(task), "grace again");
            assertDone(pollNextToCompletion(task));
        }
    }

    @Test
    void aBodyPolledOutsideEveryScopeSeesNothing() {
        try (MockTask<String> task = MockTask.spawn(Async.run(USER::get))) {
            assertFailed(pollToCompletion(task), IllegalStateException.class);
        }
    }

    @Test
    void aPooledThreadDoesNotCarryValuesIntoTheNextBody() {
        try (PooledLauncher single = new PooledLauncher(1, "async-local-test-")) {
            try (MockTask<String> first = MockTask.spawn(USER.scope("ada", AsyncEngine.threadFuture(USER::get, single)))) {
                assertReady(pollToCompletion(first), "ada");
            }
            try (MockTask<String> second = MockTask.spawn(AsyncEngine.threadFuture(USER::getOrNull, single))) {
                assertReady(pollToCompletion(second), null);
            }
        }
        assertNull(USER.getOrNull());
    }
}
