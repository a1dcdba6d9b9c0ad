package dev.pollbridge.runtime.async;

import dev.pollbridge.runtime.Async;
/**
 * The straight-line code of an {@link Async#run(AsyncBody)} future. It may call
 * {@link Async#await(dev.pollbridge.api.PollFuture)} and
 * {@link Async#next(dev.pollbridge.api.PollStream)} to wait without blocking a runtime worker, and
 * must not block otherwise (see {@link Async}, "A body does not block").
 *
 * <p>A {@link java.util.concurrent.Callable} fits too: {@code Async.run(callable::call)}.
 *
 * @param <T> the future's value type ({@code null} is a legal value)
 */
@FunctionalInterface
public interface AsyncBody<T> {

    /**
     * Computes the value. A returned value completes the future with it; a thrown exception
     * (checked or not) fails the future with that same instance.
     *
     * @return the future's value, possibly {@code null}
     * @throws Exception any failure; the future fails with this instance
     */
    T run() throws Exception;
}
