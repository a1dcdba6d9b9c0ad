package dev.pollbridge.soak.leak;

import static org.awaitility.Awaitility.await;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Waits for objects to be garbage collected: each check nudges the collector with
 * {@link System#gc()} (a request the JVM may ignore, so the wait repeats it) until every weak
 * reference is cleared. A reference that is never cleared means something still holds the
 * object: a leak.
 */
final class Collected {

    private Collected() {}

    /** Weak references to {@code objects}; the caller must not keep strong ones. */
    static List<WeakReference<Object>> watch(Object... objects) {
        List<WeakReference<Object>> refs = new ArrayList<>();
        for (Object object : objects) {
            refs.add(new WeakReference<>(object));
        }
        return refs;
    }

    /** Waits (up to 30 s) until every reference is cleared. */
    static void awaitCollected(List<WeakReference<Object>> refs, String what) {
        await(what + " collected").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    System.gc();
                    return refs.stream().allMatch(ref -> ref.get() == null);
                });
    }

    /** Runs the collector a few times and tells whether every reference is still set. */
    static boolean allStillReachable(List<WeakReference<Object>> refs) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return refs.stream().allMatch(ref -> ref.get() != null);
    }
}
