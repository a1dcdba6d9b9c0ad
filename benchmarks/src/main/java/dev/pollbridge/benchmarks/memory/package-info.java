/**
 * The memory scenario: bytes retained per pending unit of work (a spawned task waiting on a promise,
 * a CompletableFuture with one {@code thenApply}, a Reactor {@code Sinks.one()} subscription, a parked
 * virtual thread, a suspended {@code Async} body). Not a JMH benchmark: {@link
 * dev.pollbridge.benchmarks.memory.MemoryFootprint} is a main class that {@code benchmarks/run.sh}
 * starts once per subject in a fresh JVM; the method is written in its Javadoc.
 */
package dev.pollbridge.benchmarks.memory;
