package dev.pollbridge.benchmarks;

import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A Reactor {@code Schedulers.newParallel(name, 2)}, started once per trial. */
@State(Scope.Benchmark)
public class ReactorParallel {

    /** The scheduler under test. */
    public Scheduler scheduler;

    /** Starts the scheduler. */
    @Setup(Level.Trial)
    public void start() {
        scheduler = Schedulers.newParallel("reactor-bench", Workers.COUNT);
    }

    /** Disposes of the scheduler. */
    @TearDown(Level.Trial)
    public void stop() {
        scheduler.dispose();
    }
}
