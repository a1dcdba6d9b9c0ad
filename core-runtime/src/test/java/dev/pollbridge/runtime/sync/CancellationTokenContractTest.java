package dev.pollbridge.runtime.sync;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Nested;

/**
 * {@link CancellationToken#cancelled()} completes on a cancel of the token or of an ancestor;
 * {@link CancellationToken#runUntilCancelled} passes on its work's outcome, or closes the work and
 * fails when the token is cancelled. A closed waiter leaves the token's queue.
 */
class CancellationTokenContractTest {

    @Nested
    class Cancelled extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            CancellationToken token = new CancellationToken();
            return FutureSubject.of(token.cancelled())
                    .completesWith(null, token::cancel)
                    .upstream(Upstream.queued("place among the token's waiters", WaitQueues.nonEmpty(token, "waiters")));
        }
    }

    @Nested
    class CancelledThroughTheParent extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            CancellationToken parent = new CancellationToken();
            CancellationToken child = parent.childToken();
            return FutureSubject.of(child.cancelled())
                    .completesWith(null, parent::cancel)
                    .upstream(Upstream.queued("place among the token's waiters", WaitQueues.nonEmpty(child, "waiters")));
        }
    }

    @Nested
    class RunUntilCancelled extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CancellationToken token = new CancellationToken();
            ProbeFuture<String> work = new ProbeFuture<>();
            return FutureSubject.of(token.runUntilCancelled(work))
                    .completesWith("done", () -> work.complete("done"))
                    .fails(token::cancel, CancellationException.class)
                    .upstream(Upstream.of(work),
                            Upstream.queued("place among the token's waiters", WaitQueues.nonEmpty(token, "waiters")));
        }

        /** It forwards its work's value; closed unread, it closes the work, which drops the value. */
        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            CancellationToken token = new CancellationToken();
            ProbeFuture<AutoCloseable> work = new ProbeFuture<>();
            return FutureSubject.of(token.runUntilCancelled(work)).completesWith(value, () -> work.complete(value));
        }
    }

    @Nested
    class RunUntilCancelledFailing extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CancellationToken token = new CancellationToken();
            ProbeFuture<String> work = new ProbeFuture<>();
            return FutureSubject.of(token.runUntilCancelled(work))
                    .completesWith("done", () -> work.complete("done"))
                    .failsWith(work::fail)
                    .upstream(Upstream.of(work));
        }
    }
}
