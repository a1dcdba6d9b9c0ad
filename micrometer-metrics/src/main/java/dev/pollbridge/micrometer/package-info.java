/**
 * Micrometer metrics for a Pollbridge runtime: {@link dev.pollbridge.micrometer.RuntimeMetricsBinder}
 * registers {@link dev.pollbridge.runtime.Runtime#metrics()} as gauges and function counters,
 * with a tag per worker. See {@code docs/observability.md}.
 */
package dev.pollbridge.micrometer;
