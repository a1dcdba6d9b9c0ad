package dev.pollbridge.runtime.task;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import org.junit.jupiter.api.Nested;

/**
 * {@link Coop#consumeBudget()} and {@link Coop#unconstrained} keep the contract. The contract polls
 * on its own threads, outside any task, where the budget is unlimited: {@code consumeBudget} is
 * ready at its first poll there (its pending turn under a spent budget is covered by
 * {@code CoopTest}).
 */
class CoopContractTest {

    @Nested
    class ConsumeBudget extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            return FutureSubject.of(Coop.consumeBudget()).readyAtOnce(null);
        }
    }

    /** The wrapped future's outcome and close pass through unchanged. */
    @Nested
    class Unconstrained extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(Coop.unconstrained(inner))
                    .completesWith("value", () -> inner.complete("value"))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner));
        }
    }
}
