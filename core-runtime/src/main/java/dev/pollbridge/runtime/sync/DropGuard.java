package dev.pollbridge.runtime.sync;

import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Cancels a {@link CancellationToken} when closed, unless disarmed first (tokio-util's
 * {@code DropGuard}; in Java, drop is {@code close()}, so it fits try-with-resources):
 *
 * <pre>{@code
 * try (DropGuard guard = token.dropGuard()) {
 *     runtime.spawn(token.runUntilCancelled(work)).close();
 *     ...                                   // returns or throws:
 * }                                         // the work is cancelled either way
 * }</pre>
 *
 * <p>All methods may be called from any thread; the token is cancelled at most once by the guard.
 */
public final class DropGuard implements AutoCloseable {

    /** The armed token; null once disarmed or closed. */
    private final AtomicReference<CancellationToken> token;

    DropGuard(CancellationToken token) {
        this.token = new AtomicReference<>(token);
    }

    /**
     * Disarms the guard: closing it then does nothing (tokio-util's {@code disarm}).
     *
     * @return the token, not cancelled by the guard
     * @throws IllegalStateException if the guard was already disarmed or closed
     */
    public CancellationToken disarm() {
        CancellationToken armed = token.getAndSet(null);
        if (armed == null) {
            throw new IllegalStateException("the DropGuard was already disarmed or closed");
        }
        return armed;
    }

    /**
     * True until disarmed or closed.
     *
     * @return true if closing would cancel the token
     */
    public boolean isArmed() {
        return token.get() != null;
    }

    /**
     * Cancels the token, unless the guard was disarmed. Idempotent, never blocks, never throws (a
     * waker that the cancel wakes and that throws is reported to the uncaught-failure handler of
     * the runtime whose thread this is, or logged).
     */
    @Override
    public void close() {
        CancellationToken armed = token.getAndSet(null);
        if (armed != null) {
            try {
                armed.cancel();
            } catch (Throwable broken) {
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when a DropGuard cancelled its token", broken);
            }
        }
    }
}
