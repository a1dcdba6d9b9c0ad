/**
 * The runtime: {@link dev.pollbridge.runtime.Runtime} (spawn, blockOn, spawnBlocking, executor,
 * shutdown), its {@link dev.pollbridge.runtime.RuntimeBuilder}, task
 * {@link dev.pollbridge.runtime.JoinHandle}s and {@link dev.pollbridge.runtime.RuntimeMetrics},
 * and {@link dev.pollbridge.runtime.RuntimeStreams}, the stream operators that need a runtime.
 * See {@code docs/runtime.md}.
 */
package dev.pollbridge.runtime;
