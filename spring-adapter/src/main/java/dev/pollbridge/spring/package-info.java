/**
 * Pollbridge in Spring: {@link dev.pollbridge.spring.PollbridgeReactiveAdapters} registers
 * {@code PollFuture}, {@code PollStream} and {@code JoinHandle} in Spring's
 * {@code ReactiveAdapterRegistry}; {@link dev.pollbridge.spring.PollbridgeAutoConfiguration} does
 * it in a Spring Boot application. Conversions go through {@code MonoBridge} and {@code FluxBridge}, so cancellation
 * (a client that disconnects) aborts the task and closes the future or stream exactly once.
 * See {@code docs/spring.md}.
 */
package dev.pollbridge.spring;
