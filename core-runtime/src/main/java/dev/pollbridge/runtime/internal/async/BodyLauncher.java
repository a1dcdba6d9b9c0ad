package dev.pollbridge.runtime.internal.async;

/**
 * Starts {@code Async} bodies on threads of their own.
 *
 * <p>A body is a long-lived {@link Runnable}: it runs user code, parks its thread while it waits
 * for a future, and returns when the user code is done. A launcher never runs a body on the
 * calling thread (the caller is a poll, which must not block).
 */
public interface BodyLauncher {

    /**
     * Starts {@code body} on another thread, now or (for a bounded pool) once a thread is free.
     *
     * @throws RuntimeException or {@link Error} if no thread could be had (the caller turns this
     *     into a failed future)
     */
    void launch(Runnable body);

    /**
     * Best effort: forgets {@code body} if it was launched and has not started yet, so that a
     * cancelled body does not hold a place in a queue. A body that already started, or a
     * launcher without a queue, ignores this. The body itself must still check for cancellation
     * when it starts.
     */
    void withdraw(Runnable body);

    /** True if bodies run on virtual threads. */
    boolean virtual();

    /**
     * Called on a body thread right before it parks in a suspension ({@code Async.await},
     * {@code next}, {@code emit}); a bounded pool counts these to notice that every thread it
     * has is parked while bodies wait for one. Must not block.
     */
    default void suspended() {}

    /** Called on a body thread when it leaves the suspension of the last {@link #suspended()}. */
    default void resumed() {}
}
