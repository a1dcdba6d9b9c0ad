package dev.pollbridge.tck;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.tck.TestEnvironment;

/** The timeouts every verification in this module uses: generous enough for two busy cores, no retries. */
public final class TckSettings {

    /**
     * How long the TCK waits for an expected signal. Only a signal that never comes costs the
     * whole wait, so a long one costs nothing on a healthy run; a short one makes an expected
     * signal that is merely late on a loaded machine fail a required test, or turn an optional
     * test into a skip (the TCK reports a failed optional test as "not verified"), which would
     * make the checked results table in docs/reactive-streams.md flaky.
     */
    public static final long DEFAULT_TIMEOUT_MILLIS = 3_000;
    /** How long the TCK waits to be sure no signal comes. */
    public static final long NO_SIGNALS_TIMEOUT_MILLIS = 200;
    /** How long the TCK polls for events when nothing preempts it (its own default: the signal timeout). */
    public static final long POLL_TIMEOUT_MILLIS = 1_000;
    /** How long to wait for a cancelled publisher to drop its subscriber (rule 3.13). */
    public static final long PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS = 1_000;

    private TckSettings() {}

    /** The TCK environment of every verification class in this module (Reactor and RxJava ones too). */
    public static TestEnvironment environment() {
        return new TestEnvironment(DEFAULT_TIMEOUT_MILLIS, NO_SIGNALS_TIMEOUT_MILLIS, POLL_TIMEOUT_MILLIS, false);
    }

    /** A runtime for one verification class; the class closes it when done. */
    static PollRuntime runtime() {
        return PollRuntime.builder().workers(2).threadNamePrefix("tck-").build();
    }

    /** A stream or future factory that refuses: the TCK's "failed publisher" (rule 1.9). */
    static <S> S refusingFactory() {
        throw new IllegalStateException("this publisher refuses every subscriber");
    }

    /** The join handle of a task computing the one value ({@code null} when zero are wanted). */
    static JoinHandle<Long> valueTask(PollRuntime runtime, long elements) {
        Long value = elements == 0 ? null : 42L;
        return runtime.spawn(cx -> Poll.ready(value));
    }
}
