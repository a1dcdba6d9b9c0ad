package dev.pollbridge.runtime.task;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TaskLocalTest {

    private static final TaskLocal<String> REQUEST = TaskLocal.create("request");
    private static final TaskLocal<Integer> TENANT = TaskLocal.create();

    @Test
    void outsideEveryScopeNothingIsBound() {
        IllegalStateException error = assertThrows(IllegalStateException.class, REQUEST::get);
        assertTrue(error.getMessage().contains("TaskLocal(request)"), error.getMessage());
        assertEquals(Optional.empty(), REQUEST.find());
        assertNull(REQUEST.getOrNull());
        assertFalse(REQUEST.isBound());
        assertEquals("TaskLocal(request)", REQUEST.toString());
    }

    @Test
    void theValueIsVisibleInEveryPollOfTheScopedFutureAndOnlyThen() {
        ProbeFuture<String> child = new ProbeFuture<>();
        Recording<String> recording = new Recording<>(child, REQUEST::getOrNull);
        PollFuture<String> scoped = REQUEST.scope("req-1", recording);
        assertNull(REQUEST.getOrNull(), "building a scope binds nothing");
        try (MockTask<String> task = MockTask.spawn(scoped)) {
            assertPending(task.poll());
            assertNull(REQUEST.getOrNull(), "restored after the poll");
            child.complete("done");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "done");
            assertNull(REQUEST.getOrNull());
        }
        assertEquals(List.of("req-1", "req-1"), recording.seenInPolls);
        assertEquals(List.of("req-1"), recording.seenAtClose, "the inner future is closed inside the scope");
        assertEquals(1, child.closes());
    }

    @Test
    void nestedScopesShadowAndRestore() {
        Recording<String> innermost = new Recording<>(ProbeFuture.completed("x"), REQUEST::getOrNull);
        PollFuture<String> inner = REQUEST.scope("inner", innermost);
        List<String> outerSaw = new CopyOnWriteArrayList<>();
        PollFuture<String> outer = new PollFuture<>() {
            @Override
            public Poll<String> poll(Context cx) {
                outerSaw.add(REQUEST.get());
                Poll<String> result = inner.poll(cx);
                outerSaw.add(REQUEST.get());
                return result;
            }

            @Override
            public void close() {
                inner.close();
            }
        };
        try (MockTask<String> task = MockTask.spawn(REQUEST.scope("outer", outer))) {
            assertReady(task.poll(), "x");
        }
        assertEquals(List.of("inner"), innermost.seenInPolls);
        assertEquals(List.of("outer", "outer"), outerSaw);
        assertNull(REQUEST.getOrNull());
    }

    @Test
    void differentTaskLocalsAreIndependent() {
        Recording<String> recording = new Recording<>(ProbeFuture.completed("x"),
                () -> REQUEST.getOrNull() + "/" + TENANT.getOrNull());
        try (MockTask<String> task = MockTask.spawn(REQUEST.scope("r", TENANT.scope(7, recording)))) {
            assertReady(task.poll(), "x");
        }
        assertEquals(List.of("r/7"), recording.seenInPolls);
    }

    @Test
    void theValueFollowsTheTaskToWhicheverThreadPollsIt() throws Exception {
        ProbeFuture<String> child = new ProbeFuture<>();
        Recording<String> recording = new Recording<>(child, () -> REQUEST.getOrNull() + "@" + Thread.currentThread().getName());
        // A combinator that polls its child with a wrapped waker, as join/select do.
        CountingWaker inner = new CountingWaker();
        PollFuture<String> combinator = new PollFuture<>() {
            @Override
            public Poll<String> poll(Context cx) {
                Waker outer = cx.waker();
                return recording.poll(cx.withWaker(() -> {
                    inner.wake();
                    outer.wake();
                }));
            }

            @Override
            public void close() {
                recording.close();
            }
        };
        MockTask<String> task = MockTask.spawn(REQUEST.scope("moving", combinator));
        AtomicReference<String> leftOnWorker = new AtomicReference<>();
        Thread worker1 = new Thread(() -> {
            assertPending(task.poll());
            leftOnWorker.set(String.valueOf(REQUEST.getOrNull()));
        }, "worker-1");
        worker1.start();
        worker1.join();
        child.complete("ok");
        assertEquals(1, inner.count());
        Thread worker2 = new Thread(() -> assertReady(task.poll(), "ok"), "worker-2");
        worker2.start();
        worker2.join();
        task.close();
        assertEquals(List.of("moving@worker-1", "moving@worker-2"), recording.seenInPolls);
        assertEquals("null", leftOnWorker.get());
    }

    @Test
    void theBindingIsRestoredWhenThePollThrows() {
        PollFuture<String> throwing = cx -> {
            throw new IllegalStateException("broken future");
        };
        try (MockTask<String> task = MockTask.spawn(REQUEST.scope("r", throwing))) {
            assertThrows(IllegalStateException.class, task::poll);
        }
        assertNull(REQUEST.getOrNull());
    }

    @Test
    void aScopedStreamSeesTheValueInEveryPoll() {
        ProbeStream<String> items = ProbeStream.of("a", "b");
        List<String> seen = new CopyOnWriteArrayList<>();
        PollStream<String> recording = new PollStream<>() {
            @Override
            public Poll<String> pollNext(Context cx) {
                seen.add(REQUEST.get());
                return items.pollNext(cx);
            }

            @Override
            public void close() {
                seen.add("close:" + REQUEST.get());
                items.close();
            }
        };
        try (MockStreamTask<String> task = MockStreamTask.spawn(REQUEST.scopeStream("s", recording))) {
            assertReady(task.pollNext(), "a");
            assertReady(task.pollNext(), "b");
            assertDone(task.pollNext());
        }
        assertEquals(List.of("s", "s", "s", "close:s"), seen);
        assertEquals(1, items.closes());
        assertNull(REQUEST.getOrNull());
    }

    @Test
    void syncScopeBindsAroundPlainCode() {
        String seen = REQUEST.syncScope("sync", () -> REQUEST.get() + ":" + REQUEST.syncScope("nested", REQUEST::get)
                + ":" + REQUEST.get());
        assertEquals("sync:nested:sync", seen);
        assertNull(REQUEST.getOrNull());
    }

    @Test
    void nullsAreRejectedEarly() {
        ProbeFuture<String> future = new ProbeFuture<>();
        assertThrows(NullPointerException.class, () -> REQUEST.scope(null, future));
        assertThrows(NullPointerException.class, () -> REQUEST.scope("v", (PollFuture<String>) null));
        assertThrows(NullPointerException.class, () -> REQUEST.scopeStream("v", null));
        assertThrows(NullPointerException.class, () -> REQUEST.syncScope(null, () -> "x"));
        assertThrows(NullPointerException.class, () -> TaskLocal.create(null));
    }

    @Test
    void theSameScopeRepolledUnderDifferentOuterBindingsSeesBoth() {
        // The cached frame must not leak an outer binding from an earlier poll.
        ProbeFuture<String> child = new ProbeFuture<>();
        Recording<String> recording = new Recording<>(child, () -> REQUEST.getOrNull() + "/" + TENANT.getOrNull());
        PollFuture<String> scoped = REQUEST.scope("r", recording);
        Context cx = Context.of(new CountingWaker());
        assertPending(TENANT.syncScope(1, () -> scoped.poll(cx)));
        assertPending(scoped.poll(cx));
        assertPending(TENANT.syncScope(2, () -> scoped.poll(cx)));
        child.complete("x");
        assertReady(TENANT.syncScope(2, () -> scoped.poll(cx)), "x");
        scoped.close();
        assertEquals(List.of("r/1", "r/null", "r/2", "r/2"), recording.seenInPolls);
    }

    /**
     * A scope over one of the bridge's own streams keeps its batch path: items taken without a
     * poll see the value too, and a stream without a batch path gets a plain scope.
     */
    @Test
    void aScopedBatchStreamSeesTheValueWhenItemsAreTakenWithoutAPoll() {
        List<String> seen = new CopyOnWriteArrayList<>();
        BatchStream<String> ready = new BatchStream<>() {
            private int left = 2;

            @Override
            public String takeReady() {
                seen.add("take:" + REQUEST.get());
                return left-- > 0 ? "item" : null;
            }

            @Override
            public Poll<String> pollNext(Context cx) {
                seen.add("poll:" + REQUEST.get());
                return Poll.done();
            }
        };
        PollStream<String> scoped = REQUEST.scopeStream("s", ready);
        BatchStream<String> batch = BatchStream.of(scoped);
        assertTrue(batch != null, "the scope keeps the batch path");
        try (MockStreamTask<String> task = MockStreamTask.spawn(scoped)) {
            assertEquals("item", batch.takeReady());
            assertEquals("item", batch.takeReady());
            assertNull(batch.takeReady());
            assertDone(task.pollNext());
        }
        assertEquals(List.of("take:s", "take:s", "take:s", "poll:s"), seen);
        assertNull(REQUEST.getOrNull());
        assertNull(BatchStream.of(REQUEST.scopeStream("s", ProbeStream.of("a"))), "no batch path to keep");
    }

    @Test
    void closingAScopeTwiceClosesTheInnerFutureOrStreamOnce() {
        ProbeFuture<String> future = new ProbeFuture<>();
        PollFuture<String> scopedFuture = REQUEST.scope("r", future);
        scopedFuture.close();
        scopedFuture.close(); // close() is idempotent (rule 11): the scope owns its inner future
        assertEquals(1, future.closes());
        ProbeStream<String> stream = new ProbeStream<>();
        PollStream<String> scopedStream = REQUEST.scopeStream("r", stream);
        scopedStream.close();
        scopedStream.close();
        assertEquals(1, stream.closes());
    }
}
