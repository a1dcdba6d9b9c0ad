/**
 * What the timer engine reads or hands out: the {@link dev.pollbridge.runtime.time.Clock} a
 * runtime runs on, the {@link dev.pollbridge.runtime.time.Sleep} and
 * {@link dev.pollbridge.runtime.time.Interval} futures its timers are, and the
 * {@link dev.pollbridge.runtime.time.MissedTickBehavior} of an interval. Values and contracts
 * only: this package depends on nothing else of the runtime. The timers themselves are made by
 * {@code PollRuntime} and, on the current runtime, by {@code Time} and {@code Retry}; a test
 * drives them with {@code VirtualClock}. See {@code docs/time.md}.
 */
package dev.pollbridge.runtime.time;
