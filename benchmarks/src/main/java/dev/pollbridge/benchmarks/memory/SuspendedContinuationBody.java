package dev.pollbridge.benchmarks.memory;

import dev.pollbridge.runtime.async.AsyncMode;

/** {@link SuspendedAsyncBody} in continuation mode (run with {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}). */
public final class SuspendedContinuationBody extends SuspendedAsyncBody {

    /** Refuses to run unless bodies are continuations. */
    public SuspendedContinuationBody() {
        super(AsyncMode.CONTINUATION);
    }
}
