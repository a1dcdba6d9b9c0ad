package dev.pollbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task that yields while its worker has nothing else to run (a stream bridge draining its
 * budget's worth of items per poll) stays on that worker: its yields wake no parked worker, which
 * would only steal it and move it, with its working set, between threads at every yield.
 */
@Timeout(60)
class YieldingAloneTest {

    private static final int YIELDS = 20_000;

    @Test
    void aTaskYieldingWithNothingElseQueuedWakesNoOtherWorker() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null))); // both workers started
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            PollRuntimeMetrics before = runtime.metrics();
            int polls = runtime.blockOn(runtime.spawn(new Yielder(threads)));
            PollRuntimeMetrics after = runtime.metrics();
            assertEquals(YIELDS + 1, polls);
            // Without the rule, a yield into an empty queue unparked the other worker whenever
            // none was searching, and it often stole the task: 219 parks and 126 steals in a run
            // of this test, the polls split 9,759 / 10,243 between the workers. With it: 1 park,
            // 0 to 6 steals (the other worker still searching at the start).
            long parks = after.parks() - before.parks();
            long steals = after.steals() - before.steals();
            assertTrue(parks < 50, parks + " parks during " + YIELDS + " yields; " + after);
            assertTrue(steals < 50, steals + " steals during " + YIELDS + " yields; threads " + threads);
        }
    }

    /** Wakes itself and returns pending {@link #YIELDS} times, then its number of polls. */
    private static final class Yielder implements PollFuture<Integer> {
        private final Set<Thread> threads;
        private int polls;

        Yielder(Set<Thread> threads) {
            this.threads = threads;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            threads.add(Thread.currentThread());
            if (++polls > YIELDS) {
                return Poll.ready(polls);
            }
            cx.waker().wake();
            return Poll.pending();
        }
    }
}
