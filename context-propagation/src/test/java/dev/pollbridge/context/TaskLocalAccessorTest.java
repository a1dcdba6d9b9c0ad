package dev.pollbridge.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.task.TaskLocal;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link TaskLocalAccessor}: a task-local captured into a snapshot and set from one, in pairs. */
@Timeout(60)
class TaskLocalAccessorTest {

    private static final TaskLocal<String> REQUEST_ID = TaskLocal.create("requestId");
    private static final TaskLocal<String> TENANT = TaskLocal.create("tenant");

    private final ContextRegistry registry = new ContextRegistry()
            .registerThreadLocalAccessor(TaskLocalAccessor.of("requestId", REQUEST_ID))
            .registerThreadLocalAccessor(TaskLocalAccessor.of("tenant", TENANT));
    private final ContextSnapshotFactory snapshots = ContextSnapshotFactory.builder().contextRegistry(registry).build();

    private static <T> T onAnotherThread(Callable<T> body) throws Exception {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                result.set(body.call());
            } catch (Throwable e) {
                result.set(e);
            }
        });
        thread.start();
        thread.join();
        if (result.get() instanceof Exception) {
            throw (Exception) result.get();
        }
        @SuppressWarnings("unchecked")
        T value = (T) result.get();
        return value;
    }

    @Test
    void aValueBoundByAScopeIsCapturedAndSetOnAnotherThread() throws Exception {
        ContextSnapshot snapshot = REQUEST_ID.syncScope("req-7", () -> TENANT.syncScope("acme", snapshots::captureAll));
        assertFalse(REQUEST_ID.isBound());
        String seen = onAnotherThread(() -> {
            String inside;
            try (ContextSnapshot.Scope scope = snapshot.setThreadLocals()) {
                inside = REQUEST_ID.get() + "/" + TENANT.get();
            }
            return inside + " then " + REQUEST_ID.getOrNull() + "/" + TENANT.getOrNull();
        });
        assertEquals("req-7/acme then null/null", seen);
    }

    @Test
    void setThenRestoreLeavesExactlyTheBindingsThatWereThere() {
        ContextSnapshot snapshot = REQUEST_ID.syncScope("from-snapshot", () -> TENANT.syncScope("t1", snapshots::captureAll));
        String seen = REQUEST_ID.syncScope("outer", () -> {
            String during;
            try (ContextSnapshot.Scope scope = snapshot.setThreadLocals()) {
                // Nested: a second snapshot set over the first, restored first.
                ContextSnapshot inner = REQUEST_ID.syncScope("inner", snapshots::captureAll);
                try (ContextSnapshot.Scope nested = inner.setThreadLocals()) {
                    during = REQUEST_ID.get() + "/" + TENANT.get();
                }
                during += " | " + REQUEST_ID.get() + "/" + TENANT.get();
            }
            return during + " | " + REQUEST_ID.get() + "/" + TENANT.getOrNull();
        });
        assertEquals("inner/t1 | from-snapshot/t1 | outer/null", seen);
        assertNull(REQUEST_ID.getOrNull());
    }

    @Test
    void clearMissingHidesAValueTheSnapshotLacks() {
        ContextSnapshotFactory clearing = ContextSnapshotFactory.builder().contextRegistry(registry).clearMissing(true).build();
        ContextSnapshot empty = clearing.captureAll(); // nothing bound here
        String seen = REQUEST_ID.syncScope("bound", () -> {
            String during;
            try (ContextSnapshot.Scope scope = empty.setThreadLocals()) {
                during = String.valueOf(REQUEST_ID.getOrNull());
            }
            return during + " then " + REQUEST_ID.get();
        });
        assertEquals("null then bound", seen);
    }

    @Test
    void aTaskSpawnedThroughContextPropagationInheritsTheTaskLocal() {
        ContextPropagation context = ContextPropagation.using(snapshots);
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            String seen = runtime.blockOn(REQUEST_ID.scope("req-9", cx -> {
                // Inside the parent's poll: the child captures the parent's task-local at its spawn.
                return Poll.ready(context.spawn(runtime, c -> Poll.ready(REQUEST_ID.get())));
            }).flatMap(child -> child));
            assertEquals("req-9", seen);
            // A plain spawn does not inherit (TaskLocal's own rule).
            assertThrows(IllegalStateException.class, () -> runtime.blockOn(REQUEST_ID.scope("req-10",
                    cx -> Poll.ready(runtime.spawn(c -> Poll.ready(REQUEST_ID.get())))).flatMap(child -> child)));
        }
    }

    @Test
    void restoreWithoutAPendingSetIsANoOp() {
        TaskLocalAccessor<String> accessor = TaskLocalAccessor.of("requestId", REQUEST_ID);
        String seen = REQUEST_ID.syncScope("kept", () -> {
            accessor.restore("anything");
            accessor.restore();
            return REQUEST_ID.get();
        });
        assertEquals("kept", seen);
    }

    @Test
    void restoresInAnyOrderTakeOutOnlyTheirOwnBinding() {
        TaskLocalAccessor<String> ids = TaskLocalAccessor.of("requestId", REQUEST_ID);
        TaskLocalAccessor<String> tenants = TaskLocalAccessor.of("tenant", TENANT);
        ids.setValue("id");
        tenants.setValue("tenant");
        ids.restore(); // not the latest set: Micrometer restores in registry order
        tenants.restore();
        assertEquals("null/null", REQUEST_ID.getOrNull() + "/" + TENANT.getOrNull());
        // The same inside a scope that must survive both restores.
        String seen = TENANT.syncScope("scoped", () -> {
            ids.setValue("id2");
            tenants.setValue("tenant2");
            ids.restore();
            tenants.restore();
            return REQUEST_ID.getOrNull() + "/" + TENANT.getOrNull();
        });
        assertEquals("null/scoped", seen);
        assertEquals("null/null", REQUEST_ID.getOrNull() + "/" + TENANT.getOrNull());
        assertThrows(NullPointerException.class, () -> ids.setValue(null));
    }
}
