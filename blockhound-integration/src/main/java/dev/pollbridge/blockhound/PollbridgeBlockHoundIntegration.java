package dev.pollbridge.blockhound;

import dev.pollbridge.runtime.PollRuntime;
import java.util.List;
import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Teaches BlockHound the Pollbridge runtime: its worker threads are non-blocking threads (a poll
 * never blocks: rule 4), and the runtime's own waiting is allowed. {@code BlockHound.install()}
 * finds this class as a service ({@code META-INF/services} and {@code provides} in the module
 * descriptor), so putting {@code pollbridge-blockhound} on the test class path is all a user does.
 *
 * <h2>What is checked</h2>
 * Every thread for which {@link PollRuntime#isWorkerThread(Thread)} is true. Inside a task's turn on
 * such a thread (its poll, its future's {@code close()}, its completion) a blocking call
 * ({@code Thread.sleep}, {@code BlockingQueue.take}, a contended lock, blocking I/O, Reactor's
 * {@code block()}) is reported: by default BlockHound throws {@code BlockingOperationError} from
 * the call, which fails the task, so the task's join handle carries the report. The blocking pool
 * ({@code spawnBlocking}), the timer thread and the thread inside {@code blockOn} are not workers
 * and are not checked.
 *
 * <h2>What is allowed</h2>
 * The runtime's own waiting, and nothing that runs user code:
 * <ul>
 *   <li>a worker between tasks: its loop spins, yields and parks while it looks for work (allowed
 *       in the worker loop, and disallowed again inside each task's turn);
 *   <li>short waits the runtime's own code may make inside a task's turn: the task registry's
 *       spin lock (spawn and completion), a spawn onto another runtime's global queue, the
 *       blocking pool's submit and withdraw (its executor's lock), the launch of an {@code Async}
 *       body on Java 17's platform-thread pool, and the logging of a slow poll or an uncaught
 *       failure;
 *   <li>the timer thread's park, the stuck-worker watchdog's loop, and the blocking pool's
 *       threads: the job a {@code spawnBlocking} runs and a pool thread's wait for its next job, even if some other predicate marks those
 *       threads non-blocking (a name-prefix predicate, say).
 * </ul>
 * The allowed methods are runtime internals named by class and method; a test of this module
 * fails if one of them is renamed.
 *
 * <p>Thread safety: {@link #applyTo} is called once, by {@code BlockHound.install()}.
 */
public final class PollbridgeBlockHoundIntegration implements BlockHoundIntegration {

    private static final String SCHEDULER = "dev.pollbridge.runtime.internal.scheduler.";
    private static final String TASK = "dev.pollbridge.runtime.internal.task.";

    /** The worker loop: everything between two task turns (spin, yield, park, steal). */
    static final Allowance WORKER_LOOP = new Allowance(SCHEDULER + "Worker", "run");
    /**
     * One task's turn on a worker (poll, close, completion), by either entry a worker takes:
     * {@code run}, or {@code runYieldingToCaller} (a worker that does not time each poll).
     * Checked again inside the loop.
     */
    static final List<Allowance> TASK_TURNS = List.of(
            new Allowance(TASK + "Task", "run"),
            new Allowance(TASK + "Task", "runYieldingToCaller"));

    /** Where the runtime's own code waits; see the class comment. */
    static final List<Allowance> ALLOWED = List.of(
            WORKER_LOOP,
            new Allowance(TASK + "SpinLock", "lockSlow"),
            new Allowance(SCHEDULER + "WorkStealingEngine", "pushRemote"),
            new Allowance(SCHEDULER + "BlockingPool", "submit"),
            new Allowance(SCHEDULER + "BlockingPool", "forget"),
            new Allowance(SCHEDULER + "BlockingPool$HandOffQueue", "poll"),
            new Allowance(SCHEDULER + "BlockingPool$HandOffQueue", "take"),
            new Allowance(SCHEDULER + "BlockingFuture$Job", "run"),
            new Allowance(SCHEDULER + "Engine", "reportSlowPoll"),
            new Allowance(SCHEDULER + "FailureReporter", "report"),
            new Allowance("dev.pollbridge.runtime.internal.time.TimeDriver", "runTimerTurn"),
            new Allowance(SCHEDULER + "Watchdog", "run"),
            new Allowance("dev.pollbridge.runtime.internal.async.PooledLauncher", "launch"),
            new Allowance("dev.pollbridge.runtime.internal.async.PooledLauncher", "withdraw"));

    /** A public no-argument constructor, for {@link java.util.ServiceLoader}. */
    public PollbridgeBlockHoundIntegration() {}

    /**
     * Marks runtime workers non-blocking and allows the runtime's own waiting.
     *
     * @param builder BlockHound's builder, from {@code BlockHound.install()}
     */
    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(current -> current.or(PollRuntime::isWorkerThread));
        for (Allowance allowance : ALLOWED) {
            builder.allowBlockingCallsInside(allowance.className(), allowance.methodName());
        }
        for (Allowance turn : TASK_TURNS) {
            builder.disallowBlockingCallsInside(turn.className(), turn.methodName());
        }
    }

    /** A method of the runtime, named for BlockHound (which instruments it by name). */
    record Allowance(String className, String methodName) {}
}
