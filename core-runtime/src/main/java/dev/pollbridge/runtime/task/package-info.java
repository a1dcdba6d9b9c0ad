/**
 * Task-scoped data, structured concurrency and the poll budget.
 *
 * <ul>
 *   <li>{@link dev.pollbridge.runtime.task.TaskLocal}: a value visible in every poll of one task,
 *       under any poller, and inside the {@code Async} bodies that task polls.
 *   <li>{@link dev.pollbridge.runtime.task.TaskScope}: a join-set of child tasks on a
 *       {@link dev.pollbridge.runtime.PollRuntime}; results as they finish or all at once, a
 *       {@link dev.pollbridge.runtime.task.FailurePolicy} for failing children, per-child
 *       {@link dev.pollbridge.runtime.task.AbortHandle}s, an optional bound on how many run at
 *       once, and no child outliving its scope.
 *   <li>{@link dev.pollbridge.runtime.task.Coop}: the cooperative poll budget (rule 16) for
 *       futures written outside the runtime.
 * </ul>
 */
package dev.pollbridge.runtime.task;
