package dev.pollbridge.completablefuture;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.engine.Fatal;
import dev.pollbridge.runtime.bridge.engine.UncaughtFailures;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * A {@link PollFuture} run as a runtime task behind a {@link CompletableFuture} (pull to push).
 *
 * <h2>Design</h2>
 * A small forwarding future ({@link Forwarder}) is spawned on the runtime. It polls the source
 * and, when the source is ready, completes this {@code CompletableFuture} with its value (or
 * exceptionally with its failure, unwrapped as it came). The runtime owns the forwarder and
 * closes it exactly once; the forwarder closes the source exactly once.
 *
 * <p>This class is a {@code CompletableFuture} subclass only to observe who completed it: one
 * {@code whenComplete} callback, registered at construction, aborts the task when the completion
 * did not come from the task. That catches every completion path a caller has ({@code cancel},
 * {@code complete}, {@code completeExceptionally}, {@code obtrudeValue}, {@code obtrudeException},
 * {@code completeAsync}, {@code orTimeout}, {@code completeOnTimeout}) without overriding each of
 * them. It does not override {@code newIncompleteFuture}: derived stages ({@code thenApply} and
 * friends) are plain {@code CompletableFuture}s, and, as everywhere in {@code CompletableFuture},
 * cancelling a derived stage does not reach this one or the task.
 *
 * <h2>Cancellation</h2>
 * Completing this future by any means other than the task ({@code cancel(...)} most of all)
 * aborts the task: the runtime closes the forwarder on a worker at the task's next suspension
 * point, and the forwarder closes the source exactly once. The abort is requested on the thread
 * that completed the future, and never blocks it. If the runtime closes the task first (the
 * runtime is shut down), this future completes exceptionally with a
 * {@link CancellationException} so nobody waits forever. Cancel safety: whatever the source had
 * done before the abort stays done; its unfinished work is dropped (rule 12).
 *
 * <h2>A broken source</h2>
 * A {@code poll} that throws or returns {@code null} completes this future exceptionally with
 * that exception (a {@link NullPointerException} for {@code null}), an {@code Error} too, as
 * {@code CompletableFuture.supplyAsync} does. A JVM-fatal one (out of memory, stack overflow, a
 * class that fails to load) is also reported to the runtime's uncaught-failure handler, once,
 * and never thrown into the worker. A {@code close()} that
 * throws (rule 11) changes nothing here: the outcome was settled before the runtime closed the
 * source, and the exception goes to the runtime's uncaught-failure handler. So does a failure of
 * the source that comes after a caller cancelled (completed) the {@code CompletableFuture}, unless
 * it is the cancellation itself: errors after cancellation are reported exactly once.
 *
 * <h2>Threads</h2>
 * The task completes this future from inside a poll on a runtime worker, so non-async dependent
 * stages registered before completion run on that worker; those registered after completion run
 * on the registering thread. Keep them short (they run inside a poll, rule 4) and give heavy work
 * to {@code thenApplyAsync(fn, executor)}. {@code *Async} methods without an executor use the
 * {@code CompletableFuture} default, {@code ForkJoinPool.commonPool()}.
 *
 * @param <T> the value type
 */
final class CompletableFutureFromFuture<T> extends CompletableFuture<T> {

    /** What to abort when a caller completes this future. Written once, before the caller sees it. */
    private volatile Runnable abortTask;
    /**
     * Set by the task just before it completes this future (a value, a failure, or cancellation by
     * runtime close). Volatile so the completion callback, on whatever thread, skips the abort;
     * a stale {@code false} only costs a harmless abort of a task that is finishing anyway.
     */
    private volatile boolean settledByTask;

    private CompletableFutureFromFuture() {
        whenComplete((value, error) -> {
            Runnable abort = abortTask;
            if (!settledByTask && abort != null) {
                abort.run();
            }
        });
    }

    /** Spawns {@code source} on {@code runtime}; cancelling the result aborts that task. */
    static <T> CompletableFuture<T> spawn(PollFuture<T> source, PollRuntime runtime) {
        SingleUse.claim(source, "CompletableFutureBridge.toCompletableFuture");
        CompletableFutureFromFuture<T> result = new CompletableFutureFromFuture<>();
        Forwarder<T> forwarder = new Forwarder<>(source, result);
        JoinHandle<Void> task = spawnOrClose(runtime, forwarder);
        result.attach(task::abort);
        return result;
    }

    /**
     * Forwards the outcome of an already spawned task; cancelling the result aborts that task (and
     * the small forwarding task on {@code forwarding}).
     */
    static <T> CompletableFuture<T> forward(JoinHandle<T> handle, PollRuntime forwarding) {
        SingleUse.claim(handle, "CompletableFutureBridge.toCompletableFuture");
        CompletableFutureFromFuture<T> result = new CompletableFutureFromFuture<>();
        JoinHandle<Void> forwarder = spawnOrClose(forwarding, new Forwarder<>(handle, result));
        result.attach(() -> {
            handle.abort();
            forwarder.abort();
        });
        return result;
    }

    /**
     * Spawns the forwarder, detached: nobody joins it (its outcome goes to the
     * {@code CompletableFuture}), so whatever its task ends with that nobody receives (the cleanup
     * failure of a source closed after a caller completed the result, attached to the
     * cancellation a joiner would see) goes to the runtime's uncaught-failure handler instead of
     * into a handle nobody reads. The returned handle still aborts the task (rule 13).
     */
    private static JoinHandle<Void> spawnOrClose(PollRuntime runtime, Forwarder<?> forwarder) {
        try {
            JoinHandle<Void> task = runtime.spawn(forwarder);
            task.close(); // detach
            return task;
        } catch (RejectedExecutionException closedRuntime) {
            // A rejected spawn leaves the future with us: close what we were given, exactly once.
            forwarder.close();
            throw closedRuntime;
        }
    }

    private void attach(Runnable abort) {
        abortTask = abort;
        // The caller has not seen this future yet, so only the task can have completed it; the
        // check makes attach correct even if that ever changes.
        if (isDone() && !settledByTask) {
            abort.run();
        }
    }

    private void settle(T value) {
        settledByTask = true;
        super.complete(value);
    }

    /** True if this completed the future; false if a caller had completed it first. */
    private boolean settleExceptionally(Throwable error) {
        settledByTask = true;
        return super.completeExceptionally(error);
    }

    /**
     * The task: polls the source and completes the {@code CompletableFuture}. Owned by the runtime
     * (polled and closed by it); its fields are touched only by that owner.
     */
    private static final class Forwarder<T> implements PollFuture<Void> {
        private final PollFuture<T> source;
        private final CompletableFutureFromFuture<T> result;
        private boolean closed;

        Forwarder(PollFuture<T> source, CompletableFutureFromFuture<T> result) {
            this.source = source;
            this.result = result;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (result.isDone()) {
                // A caller completed the result; the abort is on its way. Stop polling the source.
                return Poll.ready(null);
            }
            Poll<T> poll;
            try {
                poll = source.poll(cx);
                if (poll == null) {
                    poll = Poll.failed(new NullPointerException("poll() of " + source.getClass().getName() + " returned null"));
                }
            } catch (Throwable brokenSource) {
                if (fail(brokenSource) && Fatal.isFatal(brokenSource)) {
                    // The rule for JVM-fatal errors: never into the worker; the CompletableFuture
                    // has it, and the runtime's handler hears of it once (fail() reported it if a
                    // caller had completed the result first).
                    UncaughtFailures.ofCurrentThread().report(
                            "a future behind a CompletableFuture threw a JVM-fatal error", brokenSource);
                }
                return Poll.ready(null);
            }
            if (poll.isPending()) {
                return poll.cast();
            }
            if (poll.isReady()) {
                result.settle(poll.value());
            } else {
                fail(poll.error());
            }
            // The outcome went to the CompletableFuture; the task itself ends with no value, so a
            // failure is not reported twice (again by the runtime's uncaught-failure handler).
            return Poll.ready(null);
        }

        /**
         * Completes the result with the source's failure; true if that completed it. If a caller
         * completed (cancelled) it first, the failure came after the cancellation: reported once,
         * unless it is the cancellation itself.
         */
        private boolean fail(Throwable error) {
            if (result.settleExceptionally(error)) {
                return true;
            }
            UncaughtFailures.ofCurrentThread().reportAfterCancel(
                    "a future behind a CompletableFuture failed after the CompletableFuture was cancelled", error);
            return false;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                source.close();
            } catch (Throwable brokenClose) {
                // Rule 11 broken. The outcome, if any, is already in the CompletableFuture.
                UncaughtFailures.ofCurrentThread().report("close() of a future behind a CompletableFuture threw",
                        brokenClose);
            }
            if (!result.isDone()) {
                result.settleExceptionally(new CancellationException("the task was closed before it finished"));
            }
        }
    }
}
