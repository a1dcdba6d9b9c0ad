package dev.pollbridge.api;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import org.junit.jupiter.api.Nested;

/**
 * {@link Futures#shared} and its clones ({@link SharedFuture#share()}) keep the contract: the
 * first clone alone, a clone that is the last one left, and a clone while another stays open
 * (whose close only drops that clone: the work underneath is not cancelled).
 */
class SharedFutureContractTest {

    /** The first clone, the only one: its close is the last, so it cancels the work. */
    @Nested
    class FirstClone extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> work = new ProbeFuture<>();
            return FutureSubject.of(Futures.<String>shared(work))
                    .completesWith("value", () -> work.complete("value"))
                    .failsWith(work::fail)
                    .upstream(Upstream.of(work));
        }
    }

    /** A clone whose first clone was closed before it was polled: it is the last one left. */
    @Nested
    class LastClone extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> work = new ProbeFuture<>();
            SharedFuture<String> first = Futures.shared(work);
            SharedFuture<String> clone = first.share();
            first.close();
            return FutureSubject.of(clone)
                    .completesWith("value", () -> work.complete("value"))
                    .failsWith(work::fail)
                    .upstream(Upstream.of(work));
        }
    }

    /**
     * A clone while the first stays open: closing the clone detaches from the work, which runs on
     * for the other; the first is closed at the end of each check (and then cancels it).
     */
    @Nested
    class CloneWhileAnotherIsOpen extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> work = new ProbeFuture<>();
            SharedFuture<String> first = Futures.shared(work);
            return FutureSubject.of(first.share())
                    .completesWith("value", () -> work.complete("value"))
                    .failsWith(work::fail)
                    .upstream(Upstream.of(work))
                    .closeDetaches()
                    .closing(first);
        }
    }
}
