/**
 * {@code async}/{@code await} for poll-based futures, without Kotlin: {@link
 * dev.pollbridge.runtime.Async#run Async.run} and {@link
 * dev.pollbridge.runtime.Async#stream Async.stream} turn straight-line Java into a
 * {@code PollFuture} or {@code PollStream}, and {@link dev.pollbridge.runtime.Async#await
 * Async.await}, {@link dev.pollbridge.runtime.Async#next Async.next} and {@link
 * dev.pollbridge.runtime.async.AsyncEmitter#emit AsyncEmitter.emit} suspend the body. {@link
 * dev.pollbridge.runtime.async.AsyncMode} names the two engines behind them (continuations of the
 * JDK, or a thread per body); {@code docs/async.md} is the guide.
 */
package dev.pollbridge.runtime.async;
