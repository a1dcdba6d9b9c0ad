package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Spawns subscription tasks on a {@link PollRuntime}, detached, aborts them through the handle, and
 * reports to a {@link FailureSink}: the runtime's uncaught-failure handler unless an adapter
 * names its own (Reactor's {@code Hooks.onErrorDropped}, RxJava's {@code RxJavaPlugins.onError}).
 */
public final class RuntimeSpawner implements TaskSpawner {

    private final Supplier<PollRuntime> runtime;
    /** The adapter's sink, or null for the runtime's handler. */
    private final FailureSink sink;

    private RuntimeSpawner(Supplier<PollRuntime> runtime, FailureSink sink) {
        this.runtime = runtime;
        this.sink = sink;
    }

    /** Spawns on {@code runtime}; reports to its uncaught-failure handler. */
    public static TaskSpawner on(PollRuntime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        return new RuntimeSpawner(() -> runtime, null);
    }

    /** Spawns on {@code runtime}; reports to {@code sink}. */
    public static TaskSpawner on(PollRuntime runtime, FailureSink sink) {
        Objects.requireNonNull(runtime, "runtime");
        return new RuntimeSpawner(() -> runtime, Objects.requireNonNull(sink, "sink"));
    }

    /** Spawns on {@link PollRuntime#shared()}, looked up at the first subscription (not before). */
    public static TaskSpawner onShared() {
        return new RuntimeSpawner(PollRuntime::shared, null);
    }

    @Override
    public Runnable spawn(PollFuture<Void> task) {
        JoinHandle<Void> handle = runtime.get().spawn(task);
        handle.close(); // detach (rule 13): nobody joins; the task reports its own failures
        return handle::abort;
    }

    @Override
    public void report(String what, Throwable failure) {
        if (sink != null) {
            sink.report(what, failure);
        } else {
            UncaughtFailures.of(runtime.get()).report(what, failure);
        }
    }
}
