package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;

/**
 * The read end of a {@link Promise}: a future of its value or failure (Tokio's
 * {@code oneshot::Receiver}). There is one per promise ({@link Promise#future()}).
 *
 * <p><b>Outcomes.</b> The value the producer completed it with ({@code null} allowed); the
 * failure it failed it with; or, if the producer {@linkplain Promise#close() closed} the promise
 * without a value, a {@link ChannelClosedException} ("closed without a value"), so a reader never
 * waits for a producer that gave up.
 *
 * <p><b>Poll budget</b> (rule 16). A poll that returns the outcome spends one unit of the polling
 * task's budget; when it is spent it answers {@code pending} once (its task is woken) and the
 * outcome on the next turn.
 *
 * <p><b>Cancel safety:</b> closing it before the outcome arrived cancels the promise
 * ({@link Promise#isCancelled()}): the producer's value is dropped, and only this reader could
 * have had it. A value nobody reads (it arrives after the close, or it arrived and this reader
 * was closed without polling it) is closed if it is an {@link AutoCloseable}, exactly once
 * ({@link dev.pollbridge.api.Dropped}). Closing it also tells the producer nobody listens
 * ({@link Promise#closed()}).
 *
 * <p>Polled, tried and closed by its owner, one call at a time.
 *
 * @param <T> the value type
 */
public interface PromiseFuture<T> extends PollFuture<T> {

    /**
     * The outcome if it is there now, without waiting or registering a waker (Tokio's
     * {@code try_recv}): {@code pending} if the producer has not completed, failed or closed the
     * promise yet; otherwise the outcome, exactly as {@link #poll} would return it, after which
     * this future is finished (like a poll that returned it, rule 9). Spends no budget.
     *
     * @return the outcome if the promise is complete, else {@code pending}
     * @throws IllegalStateException if the outcome was already returned, or after {@link #close()}
     */
    Poll<T> tryReceive();
}
