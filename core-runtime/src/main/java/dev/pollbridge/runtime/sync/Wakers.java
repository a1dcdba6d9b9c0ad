package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Waker;
import java.util.List;

/**
 * Calls the wakers a primitive collected under its lock, after releasing it. A waker is the
 * poller's code: one that throws must not leave the others asleep (a lost wake-up hangs their
 * tasks at 0% CPU), so every waker is called, and then the first throwable is rethrown to the
 * caller of the operation (later ones added as suppressed): the bug is never hidden, and no
 * other waiter pays for it.
 */
final class Wakers {

    private Wakers() {}

    /** Wakes every waker in {@code wakers} (null elements are skipped; a null list is empty). */
    static void wakeAll(List<Waker> wakers) {
        if (wakers == null) {
            return;
        }
        Throwable first = null;
        for (Waker waker : wakers) {
            first = wake(waker, first);
        }
        rethrow(first);
    }

    /** Wakes both (either may be null). */
    static void wakeBoth(Waker one, Waker other) {
        rethrow(wake(other, wake(one, null)));
    }

    private static Throwable wake(Waker waker, Throwable first) {
        if (waker == null) {
            return first;
        }
        try {
            waker.wake();
            return first;
        } catch (Throwable broken) {
            if (first == null) {
                return broken;
            }
            if (first != broken) {
                first.addSuppressed(broken);
            }
            return first;
        }
    }

    private static void rethrow(Throwable failure) {
        if (failure != null) {
            throw Wakers.<RuntimeException>sneaky(failure);
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable failure) throws E {
        throw (E) failure; // as thrown by the waker, checked or not
    }
}
