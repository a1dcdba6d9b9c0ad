package dev.pollbridge.completablefuture;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.runtime.bridge.engine.InBody;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * {@code CompletionStage} and {@code CompletableFuture} both ways: a stage as a future
 * ({@link #toPollFuture}), awaited inside an {@code Async} body ({@link #await}), a future as a
 * {@code CompletableFuture} ({@link #toCompletableFuture}), an {@code Async} body as one
 * ({@link #future}, kotlinx-jdk8's {@code future { }}), and function adapters to migrate a
 * {@code CompletableFuture} chain one stage at a time ({@link #toCompletableFutureFunction},
 * {@link #toPollFutureFunction}). See {@code docs/completablefuture.md} for the naming scheme and
 * {@code docs/migration-completablefuture.md}.
 *
 * <table>
 *   <caption>Conversions</caption>
 *   <tr><th>from</th><th>to</th><th>method</th><th>cancellation</th></tr>
 *   <tr><td>{@code CompletionStage<T>}</td><td>{@code PollFuture<T>}</td><td>{@link #toPollFuture}</td>
 *       <td>closing the future cancels the stage, or detaches ({@link CancelPolicy})</td></tr>
 *   <tr><td>{@code PollFuture<T>}</td><td>{@code CompletableFuture<T>}</td>
 *       <td>{@link #toCompletableFuture(PollFuture, PollRuntime)}</td>
 *       <td>{@code cancel} (or any completion by a caller) aborts the task</td></tr>
 *   <tr><td>{@code JoinHandle<T>}</td><td>{@code CompletableFuture<T>}</td>
 *       <td>{@link #toCompletableFuture(JoinHandle)}</td><td>{@code cancel} aborts the task</td></tr>
 *   <tr><td>{@code AsyncBody<T>}</td><td>{@code CompletableFuture<T>}</td>
 *       <td>{@link #future(AsyncBody, PollRuntime)}</td><td>{@code cancel} cancels the body</td></tr>
 * </table>
 *
 * Failures cross unchanged, except that {@code CompletionException} and
 * {@code ExecutionException} wrappers are removed on the way into a {@code PollFuture}. A
 * {@code null} value is a value in both directions. To run {@code CompletableFuture} stages on a
 * runtime, pass {@link PollRuntime#executor()} to the {@code *Async} methods.
 */
public final class CompletableFutureBridge {

    private CompletableFutureBridge() {}

    /**
     * Awaits {@code stage} as a {@link PollFuture}, cancelling the stage when the future is closed
     * first ({@link CancelPolicy#CANCEL_SOURCE}). Same as {@code toPollFuture(stage, CANCEL_SOURCE)}.
     *
     * @param <T> the value type
     * @param stage the stage to await
     * @return a lazy future of the stage's outcome
     * @throws NullPointerException if {@code stage} is {@code null}
     */
    public static <T> PollFuture<T> toPollFuture(CompletionStage<T> stage) {
        return toPollFuture(stage, CancelPolicy.CANCEL_SOURCE);
    }

    /**
     * Awaits {@code stage} as a {@link PollFuture}.
     *
     * <p>Lazy: nothing is registered on the stage before the first poll. The future is ready with
     * the stage's value ({@code null} included) or fails with its real cause: the
     * {@code CompletionException}/{@code ExecutionException} wrappers are removed (nested ones
     * too; a wrapper without a cause stays as it is). A cancelled stage fails with
     * {@code CancellationException}.
     *
     * <p><b>Cancellation:</b> closing the future before the stage completed applies
     * {@code policy} (see {@link CancelPolicy}), whether or not it was polled; closing it
     * afterwards leaves the stage alone. <b>Cancel safety:</b> closing discards an outcome nobody
     * read; with {@link CancelPolicy#DETACH} the stage is untouched, so a shared stage is safe to
     * drop. <b>Threads:</b> the stage's completion only records the outcome and wakes the
     * poller, on the completing thread; the value is read by the next poll.
     *
     * @param <T> the value type
     * @param stage the stage to await
     * @param policy what closing the future early does to the stage
     * @return a lazy future of the stage's outcome
     * @throws NullPointerException if {@code stage} or {@code policy} is {@code null}
     */
    public static <T> PollFuture<T> toPollFuture(CompletionStage<T> stage, CancelPolicy policy) {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(policy, "policy");
        return new FutureFromStage<>(stage, policy);
    }

    /**
     * Awaits {@code stage} inside an {@code Async} body (kotlinx-jdk8's {@code CompletionStage.await()}):
     * {@code Async.await(toPollFuture(stage))}. Suspends the body (not a worker) until the stage
     * completes and returns its value ({@code null} included); throws its real cause (the
     * {@code CompletionException}/{@code ExecutionException} wrappers removed) as
     * {@link Async#await(PollFuture)} does: an unchecked failure as the same instance, a checked
     * one wrapped in a {@code CompletionException}. A cancelled stage throws
     * {@code CancellationException}.
     *
     * <p><b>Threads:</b> the stage completes on whatever thread completes it, which only records
     * the outcome and wakes the body's task; the value is returned on the body's thread.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while waiting, the stage is cancelled
     * ({@link CancelPolicy#CANCEL_SOURCE}, as kotlinx's {@code await} cancels its future) and this
     * throws {@code CancellationException}. To leave a shared stage running, await
     * {@code toPollFuture(stage, CancelPolicy.DETACH)} with {@link Async#await(PollFuture)}.
     *
     * @param <T> the value type
     * @param stage the stage to wait for
     * @return the stage's value, possibly {@code null}
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code stage} is {@code null}
     */
    public static <T> T await(CompletionStage<T> stage) {
        Objects.requireNonNull(stage, "stage");
        InBody.require("CompletableFutureBridge.await(CompletionStage)", "CompletableFutureBridge.future, Async.run",
                "CompletableFutureBridge.toPollFuture(stage)");
        return Async.await(toPollFuture(stage));
    }

    /**
     * {@link #future(AsyncBody, PollRuntime)} on {@link PollRuntime#shared()}: kotlinx-jdk8's
     * {@code future { }}.
     *
     * @param <T> the value type
     * @param body the straight-line code to run
     * @return a {@code CompletableFuture} of the body's outcome
     * @throws NullPointerException if {@code body} is {@code null}
     */
    public static <T> CompletableFuture<T> future(AsyncBody<T> body) {
        return future(body, PollRuntime.shared());
    }

    /**
     * Runs {@code body} as an {@link Async#run} body on a task of {@code runtime}, started at once,
     * and returns a {@code CompletableFuture} of its outcome: kotlinx-jdk8's {@code future { }}
     * (eager, as a {@code CompletableFuture} is). Same as
     * {@code toCompletableFuture(Async.run(body), runtime)}. Inside the body, {@link #await} and
     * {@link Async#await(PollFuture)} suspend the body, not a worker. The value completes the
     * returned future ({@code null} included); what the body throws completes it exceptionally.
     *
     * <p><b>Cancellation:</b> {@code cancel(...)} (or any completion by a caller, as for
     * {@link #toCompletableFuture(PollFuture, PollRuntime)}) aborts the task, which cancels the
     * body: the {@code await} it is suspended in throws {@code CancellationException},
     * {@code finally} blocks run, later code does not. <b>Cancel safety:</b> what the body did
     * before stays done. <b>Threads:</b> the body runs as the task's {@code Async} body (a
     * continuation on the worker, or its own thread, per {@link Async#mode()}); the returned
     * future is completed on a runtime worker, so non-async dependent stages run there.
     *
     * @param <T> the value type
     * @param body the straight-line code to run
     * @param runtime the runtime whose task polls the body
     * @return a {@code CompletableFuture} of the body's outcome
     * @throws NullPointerException if an argument is {@code null}
     * @throws java.util.concurrent.RejectedExecutionException if {@code runtime} is closed
     */
    public static <T> CompletableFuture<T> future(AsyncBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(runtime, "runtime");
        return toCompletableFuture(Async.run(body), runtime);
    }

    /**
     * Runs {@code future} on {@link PollRuntime#shared()}; see
     * {@link #toCompletableFuture(PollFuture, PollRuntime)}.
     *
     * @param <T> the value type
     * @param future the future to run; the shared runtime owns it from now on
     * @return a {@code CompletableFuture} of the future's outcome
     */
    public static <T> CompletableFuture<T> toCompletableFuture(PollFuture<T> future) {
        return toCompletableFuture(future, PollRuntime.shared());
    }

    /**
     * Spawns {@code future} on {@code runtime} at once and returns a {@code CompletableFuture} of
     * its outcome. The runtime owns the future from now on and closes it exactly once.
     *
     * <p>The returned future completes with the value ({@code null} included) or exceptionally
     * with the failure as it is ({@code join()} wraps it in a {@code CompletionException} and
     * {@code get()} in an {@code ExecutionException}, as for any {@code CompletableFuture}); a
     * future that fails with {@code CancellationException} makes it cancelled.
     *
     * <p><b>Cancellation:</b> {@code cancel(...)} aborts the task: its future is closed exactly
     * once on a runtime worker at its next suspension point. Completing the returned future in any
     * other way ({@code complete}, {@code completeExceptionally}, {@code obtrude*},
     * {@code completeAsync}, {@code orTimeout}, {@code completeOnTimeout}) aborts the task too,
     * instead of leaving it running unseen. Stages derived from it ({@code thenApply}, ...) are
     * plain {@code CompletableFuture}s; as always with {@code CompletableFuture}, cancelling a
     * derived stage does not cancel this one. If the runtime closes the task first (shutdown), the
     * returned future completes with a {@code CancellationException}. <b>Cancel safety:</b> what
     * the future did before the abort stays done; its unfinished work is dropped.
     *
     * <p><b>Threads:</b> the future is polled on runtime workers and the returned future is
     * completed there, so non-async dependent stages registered before completion run on the
     * worker that completed it (those registered later run on the registering thread). Keep them
     * short; use {@code thenApplyAsync(fn, runtime.executor())} or another executor for heavy
     * work. Calling {@code join()}/{@code get()} on a runtime worker blocks that worker: await the
     * future inside the task instead.
     *
     * <p>Fluent: {@code future.to(f -> toCompletableFuture(f, runtime))}, or
     * {@code future.to(CompletableFutureBridge::toCompletableFuture)} on the shared runtime. A
     * {@code CompletableFuture} is eager and holds one outcome for any number of readers, so
     * there is no second subscription to refuse: the future is spawned once, here.
     *
     * <p>If {@code future} is a {@link JoinHandle} (a task already spawned), this is
     * {@link #toCompletableFuture(JoinHandle)} with its forwarding task on {@code runtime}: the
     * task is not spawned again, and {@code cancel} aborts it.
     *
     * @param <T> the value type
     * @param future the future to run; the runtime owns it from now on
     * @param runtime the runtime that runs it
     * @return a {@code CompletableFuture} of the future's outcome
     * @throws NullPointerException if an argument is {@code null}
     * @throws java.util.concurrent.RejectedExecutionException if {@code runtime} is closed; the
     *     future is closed then
     */
    @SuppressWarnings("unchecked")
    public static <T> CompletableFuture<T> toCompletableFuture(PollFuture<T> future, PollRuntime runtime) {
        Objects.requireNonNull(future, "future");
        Objects.requireNonNull(runtime, "runtime");
        if (future instanceof JoinHandle) {
            return CompletableFutureFromFuture.forward((JoinHandle<T>) future, runtime);
        }
        return CompletableFutureFromFuture.spawn(future, runtime);
    }

    /**
     * A {@code CompletableFuture} of an already spawned task's outcome.
     *
     * <p>A small forwarding task on {@link PollRuntime#shared()} awaits the handle and completes the
     * returned future; the handle is consumed (do not poll it yourself). <b>Cancellation:</b>
     * {@code cancel(...)} (or any completion by a caller) aborts the task, on whichever runtime it
     * runs; an abort by someone else makes the returned future cancelled. <b>Threads:</b>
     * non-async dependent stages run on a worker of the shared runtime.
     *
     * @param <T> the value type
     * @param handle the running task; consumed by the forwarding task
     * @return a {@code CompletableFuture} of the task's outcome
     * @throws NullPointerException if {@code handle} is {@code null}
     */
    public static <T> CompletableFuture<T> toCompletableFuture(JoinHandle<T> handle) {
        Objects.requireNonNull(handle, "handle");
        return CompletableFutureFromFuture.forward(handle, PollRuntime.shared());
    }

    /**
     * Migration helper for {@code thenCompose}: turns a function that returns a
     * {@link PollFuture} into one that returns a {@code CompletableFuture}, by running each
     * future on {@link PollRuntime#shared()}. One stage of a chain becomes a pull-model future
     * without touching the others:
     * <pre>{@code
     * cf.thenCompose(CompletableFutureBridge.toCompletableFutureFunction(orders::fetch))   // orders.fetch returns a PollFuture
     * }</pre>
     * Each call of the returned function is {@link #toCompletableFuture(PollFuture)}: cancelling
     * the stage it returned aborts the task.
     *
     * @param <T> the input type of the stage
     * @param <U> the value type of the futures {@code fn} returns
     * @param fn builds the future for each input
     * @return a function usable with {@code thenCompose}
     * @throws NullPointerException if {@code fn} is {@code null}, or later if it returns {@code null}
     */
    public static <T, U> Function<T, CompletableFuture<U>> toCompletableFutureFunction(Function<? super T, ? extends PollFuture<U>> fn) {
        Objects.requireNonNull(fn, "fn");
        return value -> toCompletableFuture(Objects.requireNonNull(fn.apply(value), "fn returned null"));
    }

    /**
     * {@link #toCompletableFutureFunction(Function)} on the given runtime: each call of the returned function is
     * {@link #toCompletableFuture(PollFuture, PollRuntime)}. {@code thenCompose} calls it on the thread
     * that completed the previous stage (a runtime worker, if that stage was bridged too); it only
     * spawns, so it never blocks that thread.
     *
     * @param <T> the input type of the stage
     * @param <U> the value type of the futures {@code fn} returns
     * @param fn builds the future for each input
     * @param runtime the runtime the futures run on
     * @return a function usable with {@code thenCompose}
     * @throws NullPointerException if an argument is {@code null}, or later if {@code fn} returns
     *     {@code null}
     */
    public static <T, U> Function<T, CompletableFuture<U>> toCompletableFutureFunction(
            Function<? super T, ? extends PollFuture<U>> fn, PollRuntime runtime) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(runtime, "runtime");
        return value -> toCompletableFuture(Objects.requireNonNull(fn.apply(value), "fn returned null"), runtime);
    }

    /**
     * Migration helper for {@code flatMap}: turns a function that returns a
     * {@code CompletionStage} (a service not migrated yet) into one that returns a
     * {@link PollFuture}, so a Pollbridge chain can await it:
     * <pre>{@code
     * user.flatMap(CompletableFutureBridge.toPollFutureFunction(legacyOrders::fetchAsync))
     * }</pre>
     * Each call of the returned function calls {@code fn} at once (the stage starts then, as
     * {@code CompletableFuture}s do) and wraps the stage with {@link #toPollFuture(CompletionStage)}:
     * closing the future cancels the stage.
     *
     * @param <T> the input type
     * @param <U> the value type of the stages {@code fn} returns
     * @param fn starts the stage for each input
     * @return a function usable with {@code flatMap}
     * @throws NullPointerException if {@code fn} is {@code null}, or later if it returns {@code null}
     */
    public static <T, U> Function<T, PollFuture<U>> toPollFutureFunction(Function<? super T, ? extends CompletionStage<U>> fn) {
        Objects.requireNonNull(fn, "fn");
        return value -> toPollFuture(Objects.requireNonNull(fn.apply(value), "fn returned null"));
    }
}
