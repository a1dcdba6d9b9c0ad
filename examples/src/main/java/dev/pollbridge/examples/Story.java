package dev.pollbridge.examples;

import dev.pollbridge.runtime.Async;
import java.io.PrintStream;
import java.time.Duration;

/**
 * How an example tells what happens, as it happens: a title, numbered steps, and lines that say
 * which kind of thread did what. Thread kinds (not names) and checked timing claims (not raw
 * numbers) keep the output the same from run to run, so a test can compare it with the docs.
 */
public final class Story {

    /** The thread-name prefix of every runtime the examples build. */
    public static final String RUNTIME_PREFIX = "example-";

    private final PrintStream out;
    private final Thread caller = Thread.currentThread();

    public Story(PrintStream out, String title) {
        this.out = out;
        out.println("== " + title);
    }

    /** Starts a step: a blank line and its heading. */
    public void step(String heading) {
        out.println();
        out.println("-- " + heading);
    }

    /** One line of the story. */
    public void say(String line) {
        out.println("   " + line);
    }

    /** The end of the story. */
    public void end() {
        out.println();
    }

    /** What kind of thread runs this code, e.g. "a runtime worker". */
    public String thread() {
        Thread thread = Thread.currentThread();
        String name = thread.getName();
        if (Async.inBody()) {
            return "an Async body"; // a worker's thread in continuation mode, one of its own in thread mode
        } else if (thread == caller) {
            return "the caller's thread";
        } else if (name.startsWith(RUNTIME_PREFIX + "worker-")) {
            return "a runtime worker";
        } else if (name.equals(RUNTIME_PREFIX + "timer")) {
            return "the runtime's timer thread";
        } else if (name.startsWith("parallel-")) {
            return "a Reactor timer thread";
        } else if (name.startsWith("RxComputationThreadPool-")) {
            return "an RxJava computation thread";
        } else if (name.startsWith("legacy-")) {
            return "the legacy service's thread";
        }
        return "thread " + name;
    }

    /**
     * A timing claim checked against the clock: "at least X ms but under Y ms" when the time since
     * {@code startNanos} lies in that range ({@code under} may be null: no upper bound). Outside it,
     * the real number and the expectation, so a failed claim is never hidden.
     */
    public static String took(long startNanos, Duration atLeast, Duration under) {
        long millis = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
        String claim = "at least " + atLeast.toMillis() + " ms" + (under == null ? "" : " but under " + under.toMillis() + " ms");
        if (millis >= atLeast.toMillis() && (under == null || millis < under.toMillis())) {
            return claim;
        }
        return millis + " ms (expected " + claim + ": is the machine overloaded?)";
    }
}
