/**
 * Micrometer metrics for a Pollbridge runtime: {@link dev.pollbridge.micrometer.PollRuntimeMetricsBinder}
 * registers {@link dev.pollbridge.runtime.PollRuntime#metrics()} as gauges and function counters,
 * with a tag per worker. See {@code docs/observability.md}.
 */
package dev.pollbridge.micrometer;
