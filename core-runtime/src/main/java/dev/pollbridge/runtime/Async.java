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
 *       deadlocks (the pool reports that once, see "Misuse"); raise the bound, or keep such
 *       fan-out in plain futures ({@code Futures.join}) instead of nested bodies. Idle pool
 *       threads end after 30 s.
 * </ul>
 * The thread that polls the {@code Async} future (a runtime worker, say) is never blocked: its
 * poll starts the body if needed, serves what the body waits for, stores its waker and looks for
 * the result; the body thread wakes it when it needs it.
 *
 * <h2>How {@code await} works: the owner polls, the body waits</h2>
 * The <em>owner</em> of an {@code Async} future is whoever polls it (a task, {@code blockOn}, a
 * combinator). {@link #await} does not poll the awaited future on the body thread: it hands the
 * future to the owner, wakes the owner and parks the body. The owner's next poll polls the
 * awaited future on the owner's thread with the owner's {@link dev.pollbridge.api.Context}: the
 * awaited future's wake wakes the owner's task, its polls count against that task's budget and
 * slow-poll detection, and it sees the owner's task-locals. When the awaited future is ready, the
 * owner closes it, hands the value (or failure) to the body and unparks it; the body then runs
 * freely on its own thread until its next {@code await}, {@code next} or {@code emit}, where it
 * may also block in plain code without holding up a worker. So each {@code await} costs one hop
 * to the owner and one back (see {@code docs/performance.md}); in exchange:
 * <ul>
 *   <li><b>A value reaches the body only during a poll of its owner</b>, exactly as in a Rust
 *       {@code async} block. Closing the owner between two of its polls closes the pending
 *       awaited future on the closing thread, so a cancel-safe one (a {@code Channel} receive, a
 *       {@code Semaphore} acquire) keeps its value at the source: no item, no permit is lost.
 *   <li><b>A value already handed to the body belongs to the body</b>, as in Rust: if the owner
 *       is closed after the hand-over, the body keeps the value and the cancellation reaches it at
 *       its next suspension point, so that later suspension point may lose it (put a value that
 *       owns a resource in a try-with-resources right away).
 * </ul>
 *
 * <h2>Cancellation</h2>
 * Closing the returned future or stream cancels the body, following rules 11 and 12:
 * <ul>
 *   <li>a body that has not started never runs;
 *   <li>a pending {@code await} has its future closed on the closing thread, before the body
 *       resumes; then the {@code await}, {@code next} or {@code emit} the body is parked in throws
 *       {@link java.util.concurrent.CancellationException} on the body thread, {@code finally}
 *       blocks and try-with-resources run, code after the suspension point does not. The body
 *       never resumes normally from a suspension that was pending when its owner was closed, even
 *       if the awaited future completes right after;
 *   <li>every later {@code await}, {@code next} or {@code emit} of that body throws at once
 *       (an {@code await} still closes the future it was given).
 * </ul>
 * {@code close()} never blocks: it closes the pending future, sets a flag and unparks the body
 * thread, and the body unwinds on its own thread. It does not interrupt the thread (an interrupt
 * would close NIO channels the body's cleanup may still need), so a body busy in plain blocking
 * code sees the cancellation at its next suspension point.
 *
 * <h2>Structured ends: who waits for an unwinding body</h2>
 * Whoever closed a running body is told that it ended only once its {@code finally} blocks have
 * run: the close registers the unwinding body with the task being polled or closed on that thread
 * (an aborted task, a select loser, a join child), and that task's {@link JoinHandle} completes,
 * and its {@code TaskScope} counts it as ended, only after the body's end, without holding a
 * worker meanwhile. {@link Runtime#blockOn} returns only after the bodies it cancelled have
 * unwound (also when it is interrupted), and a body that closed another running body (a stream
 * read with {@link #next}, closed by try-with-resources) ends after it. {@link Runtime#close()}
 * and {@link Runtime#shutdownGracefully} wait for unwinding bodies up to their deadline and name
 * those that did not end. What a cancelled body's cleanup throws is never dropped: it is added as
 * suppressed to the {@link java.util.concurrent.CancellationException} (or other failure) that a
 * joiner or {@code blockOn} caller receives, and otherwise handed to the runtime's
 * uncaught-failure handler. A value a cancelled body returns anyway is dropped (closed if it is
 * {@link AutoCloseable}). An {@code Async} future closed outside any runtime (a hand-driven
 * poller) has nobody to wait for its body; its cleanup failures are logged.
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
 * visible inside the body, captured at each poll and installed on the body thread whenever the
 * body resumes. The futures the body awaits are polled by the owner, so they see the owner's
 * values directly; values the body bound itself around an await ({@code TaskLocal.syncScope})
 * are installed around that future's polls and close.
 *
 * <h2>Cancel safety</h2>
 * An {@code Async} future is exactly as cancel-safe as its body up to its current suspension
 * point: whatever the body did before it is done, a value handed to the body is the body's, and
 * the pending operation is cancelled by closing it, so its own cancel safety applies.
 * {@link AsyncEmitter#emit} returns normally exactly when the consumer took the item; an item the
 * consumer had not taken is dropped.
 *
 * <h2>Misuse</h2>
 * {@link #await} and {@link #next} outside a body throw {@link IllegalStateException} at once;
 * on a runtime worker thread the message says that the call would block the thread that runs
 * tasks, as {@link Runtime#blockOn} does there. On the Java 17 pool, when every pool thread holds
 * a suspended body while bodies wait in the queue, the pool logs a warning once, naming
 * {@code -Ddev.pollbridge.async.maxPlatformThreads}.
 */
public final class Async {

    private Async() {}

    /**
     * A future that runs {@code body} on its own thread, starting at the first poll.
     *
     * <p>The future obeys the poll contract: each poll stores the latest waker and serves what
     * the body awaits (see "How await works"); the body thread wakes the owner when it suspends
     * or ends (no lost wake between that and a poll); ready and failed are final and polling
     * again throws {@link IllegalStateException}, as does polling after {@code close()}. Polls
     * never block.
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
     * <p>The future is handed to the owner of the body's {@code Async} future and polled in the
     * owner's polls, on the owner's thread, with its waker; the body thread parks meanwhile. This
     * call takes ownership of {@code future}: it is closed exactly once, by the owner when it is
     * ready or the owner is closed (or here, if the body was cancelled before).
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
     *     too (before touching the future: use {@link Runtime#blockOn} from plain code, compose
     *     futures inside a poll), or from inside a task's poll on a body thread
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
