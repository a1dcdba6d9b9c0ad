package dev.pollbridge.runtime;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.async.BodyLauncher;
import dev.pollbridge.runtime.internal.async.BodyLaunchers;
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
 *
 * PollStream<Row> rows = Async.stream(emitter -> {
 *     for (Page page = Async.await(db.first()); page != null; page = Async.await(db.after(page))) {
 *         for (Row row : page.rows()) {
 *             emitter.emit(row);                         // waits until the consumer polls it
 *         }
 *     }
 * });
 * }</pre>
 *
 * <h2>Which thread runs the body</h2>
 * The body does not run on the thread that polls its future. The first poll starts it (lazily,
 * rule 2) on a thread of its own, and it keeps that thread until it ends:
 * <ul>
 *   <li><b>Java 21 and later:</b> a new virtual thread per body (named
 *       {@code pollbridge-async-N}). The jar targets Java 17, so virtual threads are found at run
 *       time by reflection; {@link #usesVirtualThreads()} tells which mode is in force.
 *   <li><b>Java 17 (or with {@code -Ddev.pollbridge.async.virtualThreads=false}):</b> a bounded
 *       pool of daemon platform threads, at most 256 by default
 *       ({@code -Ddev.pollbridge.async.maxPlatformThreads=N}). Bodies started beyond the bound
 *       wait in a FIFO queue until a pool thread is free. A suspended body still holds its
 *       thread, so a program whose running bodies all await bodies that are still queued
 *       deadlocks; raise the bound, or keep such fan-out in plain futures
 *       ({@code Futures.join}) instead of nested bodies. Idle pool threads end after 30 s.
 * </ul>
 * {@link #await} polls the awaited future <em>on the body thread</em>, with a waker that unparks
 * that thread, and parks it between polls. The thread that polls the {@code Async} future (a
 * runtime worker, say) is never blocked: its poll only starts the body, stores its waker and
 * looks for the result, and the body thread wakes it when the body returns.
 *
 * <h2>Cost of a suspended body</h2>
 * A body parked in {@code await} holds its thread's stack. On a virtual thread that is a heap
 * object sized by the stack depth of the body at the await (measured at 2 to 3 KB for a
 * shallow body; hundreds of thousands of suspended bodies fit in an ordinary heap). On the Java
 * 17 pool it is a platform thread: a native stack (reserved up to {@code -Xss}, committed as
 * used) and an OS thread, which is why the pool is bounded. A hand-written {@link PollFuture}
 * state machine costs tens of bytes; use {@code Async} where straight-line code is worth that.
 *
 * <h2>Cancellation</h2>
 * Closing the returned future or stream cancels the body, following rules 11 and 12:
 * <ul>
 *   <li>a body that has not started never runs;
 *   <li>the {@code await}, {@code next} or {@code emit} the body is parked in throws
 *       {@link java.util.concurrent.CancellationException} on the body thread; the awaited future
 *       is closed (once, by the body thread); {@code finally} blocks and try-with-resources run;
 *       code after the suspension point does not;
 *   <li>every later {@code await}, {@code next} or {@code emit} of that body throws at once
 *       (an {@code await} still closes the future it was given).
 * </ul>
 * {@code close()} itself never blocks: it sets a flag and unparks the body thread, and the body
 * unwinds on its own thread shortly after. It does not interrupt the thread (an interrupt would
 * close NIO channels the body's cleanup may still need), so a body busy in plain blocking code
 * sees the cancellation at its next suspension point. The outcome of a cancelled body is
 * dropped: nobody polls a closed future.
 *
 * <h2>Failures and checked exceptions</h2>
 * {@link #await} and {@link #next} follow the runtime's one failure rule, like
 * {@link Runtime#blockOn}: an unchecked failure ({@link RuntimeException}, {@link Error}) is
 * rethrown as the same instance; a checked one is wrapped in a
 * {@link java.util.concurrent.CompletionException} whose cause is the same instance (as
 * {@code CompletableFuture.join()} does), unless you call {@link #await(PollFuture, Class)},
 * which declares the checked type and rethrows it as it is. What the body throws fails its future
 * with that instance; a {@code CompletionException} that escapes the body fails it with its
 * cause, so a failure crosses nested bodies, {@code ReactorBridge.mono} and the other bridges
 * unchanged. The rule is written once in {@code docs/runtime.md}, section "Failures".
 *
 * <h2>Task-locals</h2>
 * The {@code TaskLocal} values in force when the {@code Async} future or stream is polled are
 * visible inside the body and to the futures it awaits. They are captured at each poll and
 * installed on the body thread whenever the body resumes (at start and after each await, next
 * or emit) and before each poll of an awaited future.
 *
 * <h2>Cancel safety</h2>
 * An {@code Async} future is exactly as cancel-safe as its body up to its current suspension
 * point: whatever the body did before it is done, and the awaited operation is cancelled by
 * closing it, so its own cancel safety applies. {@link AsyncEmitter#emit} drops an item that the
 * consumer had not taken yet.
 */
public final class Async {

    private Async() {}

    /**
     * A future that runs {@code body} on its own thread, starting at the first poll.
     *
     * <p>The future obeys the poll contract: each poll stores the latest waker; the body thread
     * wakes it when the body ends (no lost wake between the body ending and a poll); ready and
     * failed are final and polling again throws {@link IllegalStateException}. Polls never
     * block.
     *
     * @param <T> the body's value type
     * @param body the code to run; it may call {@link #await} and {@link #next}
     * @return a lazy future of the body's value, failed with what the body throws
     * @throws NullPointerException if {@code body} is null
     */
    public static <T> PollFuture<T> run(AsyncBody<T> body) {
        return run(body, BodyLaunchers.defaultLauncher());
    }

    /** {@link #run(AsyncBody)} on a given launcher (tests use small pools). */
    static <T> PollFuture<T> run(AsyncBody<T> body, BodyLauncher launcher) {
        return new AsyncFuture<>(Objects.requireNonNull(body, "body"), launcher);
    }

    /**
     * A stream whose items {@code body} produces with {@link AsyncEmitter#emit(Object)}, on its
     * own thread, starting at the first poll. Each emit waits until the consumer has polled the
     * item, so the body runs at most one item ahead of its consumer (backpressure). The body
     * returning ends the stream; the body throwing fails it with that instance. Closing the
     * stream cancels the body (see the class documentation).
     *
     * @param <T> the item type
     * @param body the code that emits the items; it may call {@link #await} and {@link #next}
     * @return a lazy stream of the emitted items
     * @throws NullPointerException if {@code body} is null
     */
    public static <T> PollStream<T> stream(AsyncStreamBody<T> body) {
        return stream(body, BodyLaunchers.defaultLauncher());
    }

    /** {@link #stream(AsyncStreamBody)} on a given launcher. */
    static <T> PollStream<T> stream(AsyncStreamBody<T> body, BodyLauncher launcher) {
        return new AsyncStream<>(Objects.requireNonNull(body, "body"), launcher);
    }

    /**
     * Suspends the current {@code Async} body until {@code future} is ready and returns its
     * value, or throws its failure: an unchecked one as the same instance, a checked one wrapped
     * in a {@link java.util.concurrent.CompletionException} caused by it (see "Failures and
     * checked exceptions" above).
     *
     * <p>The future is polled on the body thread, which parks between polls. This call takes
     * ownership of {@code future}: it closes it exactly once before returning or throwing,
     * whether it finished or not.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while waiting, the future is closed
     * (cancelled) and this throws {@link java.util.concurrent.CancellationException}; whatever the
     * future had not done is not done.
     *
     * @param <T> the value type
     * @param future the future to wait for; this call owns it from now on
     * @return the future's value, possibly {@code null}
     * @throws IllegalStateException if called outside an {@code Async} body (before touching the
     *     future: use {@link Runtime#blockOn} from plain code), or from inside a poll on a body
     *     thread
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
        return AsyncFiber.current("Async.await").await(future, failureType);
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
     * <p><b>Cancel safety:</b> as the stream's own {@code pollNext}: an item the stream had not
     * handed over stays in the stream.
     *
     * @param <T> the item type
     * @param stream the stream to take from; the caller keeps owning it
     * @return the next item, or {@code null} at the end of the stream
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws java.util.concurrent.CancellationException if the body was cancelled
     */
    public static <T> T next(PollStream<T> stream) {
        Objects.requireNonNull(stream, "stream");
        return AsyncFiber.current("Async.next").next(stream);
    }

    /**
     * True if the calling code runs inside an {@code Async} body (on its thread).
     *
     * @return true on an {@code Async} body's thread
     */
    public static boolean inBody() {
        return AsyncFiber.inBody();
    }

    /**
     * True if bodies run on virtual threads (Java 21+ and not disabled), false if they run on
     * the bounded platform-thread pool. Choosing the mode happens once, at first use.
     *
     * @return true if bodies run on virtual threads
     */
    public static boolean usesVirtualThreads() {
        return BodyLaunchers.defaultLauncher().virtual();
    }
}
