package dev.pollbridge.test.runtime;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import dev.pollbridge.runtime.internal.scheduler.CurrentThreadEngine;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A deterministic, single-threaded runtime for tests (the analogue of Tokio's current-thread
 * runtime under {@code #[tokio::test]}). It is a real {@link PollRuntime} built with
 * {@code workers(0)}: the same {@code spawn}, {@link JoinHandle}, {@code executor()} and
 * {@code spawnBlocking} work, but no worker thread exists. Tasks run on the test thread, in the
 * exact FIFO order in which they were spawned or woken, only while the test calls
 * {@link #runUntilIdle()} or {@link #blockOn(PollFuture)}. The same test therefore runs the same
 * way every time.
 *
 * <pre>{@code
 * try (TestRuntime rt = TestRuntime.create()) {
 *     JoinHandle<Integer> handle = rt.spawn(work);
 *     rt.runUntilIdle();
 *     assertTrue(handle.isFinished());
 *     assertEquals(List.of(), rt.uncaughtFailures());
 * }
 * }</pre>
 *
 * Wakes may come from other threads (a completed {@code CompletableFuture}, for instance); the
 * woken task then waits in the queue until the test thread drives the runtime again. Timers use
 * the runtime's {@link PollRuntime#clock()}: {@link #withVirtualTime()} builds the runtime on a
 * {@link VirtualClock}, which moves only when the test calls {@link #advance(Duration)} (or
 * {@link #clock()}{@code .advance}), so a test of a 30-second timeout takes microseconds. A runtime
 * built with {@link PollRuntimeBuilder#clock} and {@linkplain #wrap(PollRuntime) wrapped} works the same way.
 * Spawning from a task, aborting, detaching and closing behave exactly as on the multi-threaded
 * runtime.
 *
 * <p><b>Threads.</b> Drive a test runtime from one thread at a time (the test's):
 * {@link #runUntilIdle()}, {@link #blockOn}, {@link #advance} and {@link #close()} run tasks, fire
 * timers and close futures on the calling thread. {@link #spawn} and wakes may come from any thread.
 */
public final class TestRuntime implements AutoCloseable {

    private final PollRuntime runtime;
    private final CurrentThreadEngine engine;
    private final List<Throwable> uncaught;

    private TestRuntime(PollRuntime runtime, List<Throwable> uncaught) {
        // The engine driving a blockOn is the current one (blockOn installs it on the calling
        // thread): the runtime's public API finds its engine, with no accessor on the facade.
        Engine candidate = runtime.blockOn(cx -> Poll.ready(Engine.current()));
        if (!(candidate instanceof CurrentThreadEngine)) {
            throw new IllegalArgumentException("TestRuntime needs a runtime built with workers(0), got " + runtime);
        }
        this.runtime = runtime;
        this.engine = (CurrentThreadEngine) candidate;
        this.uncaught = uncaught;
    }

    /**
     * A deterministic runtime whose uncaught failures (of detached tasks) are collected for
     * {@link #uncaughtFailures()} instead of being logged.
     *
     * @return a new deterministic runtime; close it at the end of the test
     */
    public static TestRuntime create() {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        PollRuntime runtime = PollRuntime.builder().workers(0).threadNamePrefix("pollbridge-test-")
                .uncaughtFailureHandler(uncaught::add).build();
        return new TestRuntime(runtime, uncaught);
    }

    /**
     * A deterministic runtime on a fresh {@link VirtualClock} reading 0: its timers ({@code sleep},
     * {@code timeout}, {@code interval}, and every scheduler built on it) fire only when the test
     * moves the clock, with {@link #advance(Duration)}. Uncaught failures are collected as with
     * {@link #create()}.
     *
     * <pre>{@code
     * try (TestRuntime rt = TestRuntime.withVirtualTime()) {
     *     JoinHandle<Void> nap = rt.spawn(rt.runtime().sleep(Duration.ofHours(1)));
     *     rt.advance(Duration.ofMinutes(59));
     *     assertFalse(nap.isFinished());
     *     rt.advance(Duration.ofMinutes(1));
     *     assertTrue(nap.isFinished());
     * }
     * }</pre>
     *
     * @return a new deterministic runtime with virtual time; close it at the end of the test
     */
    public static TestRuntime withVirtualTime() {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        PollRuntime runtime = PollRuntime.builder().workers(0).threadNamePrefix("pollbridge-test-")
                .clock(new VirtualClock()).uncaughtFailureHandler(uncaught::add).build();
        return new TestRuntime(runtime, uncaught);
    }

    /**
     * Wraps a runtime built with {@code PollRuntime.builder().workers(0)} (for example with a virtual
     * clock). Its uncaught failures go to its own handler, so {@link #uncaughtFailures()} stays
     * empty.
     *
     * @param runtime a runtime built with {@code workers(0)}
     * @return a test runtime driving {@code runtime}
     * @throws IllegalArgumentException if the runtime has worker threads
     */
    public static TestRuntime wrap(PollRuntime runtime) {
        return new TestRuntime(Objects.requireNonNull(runtime, "runtime"), List.of());
    }

    /**
     * The runtime, to hand to code under test.
     *
     * @return the wrapped runtime
     */
    public PollRuntime runtime() {
        return runtime;
    }

    /**
     * {@link PollRuntime#spawn}: queues the task; it runs when the test drives the runtime.
     *
     * @param <T> the value type
     * @param future the future to run as a task; the runtime owns it from now on
     * @return the task's handle
     */
    public <T> JoinHandle<T> spawn(PollFuture<T> future) {
        return runtime.spawn(future);
    }

    /**
     * Runs queued tasks on the calling thread, in FIFO order, until none is queued (tasks spawned
     * or woken meanwhile run too).
     *
     * @return how many task polls were made
     * @throws IllegalStateException if called from inside one of this runtime's tasks
     */
    public long runUntilIdle() {
        return engine.runUntilIdle();
    }

    /**
     * {@link PollRuntime#blockOn}: drives {@code future} on the calling thread, running queued tasks
     * between its polls, and parks only when nothing is queued and the future is pending. While
     * tasks keep the queue busy, it still polls {@code future} again (if it was woken) after every
     * 61 task polls, so a task that wakes itself forever cannot keep it from returning. An
     * interrupt of the calling thread (a test time-out, say) stops it: the future is closed and a
     * {@link java.util.concurrent.CompletionException} caused by an {@link InterruptedException}
     * is thrown. Failures follow {@link PollRuntime#blockOn}'s rule: an unchecked failure is rethrown
     * as the same instance, a checked one wrapped in a {@link java.util.concurrent.CompletionException}
     * caused by it.
     *
     * @param <T> the value type
     * @param future the future to drive; this call owns it and closes it
     * @return the future's value, possibly {@code null}
     */
    public <T> T blockOn(PollFuture<T> future) {
        return runtime.blockOn(future);
    }

    /**
     * The runtime's virtual clock, for code that reads the time or moves it by itself; most tests
     * call {@link #advance(Duration)} instead, which also runs the tasks the timers woke.
     *
     * @return the clock of the runtime
     * @throws IllegalStateException if the runtime's clock is not a {@link VirtualClock} (a
     *     runtime from {@link #create()}, whose timers follow the system clock)
     */
    public VirtualClock clock() {
        if (runtime.clock() instanceof VirtualClock) {
            return (VirtualClock) runtime.clock();
        }
        throw new IllegalStateException("this test runtime runs on " + runtime.clock()
                + ", not a VirtualClock: build it with TestRuntime.withVirtualTime(), or wrap a runtime built with "
                + "PollRuntime.builder().workers(0).clock(new VirtualClock())");
    }

    /**
     * Moves virtual time forward by {@code duration} and runs what that woke, on the calling
     * thread, in three steps: runs the queued tasks until idle (so that a task spawned and not yet
     * polled sets its timers at the current time, not after the jump); moves the clock in one jump,
     * which fires every timer due by the new time in deadline order (their wakers queue their
     * tasks); runs the queued tasks until idle again. As with Tokio's {@code time::advance}, a
     * task woken by the jump runs after it, at the new time: a timer that task then sets counts
     * from the new time. To see a chain of timers fire one by one, advance in steps no longer than
     * each.
     *
     * @param duration how far to move the clock, zero or more
     * @return how many task polls were made
     * @throws IllegalArgumentException if {@code duration} is negative (nothing runs then)
     * @throws IllegalStateException if the runtime's clock is not a {@link VirtualClock}, or if
     *     called from inside one of this runtime's tasks
     */
    public long advance(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a clock cannot go back: " + duration);
        }
        VirtualClock clock = clock();
        long polls = runUntilIdle();
        clock.advance(duration);
        return polls + runUntilIdle();
    }

    /**
     * A {@link MockTask} of {@code future} whose context carries this runtime, as the context of
     * one of its tasks does: {@code future} is polled by hand on the test thread, with a counting
     * waker, and what needs the current runtime finds this one ({@code Time.timeout},
     * {@code Time.sleep}, {@code Retry}: on {@link #withVirtualTime()} they fire when the test
     * {@linkplain #advance advances} the clock). A plain {@code MockTask.spawn(future)} carries no
     * runtime, and those fail at their first poll. The mock task is not a task of the runtime:
     * {@link #runUntilIdle()} does not poll it, the test does.
     *
     * <pre>{@code
     * try (TestRuntime rt = TestRuntime.withVirtualTime();
     *      MockTask<String> task = rt.mockTask(Time.timeout(never, Duration.ofSeconds(5)))) {
     *     assertPending(task.poll());
     *     rt.advance(Duration.ofSeconds(5));
     *     assertFailed(task.poll(), TimeoutException.class);
     * }
     * }</pre>
     *
     * @param <T> the value type
     * @param future the future under test; the mock task owns it and closes it
     * @return a mock task that has not polled yet
     */
    public <T> MockTask<T> mockTask(PollFuture<T> future) {
        return MockTask.spawn(future, engine);
    }

    /**
     * Failures of detached tasks seen so far (only for runtimes from {@link #create()} and
     * {@link #withVirtualTime()}).
     *
     * @return a snapshot of the failures, in the order they happened
     */
    public List<Throwable> uncaughtFailures() {
        return List.copyOf(uncaught);
    }

    /** {@link PollRuntime#close()}: cancels every task and closes each future exactly once. */
    @Override
    public void close() {
        runtime.close();
    }
}
