package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;

/**
 * Builds work-stealing engines whose threads are never started, so a test can drive the parts of
 * a worker (its queue, LIFO slot, parker, the idle counters) from its own threads. The one place
 * that knows the engine's settings record.
 */
final class Engines {

    private Engines() {}

    static WorkStealingEngine unstarted(int workers) {
        return new WorkStealingEngine(new EngineConfig(workers, 1, Duration.ofSeconds(1), "stress-",
                Duration.ofDays(1), failure -> { }, Clock.system(), true, null));
    }

    /** As {@link #unstarted(int)}, with local queues that grow to {@code localQueueMaxCapacity} slots. */
    static WorkStealingEngine unstarted(int workers, int localQueueMaxCapacity) {
        return new WorkStealingEngine(new EngineConfig(workers, 1, Duration.ofSeconds(1), "stress-",
                Duration.ofDays(1), failure -> { }, Clock.system(), true, null,
                new SchedulerTuning(true, Duration.ofSeconds(1), SchedulerTuning.ADAPTIVE, localQueueMaxCapacity)));
    }

    /** A task of {@code engine} that is never run: only its identity matters. */
    static Task<Object> task(WorkStealingEngine engine) {
        return new Task<>(1, cx -> Poll.pending(), engine, false);
    }
}
