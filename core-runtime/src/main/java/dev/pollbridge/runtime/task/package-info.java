/**
 * Task-scoped data and structured concurrency: {@link dev.pollbridge.runtime.task.TaskLocal}, a
 * value visible in every poll of one task.
 */
package dev.pollbridge.runtime.task;
