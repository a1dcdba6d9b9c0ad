package dev.pollbridge.runtime;

import dev.pollbridge.runtime.async.AsyncMode;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Many bodies suspended at once, then all resumed: 100,000 on virtual threads, 200 on the
 * Java 17 pool (whose default bound is 256). Prints the heap cost per suspended body.
 */
class AsyncManyBodiesTest {

    private static final Duration PATIENCE = Duration.ofMinutes(2);

    @Test
    void manyBodiesSuspendTogetherAndAllFinish() throws InterruptedException {
        boolean virtual = Async.mode() != AsyncMode.PLATFORM_THREAD;
        int count = virtual ? 100_000 : 200;
        List<ProbeFuture<Integer>> gates = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            gates.add(new ProbeFuture<>());
        }
        List<PollFuture<Integer>> futures = new ArrayList<>(count);
        AtomicInteger suspended = new AtomicInteger();
        AtomicInteger resumed = new AtomicInteger();
        CountingWaker waker = new CountingWaker();
        Context cx = Context.of(waker);

        long heapBefore = usedHeapAfterGc();
        for (int i = 0; i < count; i++) {
            ProbeFuture<Integer> gate = gates.get(i);
            PollFuture<Integer> future = Async.run(() -> {
                suspended.incrementAndGet();
                int value = Async.await(gate);
                resumed.incrementAndGet();
                return value + 1;
            });
            futures.add(future);
            assertPending(future.poll(cx));
        }
        // Each body hands its await to its owner; the owner's next poll polls the gate.
        BitSet waiting = new BitSet(count);
        await().pollInSameThread().atMost(PATIENCE).pollInterval(Duration.ofMillis(20)).until(() -> {
            for (int i = waiting.nextClearBit(0); i < count; i = waiting.nextClearBit(i + 1)) {
                assertPending(futures.get(i).poll(cx));
                if (gates.get(i).hasWaker()) {
                    waiting.set(i);
                }
            }
            return waiting.cardinality() == count;
        });
        assertEquals(count, suspended.get());
        long heapSuspended = usedHeapAfterGc();
        System.out.printf("Async many bodies: %,d suspended on %s; heap after GC grew by %,d bytes, %,d bytes per body%n",
                count, virtual ? "virtual threads" : "pooled platform threads (native stacks not counted)",
                heapSuspended - heapBefore, (heapSuspended - heapBefore) / count);

        Thread completer = new Thread(() -> {
            for (int i = 0; i < count; i++) {
                gates.get(i).complete(i);
            }
        }, "completer");
        completer.start();
        completer.join(PATIENCE.toMillis());
        await().atMost(PATIENCE).until(() -> waker.count() > 0);

        BitSet ready = new BitSet(count);
        await().pollInSameThread().atMost(PATIENCE).pollInterval(Duration.ofMillis(20)).until(() -> {
            for (int i = ready.nextClearBit(0); i < count; i = ready.nextClearBit(i + 1)) {
                Poll<Integer> poll = futures.get(i).poll(cx);
                if (poll.isReady()) {
                    assertEquals(i + 1, poll.value());
                    ready.set(i);
                }
            }
            return ready.cardinality() == count;
        });
        assertEquals(count, resumed.get());
        for (int i = 0; i < count; i++) {
            futures.get(i).close();
            assertEquals(1, gates.get(i).closes());
        }
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        java.lang.Runtime jvm = java.lang.Runtime.getRuntime();
        return jvm.totalMemory() - jvm.freeMemory();
    }
}
