package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.SchedulerDriver;
import dev.pollbridge.test.VirtualTimeSchedulerContract;
import dev.pollbridge.test.runtime.TestRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/**
 * The scheduler's delays and periods are the runtime's timers: on a deterministic runtime with a
 * virtual clock nothing runs before its time, and everything runs once the clock gets there (the
 * {@link VirtualTimeSchedulerContract}); Reactor's {@code delaySequence} follows the clock too.
 */
class RuntimeSchedulerVirtualTimeTest extends VirtualTimeSchedulerContract<Disposable, Scheduler.Worker> {

    private final VirtualClock clock = new VirtualClock();
    private final TestRuntime runtime = TestRuntime.wrap(PollRuntime.builder().workers(0).clock(clock).build());
    private final Scheduler scheduler = ReactorBridge.scheduler(runtime.runtime());

    @AfterEach
    void stop() {
        scheduler.dispose();
        runtime.close();
    }

    @Override
    protected SchedulerDriver<Disposable, Scheduler.Worker> scheduler() {
        return new ReactorSchedulerDriver((RuntimeScheduler) scheduler);
    }

    @Override
    protected void runUntilIdle() {
        runtime.runUntilIdle();
    }

    @Override
    protected void advance(Duration duration) {
        clock.advance(duration);
        runtime.runUntilIdle();
    }

    @Test
    void delaySequenceKeepsItemOrder() {
        List<Integer> delayed = new ArrayList<>();
        Flux.range(0, 100).delaySequence(Duration.ofSeconds(1), scheduler).subscribe(delayed::add);
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(1));
        assertEquals(IntStream.range(0, 100).boxed().toList(), delayed);
    }
}
