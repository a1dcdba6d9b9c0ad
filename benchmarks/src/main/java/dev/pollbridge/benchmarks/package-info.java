/**
 * Side-by-side JMH benchmarks: every scenario class holds a Pollbridge variant and the anchors'
 * variants (CompletableFuture on a {@code ForkJoinPool(2)}, Reactor on {@code Schedulers.newParallel(2)},
 * RxJava on {@code Schedulers.from(pool of 2)}, and, in the Java 21 source set, virtual threads on two
 * carriers) doing identical work, so that one run gives the ratios.
 *
 * <p>Conventions:
 * <ul>
 *   <li>Every benchmark is {@code Mode.Throughput} in operations per second, and an operation is one
 *       unit of the scenario (a task, a round, a yield, an element), declared with
 *       {@code @OperationsPerInvocation}; {@code 1e9 / score} is the cost of one unit in ns.</li>
 *   <li>Every pool has two worker threads, created once per trial by the state classes
 *       {@link dev.pollbridge.benchmarks.PollbridgeRuntime}, {@link dev.pollbridge.benchmarks.ForkJoin},
 *       {@link dev.pollbridge.benchmarks.ReactorParallel} and {@link dev.pollbridge.benchmarks.RxScheduler};
 *       a benchmark asks only for the pool it uses, so idle pools of other systems do not run beside it.</li>
 *   <li>The benchmark thread starts the work and waits for all of it on a {@link dev.pollbridge.benchmarks.Countdown},
 *       the same way for every variant.</li>
 * </ul>
 */
package dev.pollbridge.benchmarks;
