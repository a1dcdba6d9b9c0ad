/**
 * CPU time per unit of the stream-bridge scenarios: {@link dev.pollbridge.benchmarks.cpu.StreamCpu}
 * runs the JMH scenario methods of {@code StreamBridge} and {@code RxJavaStreamBridge} in a loop
 * and divides the process's CPU time by the elements. Not a JMH benchmark and not a throughput: a
 * second view for a machine shared with other work, where a run's CPU time moves far less than its
 * wall-clock time. Its Javadoc says what the number includes.
 */
package dev.pollbridge.benchmarks.cpu;
