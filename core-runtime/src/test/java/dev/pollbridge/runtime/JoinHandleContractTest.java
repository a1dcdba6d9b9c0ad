package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;

/**
 * {@link JoinHandle} keeps the future contract, except where rule 13 says otherwise: the task
 * runs from its spawn (not lazy), and closing the handle detaches instead of cancelling.
 */
class JoinHandleContractTest {

    private PollRuntime runtime;

    @BeforeEach
    void startRuntime() {
        runtime = PollRuntime.builder().workers(1).build();
    }

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** The task's future completes or fails. */
    @Nested
    class Joined extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> work = new ProbeFuture<>();
            return FutureSubject.of(runtime.spawn(work))
                    .completesWith("done", () -> work.complete("done"))
                    .failsWith(work::fail)
                    .startsEagerly()
                    .closeDetaches();
        }

        /** A value nobody joins is dropped by the task (detached) or by the handle's close (finished). */
        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            ProbeFuture<AutoCloseable> work = new ProbeFuture<>();
            return FutureSubject.of(runtime.spawn(work))
                    .completesWith(value, () -> work.complete(value))
                    .startsEagerly()
                    .closeDetaches();
        }
    }

    /** {@code abort()} ends the task: the handle fails with {@link CancellationException}. */
    @Nested
    class Aborted extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            JoinHandle<String> handle = runtime.spawn(new ProbeFuture<>());
            return FutureSubject.of((PollFuture<String>) handle)
                    .fails(handle::abort, CancellationException.class)
                    .startsEagerly()
                    .closeDetaches();
        }
    }
}
