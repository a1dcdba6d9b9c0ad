package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Rule 16 on a real runtime: a channel that is always ready cannot starve its consumer's worker. */
class ChannelBudgetTest {

    /** Enough items for a starved neighbour to be obvious, few enough to stay fast if it is. */
    private static final int GIVE_UP_AFTER = 1_000_000;

    @Test
    void aConsumerLoopingOnAnAlwaysReadyChannelLetsItsNeighbourRun() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("channel-budget-").build()) {
            Channel<Integer> channel = Channel.bounded(4);
            channel.trySend(0);
            PollStream<Integer> items = channel.stream();
            AtomicBoolean neighbourRan = new AtomicBoolean();
            AtomicInteger consumed = new AtomicInteger();
            AtomicBoolean spawned = new AtomicBoolean();
            // Consumes in a loop inside one poll (like forEach) and puts each item back, so the
            // channel is never empty: only the poll budget can make this poll return.
            JoinHandle<Boolean> greedy = runtime.spawn(cx -> {
                if (spawned.compareAndSet(false, true)) {
                    runtime.spawn(neighbourCx -> {
                        neighbourRan.set(true);
                        return Poll.ready(null);
                    }).close();
                }
                while (!neighbourRan.get()) {
                    Poll<Integer> item = items.pollNext(cx);
                    if (item.isPending()) {
                        return Poll.pending();
                    }
                    channel.trySend(item.value());
                    if (consumed.incrementAndGet() >= GIVE_UP_AFTER) {
                        return Poll.ready(false); // the neighbour never got the worker
                    }
                }
                return Poll.ready(true);
            });
            assertTrue(runtime.blockOn(greedy), "the neighbour ran only after " + consumed.get() + " items");
            items.close();
        }
    }
}
