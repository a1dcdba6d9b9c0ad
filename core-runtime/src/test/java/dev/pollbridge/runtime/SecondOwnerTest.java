package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.runtime.task.TaskScope;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reliability item 6: a future has one owner (rule 11). Spawning the same future twice left one
 * handle that never completed (or raced the value out twice); now the second hand-over fails at
 * once, with a message that names the rule and the fix, and the first owner is unharmed.
 */
@Timeout(60)
class SecondOwnerTest {

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(2).uncaughtFailureHandler(uncaught::add).build();

    @AfterEach
    void stop() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    /** The refusal names rule 11 and the fix: a Supplier that builds a future per owner. */
    static void assertSaysTheFix(Throwable refusal) {
        String message = refusal.getMessage();
        assertTrue(message.contains("rule 11") && message.contains("Supplier"), message);
    }

    @Test
    void spawningTheSameFutureTwiceRefusesTheSecondSpawnAndTheFirstTaskGetsTheValue() {
        Promise<String> promise = new Promise<>();
        PollFuture<String> future = promise.future();
        JoinHandle<String> first = runtime.spawn(future);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> runtime.spawn(future));
        assertSaysTheFix(refused);
        assertTrue(refused.getMessage().contains("PollRuntime.spawn"), refused.getMessage());
        promise.complete("value");
        assertEquals("value", runtime.blockOn(first));
    }

    @Test
    void blockOnOfAFutureATaskOwnsIsRefusedAndTheTaskRunsOn() {
        Promise<String> promise = new Promise<>();
        PollFuture<String> future = promise.future();
        JoinHandle<String> task = runtime.spawn(future);
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> runtime.blockOn(future)));
        promise.complete("value");
        assertEquals("value", runtime.blockOn(task));
    }

    @Test
    void aJoinHandleAwaitedByTwoOwnersRefusesTheSecond() {
        Promise<String> promise = new Promise<>();
        JoinHandle<String> handle = runtime.spawn(promise.future());
        PollFuture<Object> select = Futures.select(handle, Futures.pending());
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> runtime.blockOn(handle)));
        promise.complete("value");
        assertEquals("value", runtime.blockOn(select));
    }

    @Test
    void aTaskScopeRefusesAFutureSomebodyElseOwns() {
        Promise<String> promise = new Promise<>();
        PollFuture<String> future = promise.future();
        JoinHandle<String> task = runtime.spawn(future);
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            assertSaysTheFix(assertThrows(IllegalStateException.class, () -> scope.spawn(future)));
        }
        promise.complete("value");
        assertEquals("value", runtime.blockOn(task));
    }

    @Test
    void aPollAfterTheEndSaysTheFix() {
        PollFuture<String> ready = Futures.ready("once");
        ready.poll(Context.of(() -> {}));
        assertSaysTheFix(assertThrows(IllegalStateException.class, () -> ready.poll(Context.of(() -> {}))));
    }

    /** Two threads spawn the same future at once: exactly one spawn wins, the other is refused. */
    @Test
    void twoThreadsSpawningOneFutureAtOnceGiveItExactlyOneOwnerStress() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        int rounds = 0;
        for (; rounds < 2_000 && System.nanoTime() - deadline < 0; rounds++) {
            Promise<Integer> promise = new Promise<>();
            PollFuture<Integer> future = promise.future();
            CyclicBarrier start = new CyclicBarrier(2);
            AtomicReference<Object> other = new AtomicReference<>();
            Thread racer = new Thread(() -> other.set(spawnAfter(start, future)));
            racer.start();
            Object mine = spawnAfter(start, future);
            racer.join(10_000);
            int round = rounds;
            List<Object> outcomes = List.of(mine, other.get());
            JoinHandle<?> winner = (JoinHandle<?>) outcomes.stream().filter(o -> o instanceof JoinHandle)
                    .reduce((a, b) -> {
                        throw new AssertionError("round " + round + ": both spawns were accepted");
                    })
                    .orElseThrow(() -> new AssertionError("round " + round + ": both spawns were refused"));
            outcomes.stream().filter(o -> !(o instanceof JoinHandle)).forEach(o -> assertSaysTheFix((Throwable) o));
            promise.complete(round);
            assertEquals(round, runtime.blockOn(winner));
        }
        assertTrue(rounds >= 200, "ran " + rounds + " rounds");
    }

    private Object spawnAfter(CyclicBarrier start, PollFuture<Integer> future) {
        try {
            start.await(10, TimeUnit.SECONDS);
            return runtime.spawn(future);
        } catch (IllegalStateException refused) {
            return refused;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theRefusalDoesNotCloseTheFutureItRefused() {
        Promise<String> promise = new Promise<>();
        PollFuture<String> future = promise.future();
        JoinHandle<String> task = runtime.spawn(future);
        assertThrows(IllegalStateException.class, () -> runtime.blockOn(future)); // blockOn closes what it owns
        assertTrue(!promise.isClosed(), "the reader belongs to the task, which still waits on it");
        promise.complete("value");
        assertEquals("value", runtime.blockOn(task));
    }
}
