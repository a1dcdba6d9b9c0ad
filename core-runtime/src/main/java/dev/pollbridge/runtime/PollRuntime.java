package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import dev.pollbridge.runtime.internal.scheduler.EngineConfig;
import dev.pollbridge.runtime.internal.scheduler.FailureReporter;
import dev.pollbridge.runtime.internal.scheduler.RuntimeThreads;
import dev.pollbridge.runtime.internal.time.TimeDriver;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.TaskDump;
import dev.pollbridge.runtime.sync.CancellationToken;
import dev.pollbridge.runtime.time.Clock;
import dev.pollbridge.runtime.time.Interval;
import dev.pollbridge.runtime.time.MissedTickBehavior;
import dev.pollbridge.runtime.time.Sleep;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The Pollbridge runtime: a work-stealing executor that polls spawned futures as tasks, a pool for
 * blocking work, and a clock with its timers ({@link #sleep}, {@link #timeout}, {@link #interval}).
 *
 * <pre>{@code
 * try (PollRuntime runtime = PollRuntime.create()) {
 *     JoinHandle<String> handle = runtime.spawn(fetchUser(id));
 *     String user = runtime.blockOn(handle);
 * }
 * }</pre>
 *
 * <h2>Threads</h2>
 * Tasks are polled on the runtime's worker threads ({@link PollRuntimeBuilder#workers(int)}), one
 * poll at a time per task; a task woken during its poll is polled again after it, never
 * concurrently. A poll must not block (rule 4): blocking work belongs in
 * {@link #spawnBlocking(Callable)}. Each task gets a poll budget (rule 16) and a poll longer than
 * the slow-poll threshold is reported. With {@code workers(0)} there are no worker threads: tasks
 * run on the thread inside {@link #blockOn}, in FIFO order (the deterministic flavour).
 *
 * <h2>Faults in user code</h2>
 * Every call the runtime's threads make into user code is contained: a future's {@code poll} or
 * {@code close}, a waker (the join waker of a task, a timer's or a blocking job's waker), the
 * uncaught-failure handler, the logging backend behind a slow-poll report, the clock. What such
 * a call throws, checked exceptions thrown sneakily included, never kills a runtime thread: a
 * {@code poll} that throws fails its task (its join handle gets the failure); everything else
 * goes to the {@linkplain PollRuntimeBuilder#uncaughtFailureHandler uncaught-failure handler} (and if
 * that throws, to {@link System.Logger}). A worker thread that dies anyway, of a throwable from
 * the runtime's own code, is logged, counted in {@link PollRuntimeMetrics#deadWorkers()} and replaced
 * by a new thread that takes over its queue. The table of faults is in {@code docs/reliability.md}.
 *
 * <h2>Lifecycle</h2>
 * A runtime starts its workers when built. {@link #close()} aborts every task, closes each task's
 * future exactly once and joins every thread the runtime started; {@link #shutdownGracefully}
 * first waits for the tasks to finish. The process-wide {@link #shared()} runtime cannot be
 * closed.
 *
 * <p>All methods are thread-safe.
 */
public final class PollRuntime implements AutoCloseable {

    private final Engine engine;
    /** The timers of this runtime, on its clock; closed after the engine in {@link #close()}. */
    private final TimeDriver time;
    private final boolean shared;
    private final Executor executor = this::execute;

    PollRuntime(EngineConfig config, boolean shared) {
        this.shared = shared;
        FailureReporter failures = new FailureReporter(config.uncaughtFailureHandler());
        this.time = new TimeDriver(config.clock(), RuntimeThreads.timer(config),
                failure -> failures.report(failure, "a waker or the clock, called by the timer thread"));
        this.engine = Engine.start(config, this, time);
    }

    /**
     * A runtime with one worker per available processor and the other defaults of {@link #builder()}.
     *
     * @return a started runtime; close it when done
     */
    public static PollRuntime create() {
        return builder().build();
    }

    /**
     * A builder for a configured runtime.
     *
     * @return a new builder with the defaults
     */
    public static PollRuntimeBuilder builder() {
        return new PollRuntimeBuilder();
    }

    /**
     * The process-wide runtime (the analogue of {@code ForkJoinPool.commonPool()}), started on first
     * use with the defaults, daemon threads and the thread-name prefix {@code pollbridge-shared-}.
     * Adapters use it when the caller names no runtime. It cannot be closed: {@link #close()} and
     * {@link #shutdownGracefully} on it throw {@link UnsupportedOperationException}.
     *
     * @return the shared runtime, started if it was not yet
     */
    public static PollRuntime shared() {
        return SharedHolder.INSTANCE;
    }

    /**
     * The runtime whose worker thread is running this code, or (on a thread inside
     * {@link #blockOn}) the runtime driving it; empty elsewhere.
     *
     * @return the current runtime, or empty outside the runtime's threads
     */
    public static Optional<PollRuntime> current() {
        Engine engine = Engine.current();
        // Every engine is started by a PollRuntime constructor with that runtime as its front.
        return engine == null ? Optional.empty() : Optional.of((PollRuntime) engine.front());
    }

    /**
     * True if {@code thread} is a worker thread of a Pollbridge runtime: a thread that polls tasks
     * and so must never block (rule 4 of {@code docs/concepts.md}). Made for blocking detectors:
     * {@code pollbridge-reactor} registers it with Reactor's
     * {@code Schedulers.registerNonBlockingThreadPredicate}, so {@code Mono.block()} throws on a
     * worker, and {@code pollbridge-blockhound} marks workers non-blocking for BlockHound.
     *
     * <p>A worker made by a {@linkplain PollRuntimeBuilder#threadFactory thread factory} counts while
     * it runs its worker loop. The runtime's timer thread, its blocking-pool threads
     * ({@link #spawnBlocking}) and a thread inside {@link #blockOn} are not workers: blocking there
     * is what they are for, or (for {@code blockOn}) the caller's own business.
     *
     * @param thread the thread to test
     * @return true if {@code thread} is a runtime worker thread
     * @throws NullPointerException if {@code thread} is null
     */
    public static boolean isWorkerThread(Thread thread) {
        return RuntimeThreads.isWorker(Objects.requireNonNull(thread, "thread"));
    }

    /**
     * A future that gives the worker to other tasks once (Tokio's {@code yield_now}): its first
     * poll wakes its own task and returns {@code pending}, so the task goes to the back of its
     * worker's queue and everything queued before it runs first; its second poll returns ready.
     * Usable under any poller (outside a runtime it is simply pending once). For long CPU work
     * split into steps; see also {@link dev.pollbridge.runtime.task.Coop}, which yields only when
     * the task's poll budget is spent.
     *
     * <p><b>Cancel safety:</b> cancel-safe; it holds nothing.
     *
     * @return a future that is pending once, then ready
     */
    public static PollFuture<Void> yieldNow() {
        return new YieldNow();
    }

    /**
     * Spawns {@code future} as an independent task and returns its handle. The task starts at once
     * (it is queued for a worker); the runtime owns the future from now on and closes it exactly
     * once, when it completes or is cancelled. A spawn from a worker thread queues the task on that
     * worker; from any other thread, on the global queue. Inheritable task-locals bound where
     * {@code spawn} is called are bound in the new task too
     * ({@link dev.pollbridge.runtime.task.TaskLocal#createInheritable}).
     *
     * <p><b>During shutdown.</b> Once {@link #close()} has started, a spawn made from inside this
     * runtime (a task's poll or close, any of its threads, the thread in {@link #blockOn}) does
     * not throw: as in Tokio, it returns the handle of a task that is already cancelled (its
     * future is closed before this returns, never polled, and the handle yields a
     * {@link java.util.concurrent.CancellationException}), the same fate as every task alive when
     * the shutdown began. The spawning task is being shut down too, and an exception thrown into
     * its poll would only turn that into a spurious failure. A spawn from outside the runtime
     * throws instead, so its caller learns the runtime is gone. A spawn from outside that races
     * with {@code close()} either throws or is accepted; an accepted task the shutdown missed is
     * cancelled by the spawning thread before this returns, so its handle always completes.
     *
     * @param <T> the value type
     * @param future the future to run as a task; the runtime owns it from now on
     * @return the task's handle: await it for the outcome, {@code abort()} it to cancel, close it to
     *     detach
     * @throws NullPointerException if {@code future} is null
     * @throws RejectedExecutionException if the runtime is closed and the caller is outside it
     *     (the future is not closed then: the caller still owns it)
     */
    public <T> JoinHandle<T> spawn(PollFuture<T> future) {
        return engine.spawn(future);
    }

    /**
     * Spawns {@code future} as a task that {@code token} cancels: the same as
     * {@code spawn(token.runUntilCancelled(future))}. When the token (or an ancestor) is
     * cancelled before the future finished, the future is closed at the task's next poll, which
     * the cancel wakes, and the handle yields a {@link java.util.concurrent.CancellationException},
     * as after {@link JoinHandle#abort()} (Tokio users write
     * {@code tokio::spawn(token.run_until_cancelled_owned(fut))}). Everything else is as
     * {@link #spawn(PollFuture)}.
     *
     * @param <T> the value type
     * @param future the future to run as a task; the runtime owns it from now on
     * @param token cancels the task
     * @return the task's handle
     * @throws NullPointerException if {@code future} or {@code token} is null
     * @throws RejectedExecutionException as {@link #spawn(PollFuture)}
     */
    public <T> JoinHandle<T> spawn(PollFuture<T> future, CancellationToken token) {
        Objects.requireNonNull(future, "future");
        return spawn(Objects.requireNonNull(token, "token").runUntilCancelled(future));
    }

    /**
     * Drives {@code future} to completion on the calling thread, parking it between wakes, and
     * returns its value. The future is closed when this returns or throws, whatever the outcome.
     *
     * <p><b>Failures</b> (the rule {@link Async#await} follows too; written once in
     * {@code docs/runtime.md}, section "Failures"). A {@link RuntimeException} or {@link Error}
     * the future failed with is rethrown as the same instance (so an aborted join throws
     * {@link java.util.concurrent.CancellationException}); a checked exception is wrapped in a
     * {@link java.util.concurrent.CompletionException} whose cause is the original. If the calling
     * thread is interrupted while waiting, the future is closed (cancelled) and a
     * {@code CompletionException} caused by an {@link InterruptedException} is thrown, with the
     * thread's interrupt status kept.
     *
     * <p><b>Async bodies it cancels.</b> If closing the future (on an interrupt, or a select
     * loser inside it) cancels {@link Async} bodies that were running, this returns or throws
     * only after those bodies have run their {@code finally} blocks, like
     * {@code StructuredTaskScope.close()}. That wait is not interruptible (the interrupt status
     * is kept) and not bounded: a cancelled body sees the cancellation at its next suspension
     * point and its awaits fail at once, so the wait lasts as long as its cleanup code runs. What
     * that cleanup throws is added as suppressed to the exception thrown here, or, when a value
     * is returned, handed to the uncaught-failure handler.
     *
     * <p>With {@code workers(0)}, the runtime's tasks run on this thread while it waits.
     *
     * @param <T> the value type
     * @param future the future to drive; this call owns it and closes it
     * @return the future's value, possibly {@code null}
     * @throws IllegalStateException at once if called inside a task (on a worker thread of any
     *     runtime, or in a task of a {@code workers(0)} runtime): blocking the thread that runs
     *     tasks could deadlock the runtime (await the future inside the task instead)
     * @throws RejectedExecutionException if the runtime is closed
     */
    public <T> T blockOn(PollFuture<T> future) {
        return engine.blockOn(future);
    }

    /**
     * {@link #blockOn(PollFuture)} with a limit on the wait (Reactor's {@code block(Duration)},
     * Mutiny's {@code await().atMost(d)}): drives {@code future} on the calling thread for at most
     * {@code timeout}, and if it is not ready by then, closes it (cancels it, as for any outcome
     * of {@code blockOn}) and throws a {@link java.util.concurrent.CompletionException} whose
     * cause is a {@link java.util.concurrent.TimeoutException} that names the limit (the shape
     * of the interrupt case: {@code TimeoutException} is checked, so the
     * {@linkplain #blockOn(PollFuture) failure rule} wraps it). The future is polled once more
     * when the time runs out, so a result that came just then wins. Zero or a negative
     * {@code timeout} polls it once.
     *
     * <p><b>Which time.</b> The limit is real time ({@link System#nanoTime()}) whatever the
     * runtime's {@linkplain #clock() clock}: it bounds how long the calling thread waits, so a
     * {@link dev.pollbridge.runtime.VirtualClock} does not stretch or shrink it. To bound
     * the work in the runtime's time (virtual time in tests), use
     * {@code blockOn(timeout(future, d))} instead.
     *
     * <p>Everything else is as for {@link #blockOn(PollFuture)}: the same failure rule, the same
     * wait for the {@link Async} bodies that closing the future cancels (not counted in the
     * limit), and it fails fast inside a task.
     *
     * @param <T> the value type
     * @param future the future to drive; this call owns it and closes it
     * @param timeout how long the calling thread may wait for the value
     * @return the future's value, possibly {@code null}
     * @throws java.util.concurrent.CompletionException caused by a
     *     {@link java.util.concurrent.TimeoutException} if the future was not ready in time (it
     *     was closed)
     * @throws IllegalStateException at once if called inside a task, as {@link #blockOn(PollFuture)};
     *     or if {@code future} already has an owner ({@link dev.pollbridge.api.SingleUse}, rule 11:
     *     it is not closed then)
     * @throws RejectedExecutionException if the runtime is closed
     * @throws NullPointerException if an argument is null (the future is not closed then: the
     *     caller still owns it)
     */
    public <T> T blockOn(PollFuture<T> future, Duration timeout) {
        Objects.requireNonNull(future, "future");
        Objects.requireNonNull(timeout, "timeout");
        long nanos;
        try {
            nanos = Math.max(0L, timeout.toNanos());
        } catch (ArithmeticException beyondLong) { // about 292 years or more
            nanos = timeout.isNegative() ? 0L : Engine.NO_TIMEOUT;
        }
        return engine.blockOn(future, nanos);
    }

    /**
     * Runs blocking {@code work} on the blocking pool and returns a future of its result. Unlike
     * most futures this one is not lazy: like {@link #spawn}, the work is submitted at once. The
     * pool grows up to {@link PollRuntimeBuilder#blockingThreads(int)} threads; more work waits in a
     * FIFO queue. The result (or the exception {@code work} threw) is the future's outcome.
     *
     * <p><b>Cancellation.</b> Closing the future before the work started removes it from the queue
     * (it never runs). Closing it while it runs interrupts the pool thread running it and drops
     * the result. Closing is the owner's job as always (rule 11).
     *
     * <p><b>During shutdown</b> the rule of {@link #spawn} applies: called from inside this
     * runtime it returns a future that fails with
     * {@link java.util.concurrent.CancellationException} (the work never runs).
     *
     * @param <T> the result type
     * @param work the blocking work; runs on a blocking-pool thread
     * @return a future of {@code work}'s result
     * @throws NullPointerException if {@code work} is null
     * @throws RejectedExecutionException if the runtime is closed and the caller is outside it
     */
    public <T> PollFuture<T> spawnBlocking(Callable<T> work) {
        return engine.spawnBlocking(work);
    }

    /**
     * An {@link Executor} whose {@link Runnable}s run as tasks of this runtime (each one a task
     * polled once). A runnable runs on a worker thread and must not block; if it throws, the
     * throwable goes to the uncaught-failure handler. {@code execute} throws
     * {@link RejectedExecutionException} once the runtime is closed.
     *
     * @return this runtime's executor
     */
    public Executor executor() {
        return executor;
    }

    private void execute(Runnable command) {
        Objects.requireNonNull(command, "command");
        engine.spawnDetached(new RunnableFuture(command));
    }

    /**
     * Hands {@code failure}, which no caller and no signal can carry any more (a {@code close()}
     * that threw, an error that arrived after its subscriber cancelled), to this runtime's
     * uncaught-failure handler ({@link PollRuntimeBuilder#uncaughtFailureHandler}), on the calling
     * thread, as the runtime does with the failure of a detached task. No task is spawned for it,
     * so it also reaches the handler while the runtime shuts down or after it closed. If the
     * handler throws, both throwables are logged, with {@code source} naming where the failure came
     * from. For bridges and adapters, like Reactor's {@code Operators.onErrorDropped}. Any thread;
     * never throws.
     *
     * @param failure the failure to report
     * @param source where it came from, such as {@code "the close() of a dropped item"}
     * @throws NullPointerException if {@code failure} or {@code source} is null
     */
    public void reportUncaught(Throwable failure, String source) {
        Objects.requireNonNull(failure, "failure");
        Objects.requireNonNull(source, "source");
        engine.reportUncaught(failure, source);
    }

    /**
     * A snapshot of the runtime's counters. Cheap enough to call every second; not per task.
     *
     * @return the counters as of now
     */
    public PollRuntimeMetrics metrics() {
        return engine.metrics();
    }

    /**
     * A dump of every live task that has been polled: its state, age, time since its last poll,
     * what it waits on (its future's {@code toString()}) and, with
     * {@link PollRuntimeBuilder#captureSpawnSites}, where it was spawned. For a task that hangs (rule
     * 5) or a runtime that seems stuck. A task still queued for its first poll is counted in
     * {@link PollRuntimeMetrics#tasksAlive()} but not listed: a task enters the registry this walks
     * when it first waits, so that one that finishes in its first poll never touches it.
     *
     * <p>The runtime keeps running while the dump is taken: no worker waits for it, tasks spawned
     * or completed meanwhile are tolerated, and each future's {@code toString()} is called on the
     * calling thread with no lock held (one that throws is noted in the entry, one that blocks
     * delays only this call). That {@code toString()} may run while a worker polls the same
     * future, so it should read only fields that are safe to read racily. Costs a walk of the
     * task registry and one {@code toString()} per task: for diagnostics, not for a hot path.
     *
     * @return the live tasks, oldest first
     */
    public TaskDump dump() {
        return engine.dump();
    }

    /**
     * A future that completes ({@code null}) once {@code duration} has passed on this runtime's
     * {@linkplain #clock() clock}, at 1 ms resolution: never before the deadline. The deadline is
     * fixed by this call; the timer is registered on the first poll. Zero and negative durations
     * are ready on the first poll.
     *
     * <p>Usable from any poller (a task of this runtime, a combinator, another executor). The
     * waker is called on the runtime's timer thread, or, with a {@code VirtualClock}, on the
     * thread that advances the clock. After the runtime is closed, an unfired sleep fails with
     * {@link java.util.concurrent.CancellationException}.
     *
     * <p>The returned {@link Sleep} can be {@linkplain Sleep#reset(long) reset} to another
     * deadline, and tells its {@linkplain Sleep#deadline() deadline}.
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing the sleep removes its timer in O(1).
     *
     * @param duration how long to wait, from this call
     * @return a future that completes after {@code duration}
     */
    public Sleep sleep(Duration duration) {
        return time.sleep(duration);
    }

    /**
     * A future that completes ({@code null}) once this runtime's {@linkplain #clock() clock} reads
     * {@code deadlineNanos} or later: a value of {@link Clock#nanoTime()} (monotonic nanoseconds,
     * not a wall-clock instant; see {@link Sleep} for how that works with a
     * {@link dev.pollbridge.runtime.VirtualClock}). A deadline in the past is ready on the
     * first poll. Everything else is as for {@link #sleep(Duration)}.
     *
     * <pre>{@code
     * long deadline = runtime.clock().nanoTime() + Duration.ofSeconds(30).toNanos();
     * ... later, wherever the deadline travelled:
     * Async.await(runtime.sleepUntil(deadline));
     * }</pre>
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing the sleep removes its timer in O(1).
     *
     * @param deadlineNanos the deadline, a value of this runtime's {@code clock().nanoTime()}
     * @return a resettable sleep; lazy, the timer is registered at its first poll
     */
    public Sleep sleepUntil(long deadlineNanos) {
        return time.sleepUntil(deadlineNanos);
    }

    /**
     * Runs {@code future} with a time limit of {@code duration} from now (a select between the
     * future and a timer). If the future finishes first, its result is returned and the timer is
     * removed at once; if the deadline comes first, the future is closed and the result fails
     * with {@link java.util.concurrent.TimeoutException}. Each poll polls the future first, so a
     * result ready at the deadline wins. The returned future owns {@code future} and closes it
     * exactly once.
     *
     * <p><b>Cancel safety:</b> exactly as cancel-safe as {@code future}.
     *
     * @param <T> the value type
     * @param future the work to bound; the returned future owns it
     * @param duration the time limit, from this call
     * @return a future of {@code future}'s outcome, or failed with {@code TimeoutException}
     */
    public <T> PollFuture<T> timeout(PollFuture<T> future, Duration duration) {
        return time.timeout(future, duration);
    }

    /**
     * Runs {@code future} until {@code deadlineNanos} on this runtime's clock (a value of
     * {@link Clock#nanoTime()}), then closes it and fails with
     * {@link java.util.concurrent.TimeoutException}: {@link #timeout(PollFuture, Duration)} with an
     * absolute limit, for work under one deadline that several steps share. A deadline in the
     * past times out on the first poll unless {@code future} is ready then.
     *
     * <p><b>Cancel safety:</b> exactly as cancel-safe as {@code future}.
     *
     * @param <T> the value type
     * @param future the work to bound; closed if the deadline passes first
     * @param deadlineNanos the deadline, a value of this runtime's {@code clock().nanoTime()}
     * @return a future of {@code future}'s outcome, or of a {@code TimeoutException}
     */
    public <T> PollFuture<T> timeoutAt(PollFuture<T> future, long deadlineNanos) {
        return time.timeoutAt(future, deadlineNanos);
    }

    /**
     * A stream of ticks {@code 0, 1, 2, ...}: the first at once, then one per {@code period} on
     * the grid {@code start + k * period} of this runtime's clock. Missed ticks are skipped
     * (Tokio's {@code MissedTickBehavior::Skip}): a consumer that polls late gets one tick at
     * once, and the next at the next grid point after now. Never ends on its own.
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing the stream removes its timer.
     *
     * @param period the time between ticks, at least 1 ms
     * <p>The returned {@link Interval} also gives each tick's scheduled instant
     * ({@link Interval#tick()}) and can be {@linkplain Interval#reset() reset}.
     *
     * @return an endless stream of tick numbers
     * @throws IllegalArgumentException if {@code period} is under 1 ms (the timer resolution)
     */
    public Interval interval(Duration period) {
        return time.interval(period, MissedTickBehavior.SKIP);
    }

    /**
     * Like {@link #interval(Duration)}, with missed ticks handled as {@code missed} says
     * ({@link MissedTickBehavior#BURST}, {@link MissedTickBehavior#DELAY} or
     * {@link MissedTickBehavior#SKIP}, Tokio's semantics). Each tick spends one unit of the
     * polling task's poll budget, so a bursting interval cannot keep its task polling for ever.
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing the stream removes its timer.
     *
     * @param period the time between two ticks, at least 1 ms
     * @param missed what to do with ticks the consumer was too late for
     * @return an endless stream of tick numbers, starting at 0
     * @throws IllegalArgumentException if {@code period} is under 1 ms (the timer resolution)
     */
    public Interval interval(Duration period, MissedTickBehavior missed) {
        return time.interval(period, missed);
    }

    /**
     * The runtime's clock.
     *
     * @return the clock this runtime's timers use
     */
    public Clock clock() {
        return engine.config().clock();
    }

    /**
     * Shuts the runtime down and waits for it: stops accepting work (spawns then throw
     * {@link RejectedExecutionException}), aborts every task and closes each task's future exactly
     * once (so their join handles yield {@link java.util.concurrent.CancellationException}),
     * drops queued blocking work and interrupts running blocking work, then joins every thread the
     * runtime started (the timer thread included; outstanding timers fail with
     * {@link java.util.concurrent.CancellationException}). Afterwards no thread of this runtime is
     * alive. Idempotent; a concurrent second call waits for the first and returns only once no
     * thread of the runtime is alive either.
     *
     * <p><b>Called on one of this runtime's worker threads</b> (from inside a task), it does all of
     * the above except joining the calling worker: the calling task's poll carries on, the task is
     * cancelled (its future closed) as soon as that poll returns, and the worker then exits. A
     * {@code close()} from any other thread (a second call) waits for that worker to exit. The
     * same holds for a close from a blocking-pool thread. A second call made on a worker or
     * blocking thread of this runtime returns at once (that thread cannot wait for itself).
     * Blocking work that ignores interrupts delays {@code close()} until it returns.
     *
     * <p><b>Unwinding Async bodies.</b> Aborting a task whose future is (or contains) a running
     * {@link Async} body makes the body unwind on its own thread; the task completes after its
     * {@code finally} blocks ran. {@code close()} waits up to 10 seconds for those bodies. If some
     * are still unwinding then, it logs a {@code WARNING} naming them and their tasks and returns
     * anyway; {@link PollRuntimeMetrics#unwindingBodies()} counts them until they end, and their
     * tasks' join handles complete when they do. Called on a worker thread, it does not wait.
     *
     * @throws UnsupportedOperationException on {@link #shared()}
     */
    @Override
    public void close() {
        if (shared) {
            throw new UnsupportedOperationException("PollRuntime.shared() cannot be closed");
        }
        try {
            engine.close();
        } finally {
            time.close();
        }
    }

    /**
     * Waits up to {@code deadline} for every task to finish (tasks may still spawn more meanwhile),
     * then {@link #close()}s, waiting for the {@link Async} bodies that the close cancels to unwind
     * until the same deadline (not the 10 seconds of {@code close()}): the deadline bounds the
     * whole shutdown. Bodies still unwinding at the deadline are named as {@code close()} names
     * them. A task whose future was itself waiting for an unwinding body counts as not finished.
     * Called on a worker thread it does not wait (the calling task is itself alive) and just
     * closes.
     *
     * @param deadline how long to wait for the tasks before closing
     * @return true if no task was left when the runtime closed
     * @throws UnsupportedOperationException on {@link #shared()}
     */
    public boolean shutdownGracefully(Duration deadline) {
        if (shared) {
            throw new UnsupportedOperationException("PollRuntime.shared() cannot be shut down");
        }
        try {
            return engine.shutdownGracefully(deadline);
        } finally {
            time.close();
        }
    }

    /**
     * True once {@link #close()} has started, including the close that ends
     * {@link #shutdownGracefully}. While a graceful shutdown still waits for the tasks, the
     * runtime is open: this returns false and tasks may still spawn.
     *
     * @return true if the runtime is closed or closing
     */
    public boolean isClosed() {
        return engine.isClosed();
    }

    @Override
    public String toString() {
        return "PollRuntime[" + engine.config().threadNamePrefix() + ", workers=" + engine.config().workers() + "]";
    }

    /** Engine access for the test kit's deterministic runtime (same module, not exported). */
    Engine engine() {
        return engine;
    }

    /** The lazily started shared runtime (class-holder idiom: started on first access). */
    private static final class SharedHolder {
        static final PollRuntime INSTANCE = new PollRuntimeBuilder().threadNamePrefix("pollbridge-shared-").buildShared();
    }

    /** An executor runnable as a future that runs it on its first poll. */
    private static final class RunnableFuture implements PollFuture<Void> {
        private final Runnable command;

        RunnableFuture(Runnable command) {
            this.command = command;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            command.run();
            return Poll.ready(null);
        }

        @Override
        public String toString() {
            return command.toString();
        }
    }
}
