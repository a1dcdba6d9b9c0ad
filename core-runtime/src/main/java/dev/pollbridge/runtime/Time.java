package dev.pollbridge.runtime;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.time.WithCurrentTimers;
import dev.pollbridge.runtime.time.Sleep;
import java.time.Duration;
import java.util.Objects;

/**
 * Timers of the runtime that polls them: {@link #timeout}, {@link #timeoutOrNull} and
 * {@link #sleep} with no {@code PollRuntime} argument, as Tokio's {@code time::timeout} and
 * {@code time::sleep} use the current runtime's timer.
 *
 * <pre>{@code
 * PollFuture<User> user = Time.timeout(userService.find(id), Duration.ofSeconds(2));
 * PollFuture<User> orNull = Time.timeoutOrNull(userService.find(id), Duration.ofSeconds(2));
 * }</pre>
 *
 * <h2>Which runtime</h2>
 * The one whose poll it is, read from the poll's {@link dev.pollbridge.api.Context} at the first
 * poll: a runtime's task and its {@code blockOn} poll with a context that carries the runtime,
 * and every combinator, {@code Async} body and adapter passes that context on to what it polls.
 * So these futures may be built anywhere (on any thread, before the runtime exists) and find
 * their runtime when a task of it, or its {@code blockOn}, first awaits them. The thread does not
 * matter, only the poller: the same future polled by hand on a worker thread has no runtime.
 *
 * <p><b>Tests.</b> A {@code TestRuntime}'s tasks and its {@code blockOn} carry it like any
 * runtime's, so these timers run on its clock: with {@code TestRuntime.withVirtualTime()} they
 * fire when the test advances virtual time. A plain {@code MockTask} carries no runtime; a
 * {@code TestRuntime}'s {@code mockTask(future)} is a {@code MockTask} that carries it.
 *
 * <h2>Outside a runtime</h2>
 * Polled with a context that carries no runtime (a {@code MockTask}, a
 * {@code Context.of(waker)} made by hand, another library's poller), the first poll fails with an
 * {@link IllegalStateException} that says so and names the fixes (poll it inside a runtime, or
 * name the runtime: {@code runtime.timeout(future, d)}, {@code runtime.sleep(d)}); the work given
 * to a timeout is closed. The {@code PollRuntime} methods of the same names work under any poller.
 *
 * <h2>When the time starts</h2>
 * At the first poll, the first moment the runtime, and so its clock, is known: the deadline is
 * {@code d} after that poll on the runtime's clock. A future awaited where it is built
 * ({@code Async.await(Time.timeout(work, d))}) starts at once either way; one built long before
 * it is first polled gets its whole {@code d} from then. ({@code runtime.timeout(future, d)}
 * counts from the call instead.)
 *
 * <p><b>Threads.</b> A timer's waker is called on the runtime's timer thread, or, on a
 * {@link VirtualClock}, on the thread that advances it; the work is polled by the owner, in the
 * owner's poll. Owned and closed by one owner, as any future.
 */
public final class Time {

    private Time() {}

    /**
     * Runs {@code future} with a time limit of {@code duration}, on the timers of the runtime
     * that polls it (a select between the future and a timer, rule 14): if the future finishes
     * first, its value or failure is the result and the timer is removed at once; if the time
     * runs out first, the future is closed and the result fails with
     * {@link java.util.concurrent.TimeoutException}. Each poll polls the future first, so a
     * result ready at the deadline wins. The returned future owns {@code future} and closes it
     * exactly once. The limit counts from the first poll.
     *
     * <p>Polled outside a runtime, it fails at its first poll with an
     * {@link IllegalStateException} naming the cause and the fix, and closes {@code future}
     * (see the class comment).
     *
     * <p><b>Cancel safety:</b> exactly as cancel-safe as {@code future}.
     *
     * @param <T> the value type
     * @param future the work to bound; the returned future owns it
     * @param duration the time limit, from the first poll; zero or negative times out at the
     *     first poll unless {@code future} is ready then
     * @return a future of {@code future}'s outcome, or failed with {@code TimeoutException}
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if {@code future} already has an owner (rule 11, {@link SingleUse})
     */
    public static <T> PollFuture<T> timeout(PollFuture<T> future, Duration duration) {
        Objects.requireNonNull(future, "future");
        Objects.requireNonNull(duration, "duration");
        SingleUse.claim(future, "Time.timeout"); // at the hand-over: a future with another owner is refused here
        return new WithCurrentTimers<>(timers -> timers.timeoutOfClaimed(future, duration, false), future,
                "Time.timeout(future, " + duration + ")", "runtime.timeout(future, " + duration + ")");
    }

    /**
     * {@link #timeout} that answers {@code null} when the time runs out, instead of failing
     * (kotlinx's {@code withTimeoutOrNull}): the future's value if it finishes first, or
     * {@code null}, with the future closed, if the time runs out first. A failure of the future
     * is passed on as it is, a {@link java.util.concurrent.TimeoutException} of its own included:
     * only this limit gives {@code null}. For a future whose own value may be {@code null}, the
     * two cannot be told apart: use {@link #timeout} there.
     *
     * <p>Polled outside a runtime, it fails as {@link #timeout} does.
     *
     * <p><b>Cancel safety:</b> exactly as cancel-safe as {@code future}.
     *
     * @param <T> the value type
     * @param future the work to bound; the returned future owns it
     * @param duration the time limit, from the first poll
     * @return a future of {@code future}'s value, or of {@code null} if the time ran out first
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if {@code future} already has an owner (rule 11, {@link SingleUse})
     */
    public static <T> PollFuture<T> timeoutOrNull(PollFuture<T> future, Duration duration) {
        Objects.requireNonNull(future, "future");
        Objects.requireNonNull(duration, "duration");
        SingleUse.claim(future, "Time.timeoutOrNull");
        return new WithCurrentTimers<>(timers -> timers.timeoutOfClaimed(future, duration, true), future,
                "Time.timeoutOrNull(future, " + duration + ")", null);
    }

    /**
     * A future that completes ({@code null}) once {@code duration} has passed since its first
     * poll on the clock of the runtime that polls it, at 1 ms resolution (never before). Zero
     * and negative durations are ready at the first poll. After the runtime is closed, an unfired
     * sleep fails with {@link java.util.concurrent.CancellationException}. For a sleep whose
     * deadline can be moved ({@link Sleep#reset}), or one counted from its creation, use
     * {@code runtime.sleep(d)}.
     *
     * <p>Polled outside a runtime, it fails at its first poll with an
     * {@link IllegalStateException} naming the cause and the fix (see the class comment).
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing it removes its timer in O(1).
     *
     * @param duration how long to wait, from the first poll
     * @return a future that completes after {@code duration}
     * @throws NullPointerException if {@code duration} is null
     */
    public static PollFuture<Void> sleep(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        return new WithCurrentTimers<>(timers -> timers.sleep(duration), null,
                "Time.sleep(" + duration + ")", "runtime.sleep(" + duration + ")");
    }
}
