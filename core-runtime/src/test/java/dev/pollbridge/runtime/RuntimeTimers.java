package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.time.TimeDriver;
import java.lang.reflect.Field;
import java.util.function.BooleanSupplier;

/**
 * Sees how many timers a runtime's wheel holds, for the contract tests' upstream checks (a closed
 * sleep, timeout or interval must unlink its timer). The driver is a private field of
 * {@link PollRuntime}; the tests read it by reflection.
 */
final class RuntimeTimers {

    private RuntimeTimers() {}

    /** True while {@code runtime}'s wheel holds at least one timer. */
    static BooleanSupplier anyLinked(PollRuntime runtime) {
        TimeDriver driver = driverOf(runtime);
        return () -> driver.timerCount() > 0;
    }

    static TimeDriver driverOf(PollRuntime runtime) {
        try {
            Field field = PollRuntime.class.getDeclaredField("time");
            field.setAccessible(true);
            return (TimeDriver) field.get(runtime);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("PollRuntime has no TimeDriver field `time` any more: update RuntimeTimers", e);
        }
    }
}
