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
 * @param localQueueMaxCapacity the most slots a worker's local queue grows to, a power of two of at
 *     least {@code LocalQueue.INITIAL_CAPACITY}; not a builder setting (tests use small ones)
 */
public record SchedulerTuning(boolean lifoSlot, Duration stuckWorkerThreshold, int globalQueueInterval,
        int localQueueMaxCapacity) {

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
        if (Integer.bitCount(localQueueMaxCapacity) != 1 || localQueueMaxCapacity < LocalQueue.INITIAL_CAPACITY
                || localQueueMaxCapacity > 1 << 24) {
            throw new IllegalArgumentException("localQueueMaxCapacity must be a power of two from "
                    + LocalQueue.INITIAL_CAPACITY + " to 2^24, was " + localQueueMaxCapacity);
        }
    }

    /** The knobs with the local queue growing to {@code LocalQueue.MAX_CAPACITY}. */
    public SchedulerTuning(boolean lifoSlot, Duration stuckWorkerThreshold, int globalQueueInterval) {
        this(lifoSlot, stuckWorkerThreshold, globalQueueInterval, LocalQueue.MAX_CAPACITY);
    }

    /** The stuck-worker threshold in nanoseconds; {@code Long.MAX_VALUE} means reports are off. */
    long stuckWorkerThresholdNanos() {
        return Nanos.saturated(stuckWorkerThreshold);
    }
}
