package dev.pollbridge.runtime.internal.bridge;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Spawns subscription tasks on a {@link Runtime}, detached, aborts them through the handle, and
 * reports to the runtime's uncaught-failure handler.
 */
public final class RuntimeSpawner implements TaskSpawner {

    private final Supplier<Runtime> runtime;

    private RuntimeSpawner(Supplier<Runtime> runtime) {
        this.runtime = runtime;
    }

    /** Spawns on {@code runtime}. */
    public static TaskSpawner on(Runtime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        return new RuntimeSpawner(() -> runtime);
    }

    /** Spawns on {@link Runtime#shared()}, looked up at the first subscription (not before). */
    public static TaskSpawner onShared() {
        return new RuntimeSpawner(Runtime::shared);
    }

    @Override
    public Runnable spawn(PollFuture<Void> task) {
        JoinHandle<Void> handle = runtime.get().spawn(task);
        handle.close(); // detach (rule 13): nobody joins; a failure goes to the uncaught handler
        return handle::abort;
    }

    /** To the runtime's uncaught-failure handler (logged if the runtime is closed). */
    @Override
    public void report(String what, Throwable failure) {
        UncaughtFailures.of(runtime.get()).report(what, failure);
    }
}
