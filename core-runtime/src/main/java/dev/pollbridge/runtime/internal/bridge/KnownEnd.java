package dev.pollbridge.runtime.internal.bridge;

/**
 * A stream that can tell, without being polled, that its next poll returns {@code done}. The
 * publisher side then signals {@code onComplete} without waiting for more demand (the spec lets
 * a publisher complete without a request), so a one-item publisher completes right after its
 * item, as a {@code Mono} does.
 */
interface KnownEnd {

    /** True if the next {@code pollNext} returns {@code done}, with no work and no item. */
    boolean isAtEnd();
}
