package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import reactor.core.publisher.Hooks;

/**
 * The base of the fault catalogue: one subclass per bridge direction feeds the bridge a party
 * that breaks its contract (a publisher, subscriber, stream, future or stage), checks who got
 * the error and what was cancelled and closed, and then, after every scenario, that the runtime
 * is still healthy:
 * <ul>
 *   <li>nothing hangs: every task spawned during the scenario has ended;
 *   <li>a later task still runs and completes;
 *   <li>no runtime thread died: all worker threads are alive;
 *   <li>nothing was reported that the scenario did not expect ({@link #uncaught}, {@link #dropped}).
 * </ul>
 * Each scenario also checks that no subscription leaked (it was cancelled or terminated) and
 * that every future, stream and dropped item was closed. {@code docs/reliability.md} lists the
 * scenarios as a table.
 */
abstract class FaultCatalogue {

    /** How long a scenario waits for a signal it expects: generous for two busy cores. */
    static final Duration WAIT = Duration.ofSeconds(20);

    private static final int WORKERS = 2;
    private static final AtomicInteger RUNTIMES = new AtomicInteger();

    /** Failures that reached the runtime's uncaught-failure handler. */
    protected final Reports uncaught = new Reports("the runtime's uncaught-failure handler");
    /** Failures that reached Reactor's {@code Hooks.onErrorDropped}. */
    protected final Reports dropped = new Reports("Reactor's Hooks.onErrorDropped");

    protected PollRuntime runtime;
    private String threadPrefix;

    @BeforeEach
    void startRuntime() {
        threadPrefix = "faults-" + RUNTIMES.incrementAndGet() + "-";
        runtime = PollRuntime.builder()
                .workers(WORKERS)
                .threadNamePrefix(threadPrefix)
                .uncaughtFailureHandler(uncaught::add)
                .build();
        Hooks.onErrorDropped(dropped::add);
    }

    @AfterEach
    void assertHealthyAndClose() {
        try {
            assertRuntimeHealthy();
            uncaught.assertNoneLeft();
            dropped.assertNoneLeft();
        } finally {
            runtime.close();
            Hooks.resetOnErrorDropped();
        }
    }

    private void assertRuntimeHealthy() {
        await().atMost(WAIT).alias("every task of the scenario ended (nothing hangs)")
                .until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(42, join(runtime.spawn(Futures.lazy(() -> 42))), "a later task runs");
        long workersAlive = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(threadPrefix + "worker-") && thread.isAlive())
                .count();
        assertEquals(WORKERS, workersAlive, "no runtime worker died");
    }

    /** Awaits {@code future} on the runtime, for at most {@link #WAIT}; rethrows as blockOn does. */
    protected <T> T join(PollFuture<T> future) {
        return runtime.blockOn(runtime.timeout(future, WAIT));
    }

    /** Spawns {@code future} and awaits its handle: the future is polled and closed by a task. */
    protected <T> T run(PollFuture<T> future) {
        JoinHandle<T> handle = runtime.spawn(future);
        return join(handle);
    }
}
