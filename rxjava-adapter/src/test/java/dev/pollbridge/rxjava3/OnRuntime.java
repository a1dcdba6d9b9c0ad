package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The frame of the tests that run on a real runtime: a fresh runtime per test whose uncaught
 * failures are collected (none may arrive: the adapter reports to {@code RxJavaPlugins.onError}
 * instead), what reaches {@code RxJavaPlugins.onError} ({@link #rxErrors}), and, for the fault
 * catalogues, a one-worker runtime that must still run a new task at the end of the test (a
 * worker killed by a fault would strand it).
 */
abstract class OnRuntime {

    /** The most any test waits for an asynchronous condition. */
    static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final int workers;
    private final String threadNamePrefix;
    PollRuntime runtime;

    /**
     * @param workers worker threads; a one-worker runtime is also checked for health after each
     *     test (the fault catalogues use it)
     */
    OnRuntime(int workers, String threadNamePrefix) {
        this.workers = workers;
        this.threadNamePrefix = threadNamePrefix;
    }

    @BeforeEach
    final void startRuntime() {
        runtime = PollRuntime.builder().workers(workers).threadNamePrefix(threadNamePrefix)
                .uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    final void stopRuntime() {
        if (workers == 1) {
            Health.assertRuntimeHealthy(runtime);
        }
        runtime.close();
        assertEquals(List.of(), uncaught, "nothing reaches the runtime's uncaught-failure handler");
    }
}
