package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;

/** After a fault: the runtime still runs a new task on its workers. */
final class Health {

    private Health() {}

    /**
     * Spawns a task and waits (bounded by the runtime's own timer) for its value: a dead or stuck
     * worker makes this fail with a {@code TimeoutException} instead of hanging.
     */
    static void assertRuntimeHealthy(PollRuntime runtime) {
        int value = runtime.blockOn(runtime.timeout(runtime.spawn(Futures.lazy(() -> 42)), Duration.ofSeconds(5)));
        assertEquals(42, value);
    }
}
