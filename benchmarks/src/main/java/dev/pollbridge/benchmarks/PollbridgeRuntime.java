package dev.pollbridge.benchmarks;

import dev.pollbridge.runtime.PollRuntime;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A Pollbridge runtime with two workers, started once per trial. {@code -Dbench.lifoSlot=false}
 * (through {@code -jvmArgsAppend}) builds it with the LIFO slot off, to measure what the slot is
 * worth.
 */
@State(Scope.Benchmark)
public class PollbridgeRuntime {

    /** The runtime under test. */
    public PollRuntime runtime;

    /** Starts the runtime. */
    @Setup(Level.Trial)
    public void start() {
        runtime = PollRuntime.builder().workers(Workers.COUNT).threadNamePrefix("pollbridge-bench")
                .lifoSlot(Boolean.parseBoolean(System.getProperty("bench.lifoSlot", "true"))).build();
    }

    /** Closes the runtime and joins its threads. */
    @TearDown(Level.Trial)
    public void stop() {
        runtime.close();
    }
}
