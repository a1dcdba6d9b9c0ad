package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.exceptions.UndeliverableException;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 23, item 5, the RxJava side of kotlinx-rx3's {@code LeakedExceptionTest}: a
 * {@code rxSingle} or {@code rxFlowable} body whose failure races its cancellation reports it to
 * {@code RxJavaPlugins.onError} (as an {@code UndeliverableException}), never to the runtime's
 * uncaught-failure handler. 10,000 rounds, at most 30 seconds, in the mode of the JVM.
 */
class RxJavaBodyErrorsAfterCancelTest {

    private static final int ROUNDS = 10_000;
    private static final long BUDGET_NANOS = 30_000_000_000L;

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final List<Throwable> unexpected = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("rx-leaked-").uncaughtFailureHandler(uncaught::add).build();
        RxJavaPlugins.setErrorHandler(error -> {
            if (!(error instanceof UndeliverableException && error.getCause() instanceof TestException)) {
                unexpected.add(error);
            }
        });
    }

    @AfterEach
    void stop() {
        RxJavaPlugins.reset();
        runtime.close();
    }

    static final class TestException extends RuntimeException {
        TestException() {
            super("thrown by a builder body", null, false, false);
        }
    }

    @Test
    @Timeout(90)
    void noBodyFailureAfterCancellationReachesTheRuntimesHandler() {
        Flowable<String> single = SingleBridge.<String>rxSingle(() -> {
            throw new TestException();
        }, runtime).toFlowable();
        Flowable<String> flowable = FlowableBridge.rxFlowable(emitter -> {
            emitter.emit("x");
            throw new TestException();
        }, runtime);
        long deadline = System.nanoTime() + BUDGET_NANOS;
        int rounds = 0;
        for (; rounds < ROUNDS && System.nanoTime() - deadline < 0; rounds++) {
            Flowable<String> source = rounds % 2 == 0 ? single : flowable;
            Flowable.combineLatest(source, source, (a, b) -> a + b)
                    .onErrorResumeNext(error -> Flowable.empty())
                    .blockingSubscribe();
        }
        await().until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(), uncaught, "failures that reached the runtime's handler in " + rounds + " rounds");
        assertEquals(List.of(), unexpected);
        assertTrue(rounds > 0); // bounded in rounds and time: a loaded machine may stop at the time bound
    }
}
