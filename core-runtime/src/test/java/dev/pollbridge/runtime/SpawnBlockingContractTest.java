package dev.pollbridge.runtime;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * {@link PollRuntime#spawnBlocking}: not lazy (the work is submitted at once, as documented), and
 * closing it interrupts the running job, which the job sees on its pool thread.
 */
class SpawnBlockingContractTest extends PollFutureContract<String> {

    private PollRuntime runtime;

    @BeforeEach
    void startRuntime() {
        runtime = PollRuntime.builder().workers(1).blockingThreads(4).build();
    }

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Override
    protected FutureSubject<String> subject() {
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicInteger started = new AtomicInteger();
        AtomicInteger interrupted = new AtomicInteger();
        return FutureSubject.of(runtime.spawnBlocking(() -> {
            started.incrementAndGet();
            try {
                go.await();
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
                throw e;
            }
            if (failure.get() != null) {
                throw failure.get();
            }
            return "done";
        }))
                .completesWith("done", go::countDown)
                .failsWith(error -> {
                    failure.set(error);
                    go.countDown();
                })
                .startsEagerly()
                .upstream(Upstream.counting("blocking job", started::get, interrupted::get).reachedAsynchronously());
    }

    /**
     * A job that returns {@code value} once released, ignoring interrupts: a close while it runs
     * leaves the value to arrive later, unread (reliability item 5).
     */
    @Override
    protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
        CountDownLatch go = new CountDownLatch(1);
        return FutureSubject.of(runtime.spawnBlocking(() -> {
            while (true) {
                try {
                    go.await();
                    return value;
                } catch (InterruptedException ignored) {
                    // this job does not stop when its future is closed
                }
            }
        }))
                .completesWith(value, go::countDown)
                .startsEagerly();
    }
}
