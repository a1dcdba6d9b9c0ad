/**
 * Task-scoped data and structured concurrency.
 *
 * <ul>
 *   <li>{@link dev.pollbridge.runtime.task.TaskLocal}: a value visible in every poll of one task,
 *       under any poller, and inside the {@code Async} bodies that task polls.
 *   <li>{@link dev.pollbridge.runtime.task.TaskScope}: a join-set of child tasks on a
 *       {@link dev.pollbridge.runtime.Runtime}; results as they finish or all at once, a
 *       {@link dev.pollbridge.runtime.task.FailurePolicy} for failing children, and no child
 *       outliving its scope.
 * </ul>
 */
package dev.pollbridge.runtime.task;
