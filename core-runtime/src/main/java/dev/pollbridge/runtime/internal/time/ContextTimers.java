package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.runtime.internal.task.Task;

/**
 * Finds the timers of the runtime a poll runs in, from the poll's {@link Context}: the attachment
 * is the polling {@link Task} (its scheduler is the runtime's engine) or, inside
 * {@code blockOn}, the engine itself; both lead to a {@link TimerHost}. Nothing is looked up on
 * the thread: a future polled by hand (a {@code MockTask}, a {@code Context.of(waker)}) on a
 * runtime thread finds no runtime either, so the answer depends on who polls, never on where.
 */
public final class ContextTimers {

    private ContextTimers() {}

    /**
     * The timer driver of the runtime polling with {@code cx}.
     *
     * @param cx the poll's context
     * @return the driver, or {@code null} if the poller is not a runtime's
     */
    public static TimeDriver of(Context cx) {
        Object attachment = cx.attachment();
        Object host = attachment instanceof Task ? ((Task<?>) attachment).scheduler() : attachment;
        return host instanceof TimerHost ? ((TimerHost) host).timers() : null;
    }

    /**
     * The failure of a future that needs the current runtime's timers and was polled outside a
     * runtime: it names the cause and the fixes.
     *
     * @param call what was polled ("Time.timeout(future, PT2S)")
     * @param withRuntime the same call with the runtime named, or {@code null} if there is none
     * @return the exception to fail the poll with
     */
    public static IllegalStateException outsideRuntime(String call, String withRuntime) {
        return new IllegalStateException(call + " was polled outside a Pollbridge runtime: it uses the timers of the "
                + "runtime that polls it, found through the poll's Context, and this Context carries none (a MockTask, "
                + "a Context.of(waker) made by hand, or another library's poller). Poll it inside a runtime: await it "
                + "in a task (runtime.spawn, an Async body, MonoBridge.toMono, ...), drive it with runtime.blockOn, "
                + "or in tests use a TestRuntime (its tasks, blockOn and mockTask)"
                + (withRuntime == null ? "." : "; or name the runtime: " + withRuntime + "."));
    }
}
