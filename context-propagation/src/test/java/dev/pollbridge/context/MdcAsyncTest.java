package dev.pollbridge.context;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.sync.Promise;
import io.micrometer.context.ContextRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.MDC;

/**
 * Thread-locals and {@code Async} bodies (issue 23, items 3 and 5; issue 24, item 11), in the mode
 * of the JVM (CI runs this class in both): MDC set where a task is spawned through
 * {@link ContextPropagation} reaches every resume of its body, and a thread-local a body sets does
 * not leak into the next task on its worker. The thread-locals are registered in the global
 * {@code ContextRegistry}, which {@link RegistryCarrier} carries.
 */
@Timeout(60)
class MdcAsyncTest {

    private static final String KEY = "requestId";
    private static final ThreadLocal<String> TENANT = new ThreadLocal<>();

    static {
        ContextRegistry.getInstance()
                .registerThreadLocalAccessor(KEY, () -> MDC.get(KEY), value -> MDC.put(KEY, value), () -> MDC.remove(KEY))
                .registerThreadLocalAccessor("tenant", TENANT);
    }

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("mdc-async-").build();

    @AfterEach
    void close() {
        runtime.close();
        MDC.clear();
        TENANT.remove();
    }

    @Test
    void mdcSetAtTheSpawnReachesEveryResumeOfTheBody() {
        Promise<String> first = Promise.create();
        Promise<String> second = Promise.create();
        var firstRead = first.future();
        var secondRead = second.future();
        List<String> seen = new CopyOnWriteArrayList<>();
        MDC.put(KEY, "req-42");
        TENANT.set("tenant-7"); // a plain ThreadLocal: no thread inherits it (SLF4J's MDC may be inheritable)
        JoinHandle<String> handle = ContextPropagation.create().spawn(runtime, Async.run(() -> {
            seen.add(MDC.get(KEY) + "|" + TENANT.get());
            String a = Async.await(firstRead);
            seen.add(MDC.get(KEY) + "|" + TENANT.get());
            String b = Async.await(secondRead);
            seen.add(MDC.get(KEY) + "|" + TENANT.get());
            return a + b;
        }));
        MDC.remove(KEY);
        TENANT.remove();
        await().until(() -> seen.size() == 1);
        first.complete("a");
        await().until(() -> seen.size() == 2);
        second.complete("b");
        assertEquals("ab", runtime.blockOn(handle));
        assertEquals(List.of("req-42|tenant-7", "req-42|tenant-7", "req-42|tenant-7"), seen);
        assertNull(MDC.get(KEY));
    }

    @Test
    void aThreadLocalABodySetsDoesNotLeakIntoTheNextTaskOnItsWorker() {
        Promise<String> gate = Promise.create();
        var gateRead = gate.future();
        List<String> bodySaw = new CopyOnWriteArrayList<>();
        AtomicBoolean set = new AtomicBoolean();
        JoinHandle<String> body = runtime.spawn(Async.run(() -> {
            TENANT.set("body's tenant");
            MDC.put(KEY, "body's request");
            set.set(true);
            String value = Async.await(gateRead); // suspends: the worker runs other tasks meanwhile
            bodySaw.add(TENANT.get() + "|" + MDC.get(KEY));
            return value;
        }));
        await().untilTrue(set);
        // One worker: this task runs on the thread the body ran on (continuation mode).
        String neighbour = runtime.blockOn(runtime.spawn(cx -> Poll.ready(TENANT.get() + "|" + MDC.get(KEY))));
        assertEquals("null|null", neighbour, "the body's thread-locals stayed with the body's resume");
        gate.complete("go");
        assertEquals("go", runtime.blockOn(body));
        // What the body set lasts until its suspension: at its resume it sees its owner's values.
        assertEquals(List.of("null|null"), bodySaw);
    }
}
