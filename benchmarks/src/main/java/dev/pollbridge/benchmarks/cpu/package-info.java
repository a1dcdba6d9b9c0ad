/**
 * Measurements outside JMH. {@link dev.pollbridge.benchmarks.cpu.StreamCpu}: CPU time per unit of
 * the stream-bridge scenarios (it runs the JMH scenario methods of {@code StreamBridge} and
 * {@code RxJavaStreamBridge} in a loop and divides the process's CPU time by the elements; not a
 * throughput: a second view for a machine shared with other work, where a run's CPU time moves
 * far less than its wall-clock time). {@link dev.pollbridge.benchmarks.cpu.ExecutorModes}: the
 * yield_many scenario on Pollbridge and on {@code ForkJoinPool}, a second each in turn in one JVM,
 * to tell the runtime's slow state from a slow machine. Their Javadoc says what the numbers include.
 */
package dev.pollbridge.benchmarks.cpu;
