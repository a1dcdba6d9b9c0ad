package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Rule 16 for a primitive that is always ready (or always failing): a task that loops on it
 * inside one poll gets {@code pending} within its budget, so its neighbours run. The port of
 * Tokio's {@code *_is_cooperative} tests, which select (biased) between such a loop and
 * {@code yield_now()}.
 */
final class Cooperation {

    /** Far more than a poll's budget (128): a loop that gets this far was never stopped. */
    private static final int GIVE_UP_AFTER = 100_000;

    private Cooperation() {}

    /**
     * Runs, in a task, a loop that makes a future with {@code next}, polls it once and closes it,
     * until a poll answers pending; fails if none does within {@link #GIVE_UP_AFTER} rounds.
     */
    static void assertLoopYields(Supplier<PollFuture<?>> next) {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("cooperation-").build()) {
            AtomicInteger rounds = new AtomicInteger();
            boolean yielded = runtime.blockOn(runtime.spawn(cx -> {
                if (rounds.get() > 0) {
                    return Poll.ready(true); // polled again after the pending: it yielded
                }
                while (rounds.incrementAndGet() < GIVE_UP_AFTER) {
                    try (PollFuture<?> future = next.get()) {
                        if (future.poll(cx).isPending()) {
                            return Poll.pending();
                        }
                    }
                }
                return Poll.ready(false);
            }));
            assertTrue(yielded, "the loop never yielded in " + rounds.get() + " rounds");
        }
    }
}
