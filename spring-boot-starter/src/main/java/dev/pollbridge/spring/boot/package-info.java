/**
 * The Pollbridge Spring Boot starter: the application's {@code PollRuntime} bean configured by
 * {@code pollbridge.*} properties ({@link dev.pollbridge.spring.boot.PollbridgeRuntimeAutoConfiguration},
 * {@link dev.pollbridge.spring.boot.PollbridgeProperties}), its Micrometer meters
 * ({@link dev.pollbridge.spring.boot.PollbridgeMetricsAutoConfiguration}), and, through
 * {@code pollbridge-spring}, the reactive adapters. See {@code docs/spring.md}.
 */
package dev.pollbridge.spring.boot;
