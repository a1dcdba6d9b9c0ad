package dev.pollbridge.runtime;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.runtime.async.AsyncEmitter;
import dev.pollbridge.runtime.async.AsyncMode;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.internal.async.AsyncEngine;
import dev.pollbridge.runtime.internal.async.Fiber;
import java.util.Objects;

/**
 * Straight-line async code without Kotlin: {@code async}/{@code await} on top of poll-based
 * futures.
 *
 * <pre>{@code
 * PollFuture<Receipt> checkout = Async.run(() -> {
 *     User user = Async.await(users.find(id));          // suspends the body, not a worker
 *     Cart cart = Async.await(carts.of(user));
 *     return Async.await(payments.charge(user, cart.total()));
 * });
 * Receipt receipt = runtime.blockOn(checkout);          // or spawn it, or await it in another body
 * }</pre>
 *
 * <h2>Modes: where the body runs</h2>
 * The <em>owner</em> of an {@code Async} future or stream is whoever polls it (a task,
 * {@code blockOn}, a combinator). {@link #mode()} tells which of two engines runs the bodies; it
 * is chosen once per JVM ({@code docs/async.md}, "Modes"):
 * <ul>
 *   <li><b>{@link AsyncMode#CONTINUATION}</b> (Java 21+ with
 *       {@code --add-exports java.base/jdk.internal.vm=dev.pollbridge.runtime}, or
 *       {@code =ALL-UNNAMED} on the class path): the body is a continuation that its owner runs
 *       inside its own poll, on the owner's thread, like a Rust {@code async} block. The first
 *       poll runs the body up to its first pending {@code await}; an {@code await} polls its
 *       future right there with the owner's context (waker, poll budget, task-locals, slow-poll
 *       timing): a ready one costs one poll, a pending one suspends the body and the poll returns
 *       pending; the next poll resumes the body on whichever thread polls.
 *   <li><b>Thread modes</b> ({@link AsyncMode#VIRTUAL_THREAD}, {@link AsyncMode#PLATFORM_THREAD}:
 *       Java 17, Java 21+ without the export, or {@code -Ddev.pollbridge.async.mode=threads}):
 *       the first poll starts the body on a thread of its own; an {@code await} hands its future
 *       to the owner and parks the body thread, and the owner's polls poll it, with the owner's
 *       context, and hand the result back. On Java 17 the threads come from a bounded pool (256,
 *       {@code -Ddev.pollbridge.async.maxPlatformThreads=N}); a suspended body holds its thread.
 * </ul>
 * In both modes a value reaches the body only during a poll of its owner (a Rust
 * {@code async} block's property): closing the owner between two polls closes the pending
 * future, so a cancel-safe one (a {@code Channel} receive, a {@code Semaphore} acquire) keeps its
 * value at the source, and a result that an aborted task's poll still obtained is dropped (closed
 * if {@link AutoCloseable}) instead of handed over. A value already handed over belongs to the
 * body.
 *
 * <h2>A body does not block</h2>
 * As in Rust and kotlinx, a body waits only with {@link #await}, {@link #next} and
 * {@link AsyncEmitter#emit}. In continuation mode it runs on a runtime worker, so a blocking call
 * blocks that worker like any blocking poll (pull-model rule 4): slow-poll reports, Reactor's
 * {@code NonBlocking} check and BlockHound apply to it. Put blocking work in
 * {@code PollRuntime.spawnBlocking} and await that future, in either mode.
 *
 * <h2>Cancellation</h2>
 * Closing the returned future or stream cancels the body, following rules 11 and 12:
 * <ul>
 *   <li>a body that has not started never runs;
 *   <li>the {@code await}, {@code next} or {@code emit} the body is suspended in throws
 *       {@link java.util.concurrent.CancellationException}, after the pending future was closed;
 *       {@code finally} blocks and try-with-resources run, code after the suspension point does
 *       not; every later {@code await}, {@code next} or {@code emit} throws at once (an
 *       {@code await} still closes the future it was given), so cleanup cannot wait;
 *   <li>continuation mode: {@code close()} resumes the suspended body once, so it unwinds inside
 *       {@code close()}, on the closing thread, like a Rust drop; thread mode: {@code close()}
 *       closes the pending future, sets a flag and unparks the body thread, which unwinds on its
 *       own (it does not interrupt it).
 * </ul>
 * Whoever closed a running body learns that it ended only after its {@code finally} blocks ran:
 * a task's {@link dev.pollbridge.api.JoinHandle} and its {@code TaskScope} count it as ended,
 * and {@link PollRuntime#blockOn} returns, only then (in thread mode without holding a worker). What a
 * cancelled body's cleanup throws is never dropped: it is added as suppressed to the
 * {@link java.util.concurrent.CancellationException} a joiner or {@code blockOn} caller receives,
 * or goes to the hook of the adapter that cancelled it ({@code Hooks.onErrorDropped},
 * {@code RxJavaPlugins.onError}), or else to the runtime's uncaught-failure handler. A value a
 * cancelled body returns anyway is dropped (closed if {@link AutoCloseable}).
 *
 * <h2>Failures and checked exceptions</h2>
 * {@link #await} and {@link #next} follow the runtime's one failure rule, like
 * {@link PollRuntime#blockOn}: an unchecked failure ({@link RuntimeException}, {@link Error}) is
 * rethrown as the same instance; a checked one is wrapped in a
 * {@link java.util.concurrent.CompletionException} whose cause is the same instance, unless you
 * call {@link #await(PollFuture, Class)}, which declares the checked type. What the body throws
 * fails its future with that instance; a {@code CompletionException} that escapes the body fails
 * it with its cause, so a failure crosses nested bodies and the bridges unchanged.
 *
 * <h2>Thread-locals</h2>
 * A body sees the {@code TaskLocal} values and the thread-locals of the poll that resumes it
 * (context-propagation's, such as SLF4J's MDC, with {@code pollbridge-context-propagation} on the
 * path), in both modes, at every resume. What it sets itself lasts until its next suspension:
 * {@code TaskLocal} scopes it opens stay with the body; carried thread-locals are put back as they
 * were when it resumed, so nothing leaks to the worker's other tasks. A plain {@link ThreadLocal}
 * the runtime does not know belongs to the thread, as in any poll.
 *
 * <h2>Misuse</h2>
 * {@link #await} and {@link #next} outside a body throw {@link IllegalStateException} at once
 * (on a runtime worker the message says that the call would block the thread that runs tasks);
 * so does a suspension from inside a poll. In continuation mode, a suspension the JVM refuses (the
 * body is <em>pinned</em>: an {@code await} inside a class initializer, below a native frame, or
 * inside {@code synchronized} on Java 21 to 23) fails that call with an
 * {@link IllegalStateException} naming the cause, after closing the awaited future; the body goes
 * on and no worker hangs.
 */
public final class Async {

    private Async() {}

    /**
     * A future that runs {@code body}, starting at the first poll (see "Modes" for which thread
     * runs it).
     *
     * <p>The future obeys the poll contract: each poll runs or serves the body with the poll's
     * context and returns pending only while something holds its waker; ready and failed are
     * final and polling again throws {@link IllegalStateException}, as does polling after
     * {@code close()}. Polls never block (the body itself must not either).
     *
     * <p><b>Cancel safety:</b> as cancel-safe as the body up to its current suspension point.
     *
     * @param <T> the body's value type
     * @param body the code to run; it may call {@link #await} and {@link #next}
     * @return a lazy future of the body's value, failed with what the body throws
     * @throws NullPointerException if {@code body} is null
     */
    public static <T> PollFuture<T> run(AsyncBody<T> body) {
        return AsyncEngine.future(Objects.requireNonNull(body, "body"));
    }

    /**
     * A stream whose items {@code body} produces with {@link AsyncEmitter#emit(Object)}, starting at
     * the first poll. Each emit waits until the consumer has polled the
     * item, so the body runs at most one item ahead of its consumer (backpressure).
     * {@link AsyncEmitter#tryEmit} offers an item without waiting, and
     * {@link AsyncEmitter#isClosed} tells that the consumer went away; unlike {@code emit}, any
     * thread may call those two. The body returning ends the stream; the body throwing fails it
     * with that instance. Closing the stream cancels the body (see the class documentation).
     *
     * @param <T> the item type
     * @param body the code that emits the items; it may call {@link #await} and {@link #next}
     * @return a lazy stream of the emitted items
     * @throws NullPointerException if {@code body} is null
     */
    public static <T> PollStream<T> stream(AsyncStreamBody<T> body) {
        return AsyncEngine.stream(Objects.requireNonNull(body, "body"));
    }

    /**
     * Suspends the current {@code Async} body until {@code future} is ready and returns its
     * value, or throws its failure: an unchecked one as the same instance, a checked one wrapped
     * in a {@link java.util.concurrent.CompletionException} caused by it (see "Failures and
     * checked exceptions" above).
     *
     * <p>The future is polled in the owner's polls, on the owner's thread, with the owner's
     * context: in continuation mode right here (a ready future costs one poll and no suspension),
     * in thread mode by the owner while the body thread parks. This call takes ownership of
     * {@code future} ({@link SingleUse#claim}: a future that already has an owner is refused): it
     * is closed exactly once, when it is ready or the owner is closed (or at once, if the body was
     * cancelled before).
     *
     * <p><b>Cancel safety:</b> the value moves from {@code future} into the body only during a
     * poll of the owner. If the owner is closed while this waits, {@code future} is closed
     * (cancelled) on the closing thread and this throws
     * {@link java.util.concurrent.CancellationException}; whatever the future had not done is not
     * done, and a cancel-safe future keeps its value. Once this returned, the value is the
     * body's.
     *
     * @param <T> the value type
     * @param future the future to wait for; this call owns it from now on
     * @return the future's value, possibly {@code null}
     * @throws IllegalStateException if called outside an {@code Async} body, on a runtime worker
     *     too (before touching the future: use {@link PollRuntime#blockOn} from plain code, compose
     *     futures inside a poll), or from inside a poll that the body makes; in continuation mode
     *     also if the JVM refuses to suspend the body (pinned: a class initializer or native
     *     frame on its stack, or {@code synchronized} on Java 21 to 23), after closing the future;
     *     and if {@code future} already has an owner (rule 11: it was spawned, awaited or handed
     *     to a combinator before), without touching it
     * @throws java.util.concurrent.CancellationException if the body was cancelled
     */
    public static <T> T await(PollFuture<T> future) {
        return await(future, RuntimeException.class);
    }

    /**
     * {@link #await(PollFuture)} that declares the checked exception {@code X} the future may
     * fail with: a failure that is an {@code X} is thrown as the same instance, so that a
     * {@code catch (X e)} around it compiles and catches it; any other failure follows the rule of
     * {@link #await(PollFuture)}.
     *
     * <pre>{@code
     * try {
     *     bytes = Async.await(file.read(), IOException.class);
     * } catch (IOException e) { ... }
     * }</pre>
     *
     * @param <T> the value type
     * @param <X> the checked failure type to declare
     * @param future the future to wait for; this call owns it from now on
     * @param failureType the class of {@code X}; only used to infer it
     * @return the future's value, possibly {@code null}
     * @throws X the future's failure, if it is an {@code X} (any other failure is rethrown undeclared)
     */
    public static <T, X extends Throwable> T await(PollFuture<T> future, Class<X> failureType) throws X {
        Objects.requireNonNull(future, "future");
        Objects.requireNonNull(failureType, "failureType");
        Fiber body = Fiber.current("Async.await");
        return body.await(SingleUse.claim(future, "Async.await"), failureType); // the hand-over (rule 11)
    }

    /**
     * Suspends the current {@code Async} body until {@code stream} yields its next item, and
     * returns it; returns {@code null} at the end of the stream; throws its failure as
     * {@link #await(PollFuture)} does. Unlike {@link #await}, this does not take ownership: the
     * body closes the stream (try-with-resources), also on cancellation, since {@code finally}
     * blocks run. Do not call it again after {@code null} or a failure.
     *
     * <pre>{@code
     * try (PollStream<Row> rows = db.rows()) {
     *     for (Row row = Async.next(rows); row != null; row = Async.next(rows)) { ... }
     * }
     * }</pre>
     *
     * <p>The stream is polled by the owner, as {@link #await} polls its future, and an item moves
     * into the body only during an owner poll.
     *
     * <p><b>Cancel safety:</b> as the stream's own {@code pollNext}: an item the stream had not
     * handed over when the owner was closed stays in the stream.
     *
     * @param <T> the item type
     * @param stream the stream to take from; the caller keeps owning it
     * @return the next item, or {@code null} at the end of the stream
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws java.util.concurrent.CancellationException if the body was cancelled
     */
    public static <T> T next(PollStream<T> stream) {
        Objects.requireNonNull(stream, "stream");
        return Fiber.current("Async.next").next(stream);
    }

    /**
     * True if the calling code runs inside an {@code Async} body (while the body runs).
     *
     * @return true inside a running {@code Async} body
     */
    public static boolean inBody() {
        return Fiber.inBody();
    }

    /**
     * The mode every {@code Async} body of this JVM runs in, chosen once at the first use: see
     * "Modes" above.
     *
     * @return the mode in force
     */
    public static AsyncMode mode() {
        return AsyncEngine.mode();
    }
}
