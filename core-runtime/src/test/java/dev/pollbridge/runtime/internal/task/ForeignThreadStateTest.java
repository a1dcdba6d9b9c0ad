package dev.pollbridge.runtime.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.PollRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ForeignThreadState}: a thread that is not a runtime thread keeps its budget, its
 * installed unwind scope and its current task apart from every other thread's, and a
 * {@code blockOn} on it grants a budget and installs its engine only for the call, nested calls
 * included.
 */
@Timeout(10)
class ForeignThreadStateTest {

    /** A scope for the tests that only has to be told apart from another. */
    private static UnwindScope scope() {
        return new UnwindScope() {
            @Override
            public Unwind register(String body) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void reportUncaught(Throwable failure, String source) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Task<?> ownerTask() {
                return null;
            }
        };
    }

    @Test
    void eachThreadKeepsItsOwnBudgetAndScope() throws Exception {
        UnwindScope mine = scope();
        int previousBudget = CoopBudget.set(5);
        UnwindScope previousScope = UnwindScopes.install(mine);
        try {
            List<Object> seenElsewhere = CompletableFuture.supplyAsync(() -> {
                List<Object> seen = new ArrayList<>();
                seen.add(CoopBudget.remaining());
                seen.add(UnwindScopes.installed());
                CoopBudget.set(2); // changes only that thread's state
                UnwindScopes.install(scope());
                return seen;
            }, runnable -> new Thread(runnable).start()).get();
            assertEquals(CoopBudget.unlimited(), seenElsewhere.get(0));
            assertNull(seenElsewhere.get(1));
            assertEquals(5, CoopBudget.remaining());
            assertSame(mine, UnwindScopes.installed());
            assertSame(mine, UnwindScopes.current());
        } finally {
            UnwindScopes.restore(previousScope);
            CoopBudget.set(previousBudget);
        }
    }

    @Test
    void blockOnGrantsABudgetAndInstallsItsEngineForTheCallOnly() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            List<Object> seen = new ArrayList<>();
            runtime.blockOn(cx -> {
                seen.add(CoopBudget.remaining());
                seen.add(UnwindScopes.installed());
                return Poll.ready(null);
            });
            assertEquals(CoopBudget.PER_POLL, seen.get(0));
            assertNotNull(seen.get(1)); // the runtime's engine, so an Async body cancelled here registers with it
            assertEquals(CoopBudget.unlimited(), CoopBudget.remaining());
            assertNull(UnwindScopes.installed());
            assertNull(Task.current());
        }
    }

    @Test
    void aNestedBlockOnPutsTheOuterEngineBack() {
        try (PollRuntime outer = PollRuntime.builder().workers(1).build();
                PollRuntime inner = PollRuntime.builder().workers(1).build()) {
            List<Object> seen = new ArrayList<>();
            outer.blockOn(cx -> {
                seen.add(UnwindScopes.installed());
                seen.add(inner.blockOn(innerCx -> Poll.ready(UnwindScopes.installed())));
                seen.add(UnwindScopes.installed());
                seen.add(CoopBudget.remaining());
                return Poll.ready(null);
            });
            assertNotNull(seen.get(0));
            assertNotNull(seen.get(1));
            assertNotSame(seen.get(0), seen.get(1));
            assertSame(seen.get(0), seen.get(2));
            assertEquals(CoopBudget.PER_POLL, seen.get(3)); // the inner call restored the outer poll's budget
            assertNull(UnwindScopes.installed());
        }
    }
}
