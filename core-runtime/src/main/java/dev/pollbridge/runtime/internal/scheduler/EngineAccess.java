package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.Runtime;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reaches the engine behind a public {@link Runtime} without making that a public method (the
 * JDK's "shared secrets" pattern). {@code Runtime} installs the accessor in its static
 * initializer; this package is exported only to the test kit.
 */
public final class EngineAccess {

    private static volatile Function<Runtime, Engine> accessor;

    private EngineAccess() {}

    /** Called once by {@code Runtime}'s static initializer. */
    public static void install(Function<Runtime, Engine> engineOf) {
        accessor = Objects.requireNonNull(engineOf);
    }

    /** The engine of {@code runtime}. */
    public static Engine engineOf(Runtime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        Function<Runtime, Engine> engineOf = accessor;
        if (engineOf == null) {
            // Runtime's initializer installs the accessor; the instance exists, so it ran.
            throw new IllegalStateException("Runtime did not install its engine accessor");
        }
        return engineOf.apply(runtime);
    }
}
