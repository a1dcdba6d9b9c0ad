/**
 * Synchronization primitives for tasks, in the pull model: {@link
 * dev.pollbridge.runtime.sync.Promise} (a one-shot value), {@link
 * dev.pollbridge.runtime.sync.Channel} (a bounded multi-producer, multi-consumer queue), {@link
 * dev.pollbridge.runtime.sync.Semaphore} (permits that bound concurrency), {@link
 * dev.pollbridge.runtime.sync.Notify} (a wake-up signal), the watch channel ({@link
 * dev.pollbridge.runtime.sync.WatchSender}: one latest value, many readers), the broadcast channel
 * ({@link dev.pollbridge.runtime.sync.BroadcastSender}: every value to every receiver, through a
 * bounded ring), {@link dev.pollbridge.runtime.sync.Mutex} and {@link
 * dev.pollbridge.runtime.sync.RwLock} (locks that own their data), {@link
 * dev.pollbridge.runtime.sync.Barrier} and {@link dev.pollbridge.runtime.sync.CancellationToken}
 * (a tree of stop requests).
 *
 * <p>Every waiting operation is a {@link dev.pollbridge.api.PollFuture}: nothing blocks a thread,
 * the futures work under any poller (a runtime task, a combinator, a test's {@code MockTask}),
 * each poll stores the latest waker (rule 7), and "check, then register the waker" is one critical
 * section, so a concurrent completion always wakes (rule 6). Wakers are never called while a lock
 * is held. Every operation documents whether it is cancel-safe, that is, whether closing it before
 * it completes can lose anything. Every waiting operation spends one unit of the polling task's
 * poll budget when it completes (rule 16), so a loop over an always-ready primitive cannot keep
 * its worker from other tasks. Nothing here buffers without bound.
 */
package dev.pollbridge.runtime.sync;
