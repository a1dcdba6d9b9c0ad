package dev.pollbridge.context;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.MDC;

/**
 * {@link ContextPropagation} with SLF4J's MDC as the thread-local: the value set before the spawn
 * is in every poll, on every worker, and gone from the worker after each poll; nested wrappers
 * restore in stack order.
 */
@Timeout(60)
class MdcPropagationTest {

    private static final String KEY = "requestId";

    /** A registry of its own, so these tests neither see nor leave global accessors. */
    private final ContextRegistry registry = new ContextRegistry()
            // tag::mdc-accessor[]
            .registerThreadLocalAccessor("requestId",
                    () -> MDC.get("requestId"), value -> MDC.put("requestId", value), () -> MDC.remove("requestId"))
            // end::mdc-accessor[]
            ;
    private final ContextPropagation context = ContextPropagation.using(
            ContextSnapshotFactory.builder().contextRegistry(registry).build());
    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("mdc-").build();
    private final ExecutorService wakers = Executors.newSingleThreadExecutor();

    @AfterEach
    void close() {
        runtime.close();
        wakers.shutdownNow();
        MDC.clear();
    }

    /**
     * Pending {@code polls - 1} times, each time woken from another thread (so the next poll may
     * land on either worker); records the MDC value and thread of every poll.
     */
    private final class Recorder implements PollFuture<List<String>> {
        final List<String> seen = new ArrayList<>();
        final Set<String> threads = new HashSet<>();
        final int polls;

        Recorder(int polls) {
            this.polls = polls;
        }

        @Override
        public Poll<List<String>> poll(Context cx) {
            seen.add(MDC.get(KEY));
            threads.add(Thread.currentThread().getName());
            if (seen.size() == polls) {
                return Poll.ready(seen);
            }
            wakers.execute(cx.waker()::wake);
            return Poll.pending();
        }
    }

    /** What MDC holds on the workers now, seen by plain (unwrapped) tasks. */
    private Set<String> mdcOnTheWorkers() {
        Set<String> values = ConcurrentHashMap.newKeySet();
        List<JoinHandle<Void>> probes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            probes.add(runtime.spawn(cx -> {
                values.add(String.valueOf(MDC.get(KEY)));
                return Poll.ready(null);
            }));
        }
        probes.forEach(runtime::blockOn);
        return values;
    }

    @Test
    void theValueSetBeforeSpawnIsInEveryPollAndGoneAfter() {
        int tasks = 20;
        List<Recorder> recorders = new ArrayList<>();
        List<JoinHandle<List<String>>> handles = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            MDC.put(KEY, "req-" + i);
            Recorder recorder = new Recorder(10);
            recorders.add(recorder);
            handles.add(context.spawn(runtime, recorder));
        }
        MDC.put(KEY, "caller");
        Set<String> pollers = new HashSet<>();
        for (int i = 0; i < tasks; i++) {
            assertEquals(java.util.Collections.nCopies(10, "req-" + i), runtime.blockOn(handles.get(i)));
            pollers.addAll(recorders.get(i).threads);
        }
        assertTrue(pollers.stream().allMatch(name -> name.startsWith("mdc-worker-")), pollers::toString);
        assertEquals("caller", MDC.get(KEY), "the spawning thread keeps its own value");
        assertEquals(Set.of("null"), mdcOnTheWorkers(), "nothing left on the workers");
    }

    @Test
    void aPollOnAnyThreadSeesTheSnapshotAndThatThreadGetsItsOwnValueBack() throws Exception {
        MDC.put(KEY, "spawned-with");
        Recorder recorder = new Recorder(3);
        PollFuture<List<String>> wrapped = context.wrap(recorder);
        MDC.remove(KEY);
        Context noWake = Context.of(() -> {});
        AtomicReference<String> afterA = new AtomicReference<>("unset");
        AtomicReference<String> afterB = new AtomicReference<>("unset");
        Thread a = new Thread(() -> {
            wrapped.poll(noWake);
            afterA.set(MDC.get(KEY));
        });
        a.start();
        a.join();
        Thread b = new Thread(() -> {
            MDC.put(KEY, "b-own");
            wrapped.poll(noWake);
            afterB.set(MDC.get(KEY));
        });
        b.start();
        b.join();
        assertTrue(wrapped.poll(noWake).isReady());
        assertEquals(List.of("spawned-with", "spawned-with", "spawned-with"), recorder.seen);
        assertNull(afterA.get(), "thread a had no value and has none after");
        assertEquals("b-own", afterB.get(), "thread b has its own value back");
        assertNull(MDC.get(KEY));
    }

    @Test
    void theDocsExample() {
        // tag::spawn[]
        MDC.put("requestId", "req-42");
        JoinHandle<String> task = context.spawn(runtime, cx -> Poll.ready("logged with " + MDC.get("requestId")));
        MDC.remove("requestId");
        assertEquals("logged with req-42", runtime.blockOn(task)); // on a worker, which had no MDC
        // end::spawn[]
    }

    @Test
    void nestedWrappersRestoreInStackOrder() {
        MDC.put(KEY, "inner");
        Recorder innerRecorder = new Recorder(1);
        PollFuture<List<String>> inner = context.wrap(innerRecorder);
        MDC.put(KEY, "outer");
        List<String> outerSaw = new CopyOnWriteArrayList<>();
        PollFuture<String> outer = context.wrap(cx -> {
            outerSaw.add(MDC.get(KEY));
            Poll<List<String>> innerResult = inner.poll(cx);
            outerSaw.add(MDC.get(KEY)); // the outer value is back, not the inner one and not nothing
            inner.close();
            outerSaw.add(MDC.get(KEY));
            return Poll.ready(innerResult.value().get(0));
        });
        MDC.put(KEY, "poller");
        assertEquals("inner", runtime.blockOn(outer)); // polled on this thread, which has "poller"
        assertEquals(List.of("outer", "outer", "outer"), outerSaw);
        assertEquals("poller", MDC.get(KEY));
    }

    @Test
    void nestedTasksEachKeepTheirOwnValue() {
        MDC.put(KEY, "parent");
        JoinHandle<List<String>> parent = context.spawn(runtime, new PollFuture<>() {
            private JoinHandle<String> child;
            private final List<String> seen = new ArrayList<>();

            @Override
            public Poll<List<String>> poll(Context cx) {
                seen.add(MDC.get(KEY));
                if (child == null) {
                    MDC.put(KEY, "child"); // changed inside the parent's poll, for the child only
                    child = context.spawn(runtime, c -> Poll.ready(MDC.get(KEY)));
                    inheritsInside.set(context.spawn(runtime, c -> Poll.ready(MDC.get(KEY) + "-sibling")));
                }
                Poll<String> done = child.poll(cx);
                seen.add(MDC.get(KEY));
                if (done.isPending()) {
                    return Poll.pending();
                }
                seen.add(done.value());
                return Poll.ready(seen);
            }

            @Override
            public void close() {
                if (child != null) {
                    child.close();
                }
            }
        });
        List<String> seen = runtime.blockOn(parent);
        // The parent's own MDC.put("child") lasts to the end of that poll only: its next polls see
        // "parent" again, because each poll starts from the snapshot.
        assertEquals("parent", seen.get(0));
        assertEquals("child", seen.get(seen.size() - 1), "the child captured the value at its spawn");
        for (int i = 2; i < seen.size() - 1; i++) {
            assertEquals("parent", seen.get(i), seen::toString);
        }
        assertEquals("child-sibling", runtime.blockOn(inheritsInside.get()));
        assertEquals(Set.of("null"), mdcOnTheWorkers());
    }

    private final AtomicReference<JoinHandle<String>> inheritsInside = new AtomicReference<>();

    @Test
    void aWrappedStreamSeesTheValueInEveryPollNext() {
        MDC.put(KEY, "stream");
        AtomicInteger left = new AtomicInteger(3);
        PollStream<String> stream = context.wrapStream(cx -> left.getAndDecrement() > 0 ? Poll.ready(MDC.get(KEY)) : Poll.done());
        MDC.clear();
        Context cx = Context.of(() -> {});
        List<String> items = new ArrayList<>();
        for (Poll<String> next = stream.pollNext(cx); next.isReady(); next = stream.pollNext(cx)) {
            items.add(next.value());
            assertNull(MDC.get(KEY));
        }
        stream.close();
        assertEquals(List.of("stream", "stream", "stream"), items);
    }

    @Test
    void closeRunsWithTheSnapshotToo() {
        MDC.put(KEY, "closing");
        AtomicReference<String> inClose = new AtomicReference<>();
        PollFuture<String> wrapped = context.wrap(new PollFuture<>() {
            @Override
            public Poll<String> poll(Context cx) {
                return Poll.pending();
            }

            @Override
            public void close() {
                inClose.set(MDC.get(KEY));
            }
        });
        MDC.clear();
        JoinHandle<String> handle = runtime.spawn(wrapped);
        handle.abort();
        await().until(() -> inClose.get() != null);
        assertEquals("closing", inClose.get());
    }

    @Test
    void withoutTheWrapperNothingIsCarried() {
        MDC.put(KEY, "not-carried");
        Map<String, String> seen = new ConcurrentHashMap<>();
        runtime.blockOn(runtime.spawn(cx -> {
            seen.put("value", String.valueOf(MDC.get(KEY)));
            return Poll.ready(null);
        }));
        assertEquals("null", seen.get("value"));
    }
}
