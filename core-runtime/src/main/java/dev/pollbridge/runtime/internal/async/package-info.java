/**
 * Engine parts behind {@code Async} and {@code TaskLocal}; not exported.
 *
 * <ul>
 *   <li>{@link dev.pollbridge.runtime.internal.async.BodyLauncher}: where an {@code Async} body
 *       runs. {@link dev.pollbridge.runtime.internal.async.BodyLaunchers#defaultLauncher()} picks
 *       virtual threads on Java 21+ (found at run time, the jar targets Java 17) and a bounded
 *       pool of daemon platform threads otherwise.
 *   <li>{@link dev.pollbridge.runtime.internal.async.LocalBindings}: the task-local values in
 *       force on the current thread, an immutable list that a poller pushes onto before a poll
 *       and restores after it, and that an {@code Async} body copies from its owner's last poll.
 *   <li>{@link dev.pollbridge.runtime.internal.async.Failures}: how a failure is thrown into
 *       plain code (the one failure rule of {@code blockOn}, {@code Async.await} and
 *       {@code Async.next}).
 * </ul>
 */
package dev.pollbridge.runtime.internal.async;
