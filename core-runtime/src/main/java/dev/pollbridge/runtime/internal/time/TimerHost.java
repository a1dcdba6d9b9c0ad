package dev.pollbridge.runtime.internal.time;

/**
 * A poller that runs inside a runtime and lends its timers to what it polls: the runtime's engine
 * implements it, and a poll's {@code Context} carries it (the engine itself inside
 * {@code blockOn}, a task whose scheduler is the engine inside a task). {@link ContextTimers}
 * finds it there, which is how {@code Time.timeout} and {@code Time.sleep} reach the current
 * runtime's timers without a {@code PollRuntime} argument (Tokio's {@code time::timeout}).
 */
public interface TimerHost {

    /**
     * The timer driver of the runtime this poller belongs to (on the runtime's clock). Any thread.
     *
     * @return the runtime's timers
     */
    TimeDriver timers();
}
