/**
 * The timer engine: a hashed hierarchical timing wheel ({@link
 * dev.pollbridge.runtime.internal.time.Wheel}) driven by a {@link
 * dev.pollbridge.runtime.internal.time.TimeDriver}, and the sleep, timeout and interval futures
 * built on it. Not exported.
 *
 * <h2>Protocol</h2>
 * <ol>
 *   <li>Every {@link dev.pollbridge.runtime.internal.time.TimerEntry} field and the whole wheel
 *       are guarded by the driver's one lock. Nothing else touches them.
 *   <li>Wakers are collected under the lock and called after it is released, in deadline order.
 *       No user code (waker, thread factory) runs under the lock.
 *   <li>A timer future registers its entry on its first pending poll, and the check "has it
 *       fired?" and the store of the latest waker happen in one critical section, so a firing
 *       that races with a poll always wakes (rules 6 and 7).
 *   <li>Closing a timer future unlinks its entry from its slot list in O(1) (rule 11).
 *   <li>Time inside the wheel is counted in whole milliseconds ("ticks") since the driver was
 *       created. A deadline is rounded up to a tick, the current time down, so a timer never
 *       fires before its deadline. A poll also compares the exact deadline with the clock, so a
 *       poll after it is ready even before the rounded-up tick (a zero sleep is ready at once).
 * </ol>
 */
package dev.pollbridge.runtime.internal.time;
