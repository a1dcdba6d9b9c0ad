/**
 * What the library adapters share, written once: the link from a library's handle (a
 * {@code Disposable}, a {@code Subscription}) to the runtime task it started, and the engine of a
 * library {@code Scheduler} whose tasks are runtime tasks. Exported only to the adapters
 * ({@code dev.pollbridge.reactor}, {@code dev.pollbridge.rxjava3}); each adapter dresses these
 * classes in its library's types and error rules, and nothing here names a library.
 *
 * <h2>The scheduler engine</h2>
 * <ul>
 *   <li>{@link dev.pollbridge.runtime.bridge.adapters.SchedulerCore}: the scheduler's direct
 *       tasks, one runtime task each ({@link dev.pollbridge.runtime.bridge.adapters.TimedTask}),
 *       tracked in a {@link dev.pollbridge.runtime.bridge.adapters.TaskSet} so that shutting the
 *       scheduler down disposes them all.
 *   <li>{@link dev.pollbridge.runtime.bridge.adapters.SerialWorker}: a worker, which runs its
 *       tasks ({@link dev.pollbridge.runtime.bridge.adapters.WorkerTask}) one at a time, in the
 *       order they became due, with equal deadlines in schedule order.
 *   <li>{@link dev.pollbridge.runtime.bridge.adapters.TaskLink}: the one slot through which a
 *       dispose and a spawn meet, so a task is aborted at most once and its handle closed exactly
 *       once.
 * </ul>
 * Adapters decide what their library expects where the two libraries differ: what a schedule
 * call on a disposed scheduler or a closed runtime does (the engine returns {@code null} for
 * "disposed" and throws the runtime's {@code RejectedExecutionException}), and where a runnable
 * that throws is reported (the engine hands it to the adapter's failure sink).
 *
 * <p>{@link dev.pollbridge.runtime.bridge.adapters.WakerSlot}, the wake-up handshake between a
 * producing thread and the one task that polls, serves the generic Reactive Streams bridge as well.
 */
package dev.pollbridge.runtime.bridge.adapters;
