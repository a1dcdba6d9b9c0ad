package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.PollRuntime;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reaches the engine behind a public {@link PollRuntime} without making that a public method (the
 * JDK's "shared secrets" pattern). {@code PollRuntime} installs the accessor in its static
 * initializer; this package is exported only to the test kit.
 */
public final class EngineAccess {

    private static volatile Function<PollRuntime, Engine> accessor;

    private EngineAccess() {}

    /** Called once by {@code PollRuntime}'s static initializer. */
    public static void install(Function<PollRuntime, Engine> engineOf) {
        accessor = Objects.requireNonNull(engineOf);
    }

    /** The engine of {@code runtime}. */
    public static Engine engineOf(PollRuntime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        Function<PollRuntime, Engine> engineOf = accessor;
        if (engineOf == null) {
            // PollRuntime's initializer installs the accessor; the instance exists, so it ran.
            throw new IllegalStateException("PollRuntime did not install its engine accessor");
        }
        return engineOf.apply(runtime);
    }
}
