package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.time.Nanos;
import java.time.Duration;
import java.util.Objects;

/**
 * The work-stealing scheduler's knobs, validated by the public builder.
 *
 * @param lifoSlot whether a task woken or spawned by the task being polled runs next on the same
 *     worker (the LIFO slot); false sends it to the back of the local queue
 * @param stuckWorkerThreshold a worker that stays inside one poll (or close) of one task longer than
 *     this is reported while it is stuck, by the {@link Watchdog}; a duration too long to count in
 *     nanoseconds turns the reports off
 * @param globalQueueInterval ticks between two forced looks at the global queue; {@link #ADAPTIVE}
 *     tunes it per worker from the measured poll time (Tokio's self-tuning)
 */
public record SchedulerTuning(boolean lifoSlot, Duration stuckWorkerThreshold, int globalQueueInterval) {

    /** {@link #globalQueueInterval()}: tuned from the measured poll time. */
    public static final int ADAPTIVE = 0;
    /** The defaults: the LIFO slot on, stuck workers reported after 1 s, the adaptive interval. */
    public static final SchedulerTuning DEFAULT = new SchedulerTuning(true, Duration.ofSeconds(1), ADAPTIVE);

    /** Checks the values. */
    public SchedulerTuning {
        Objects.requireNonNull(stuckWorkerThreshold, "stuckWorkerThreshold");
        if (stuckWorkerThreshold.isNegative() || stuckWorkerThreshold.isZero()) {
            throw new IllegalArgumentException("stuckWorkerThreshold must be positive, was " + stuckWorkerThreshold);
        }
        if (globalQueueInterval < 0) {
            throw new IllegalArgumentException("globalQueueInterval must be >= 1 (or ADAPTIVE), was " + globalQueueInterval);
        }
    }

    /** The stuck-worker threshold in nanoseconds; {@code Long.MAX_VALUE} means reports are off. */
    long stuckWorkerThresholdNanos() {
        return Nanos.saturated(stuckWorkerThreshold);
    }
}
