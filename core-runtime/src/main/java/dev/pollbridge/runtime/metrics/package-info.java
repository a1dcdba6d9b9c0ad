/**
 * What a runtime reports about itself: {@link dev.pollbridge.runtime.metrics.PollRuntimeMetrics}
 * (with one {@link dev.pollbridge.runtime.metrics.WorkerMetrics} per worker and a
 * {@link dev.pollbridge.runtime.metrics.PollTimeHistogram}) from {@code PollRuntime.metrics()},
 * and the {@link dev.pollbridge.runtime.metrics.TaskDump} of every live task from
 * {@code PollRuntime.dump()}. Immutable snapshots the engine fills: this package depends on
 * nothing else of the runtime. See {@code docs/observability.md}.
 */
package dev.pollbridge.runtime.metrics;
