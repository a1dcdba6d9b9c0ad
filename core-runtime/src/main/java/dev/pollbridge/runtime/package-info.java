/**
 * The runtime: {@link dev.pollbridge.runtime.PollRuntime} (spawn, blockOn, spawnBlocking, executor,
 * shutdown), its {@link dev.pollbridge.runtime.PollRuntimeBuilder}, task
 * {@link dev.pollbridge.api.JoinHandle}s, and {@link dev.pollbridge.runtime.RuntimeStreams}, the stream operators that need a runtime.
 * Its metrics and task dump are in {@link dev.pollbridge.runtime.metrics}.
 * See {@code docs/runtime.md}.
 */
package dev.pollbridge.runtime;
