package dev.pollbridge.tck;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
import org.reactivestreams.tck.TestEnvironment;

/** The timeouts every verification uses: generous enough for two busy cores, no retries. */
final class TckSettings {

    /** How long the TCK waits for an expected signal. */
    static final long DEFAULT_TIMEOUT_MILLIS = 1_000;
    /** How long the TCK waits to be sure no signal comes. */
    static final long NO_SIGNALS_TIMEOUT_MILLIS = 200;
    /** How long to wait for a cancelled publisher to drop its subscriber (rule 3.13). */
    static final long PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS = 500;

    private TckSettings() {}

    static TestEnvironment environment() {
        return new TestEnvironment(DEFAULT_TIMEOUT_MILLIS, NO_SIGNALS_TIMEOUT_MILLIS);
    }

    /** A runtime for one verification class; the class closes it when done. */
    static Runtime runtime() {
        return Runtime.builder().workers(2).threadNamePrefix("tck-").build();
    }

    /** A stream or future factory that refuses: the TCK's "failed publisher" (rule 1.9). */
    static <S> S refusingFactory() {
        throw new IllegalStateException("this publisher refuses every subscriber");
    }

    /** The join handle of a task computing the one value ({@code null} when zero are wanted). */
    static JoinHandle<Long> valueTask(Runtime runtime, long elements) {
        Long value = elements == 0 ? null : 42L;
        return runtime.spawn(cx -> Poll.ready(value));
    }
}
