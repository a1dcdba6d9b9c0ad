/**
 * The stream operators that need a runtime, behind {@code dev.pollbridge.runtime.RuntimeStreams}:
 * the time-based ones ({@link dev.pollbridge.runtime.internal.stream.DebounceStream},
 * {@link dev.pollbridge.runtime.internal.stream.SampleStream},
 * {@link dev.pollbridge.runtime.internal.stream.ThrottleStream},
 * {@link dev.pollbridge.runtime.internal.stream.ItemTimeoutStream},
 * {@link dev.pollbridge.runtime.internal.stream.ChunksTimeoutStream}), built on the runtime's
 * public {@code Sleep}, and the ones that run their upstream as a task of its own
 * ({@link dev.pollbridge.runtime.internal.stream.BufferStream} for {@code buffer} and
 * {@code conflate}).
 *
 * <h2>How they are written</h2>
 * <ul>
 *   <li>Each operator is one final class; the time-based ones share {@link
 *       dev.pollbridge.runtime.internal.stream.TimedStream}: the lifecycle (STREAMING, then
 *       TERMINATED or CLOSED, both final), ownership of the upstream and of one timer, each
 *       closed exactly once, and what is dropped on the way.
 *   <li>They are polled and closed by their owner only, like every stream, so their fields need no
 *       synchronisation; the timer's waker and the upstream's wakes are the task's own waker. Only
 *       the {@link dev.pollbridge.runtime.internal.stream.Handoff} between a producer task and
 *       its consumer is shared, under its own lock, and calls wakers after releasing it.
 *   <li>An item taken from upstream and never handed out (a superseded debounce or sample item,
 *       a conflated one, a partial chunk, the buffer at close) is dropped through
 *       {@link dev.pollbridge.runtime.internal.stream.Dropped}: closed if it is
 *       {@link java.lang.AutoCloseable}.
 *   <li>Loops over ready items stop after {@link dev.pollbridge.runtime.internal.stream.TimedStream#ITEMS_PER_POLL}
 *       and wake their own task (rule 16).
 * </ul>
 */
package dev.pollbridge.runtime.internal.stream;
