package dev.pollbridge.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link TaskLocal#createInheritable}: spawned tasks get the values bound where they were spawned. */
class InheritableTaskLocalTest {

    private static final TaskLocal<String> TENANT = TaskLocal.createInheritable("tenant");
    private static final TaskLocal<String> REQUEST = TaskLocal.create("request");

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("inherit-").build();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void aTaskSpawnedInsideAScopeInheritsTheValueAndAPlainTaskLocalIsNotInherited() {
        PollFuture<List<String>> parent = REQUEST.scope("req-1", TENANT.scope("acme", Futures.lazy(() ->
                runtime.spawn(Futures.lazy(() -> List.of(String.valueOf(TENANT.getOrNull()),
                        String.valueOf(REQUEST.getOrNull())))))).flatMap(handle -> handle));
        assertEquals(List.of("acme", "null"), runtime.blockOn(runtime.spawn(parent)));
        assertTrue(TENANT.isInheritable());
        assertFalse(REQUEST.isInheritable());
    }

    @Test
    void inheritanceIsTransitiveAndAnInnerScopeShadowsIt() {
        PollFuture<String> grandchild = Futures.lazy(() -> TENANT.getOrNull());
        PollFuture<String> parent = TENANT.scope("acme", Futures.lazy(() -> runtime.spawn(
                Futures.lazy(() -> runtime.spawn(grandchild))).flatMap(handle -> handle)).flatMap(handle -> handle));
        assertEquals("acme", runtime.blockOn(runtime.spawn(parent)), "a child's child inherits too");

        PollFuture<String> shadowing = TENANT.scope("acme", Futures.lazy(() -> runtime.spawn(
                TENANT.scope("other", Futures.lazy(TENANT::getOrNull)))).flatMap(handle -> handle));
        assertEquals("other", runtime.blockOn(runtime.spawn(shadowing)));
    }

    @Test
    void theValueIsReadAtTheSpawnAndKeptAfterTheParentsScopeEnds() {
        List<String> seen = new CopyOnWriteArrayList<>();
        JoinHandle<JoinHandle<Void>> spawner = runtime.spawn(TENANT.scope("acme", Futures.lazy(() ->
                runtime.spawn(runtime.sleep(java.time.Duration.ofMillis(20)).map(ignored -> {
                    seen.add(String.valueOf(TENANT.getOrNull()));
                    return null;
                })))));
        JoinHandle<Void> child = runtime.blockOn(spawner); // the parent's task and scope are over
        runtime.blockOn(child);
        assertEquals(List.of("acme"), seen, "the child's polls, after the parent ended, still see it");
    }

    @Test
    void anAsyncBodyAndATaskScopeSpawnWithTheBodysValues() {
        PollFuture<String> body = TENANT.scope("acme", Async.run(() ->
                Async.await(runtime.spawn(Futures.lazy(TENANT::getOrNull)))));
        assertEquals("acme", runtime.blockOn(runtime.spawn(body)), "spawned from the body's thread");

        PollFuture<List<String>> scoped = TENANT.scope("acme", Futures.lazy(() -> {
            TaskScope<String> scope = TaskScope.open(runtime);
            scope.spawn(Futures.lazy(TENANT::getOrNull));
            return scope;
        }).flatMap(scope -> scope.joinAll().inspect(values -> scope.close())));
        assertEquals(List.of("acme"), runtime.blockOn(runtime.spawn(scoped)));
    }

    @Test
    void outsideAnyScopeASpawnInheritsNothing() {
        assertNull(runtime.blockOn(runtime.spawn(Futures.lazy(TENANT::getOrNull))));
    }
}
