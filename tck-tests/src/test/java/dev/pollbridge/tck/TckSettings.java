package dev.pollbridge.tck;

import org.reactivestreams.tck.TestEnvironment;

/** The timeouts every verification uses: generous enough for two busy cores, no retries. */
final class TckSettings {

    /** How long the TCK waits for an expected signal. */
    static final long DEFAULT_TIMEOUT_MILLIS = 1_000;
    /** How long the TCK waits to be sure no signal comes. */
    static final long NO_SIGNALS_TIMEOUT_MILLIS = 200;
    /** How long to wait for a cancelled publisher to drop its subscriber (rule 3.13). */
    static final long PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS = 1_000;

    private TckSettings() {}

    static TestEnvironment environment() {
        return new TestEnvironment(DEFAULT_TIMEOUT_MILLIS, NO_SIGNALS_TIMEOUT_MILLIS);
    }
}
