package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * The failures that reached one reporting channel (the runtime's uncaught-failure handler, or
 * Reactor's {@code Hooks.onErrorDropped}). A scenario takes out each report it expects; the
 * catalogue then checks that nothing else was reported.
 */
final class Reports {

    private final String channel;
    private final List<Throwable> received = new CopyOnWriteArrayList<>();

    Reports(String channel) {
        this.channel = channel;
    }

    /** The channel's callback. */
    void add(Throwable failure) {
        received.add(failure);
    }

    /** Waits for a report that is {@code expected} itself, or wraps it; takes it out and returns it. */
    Throwable expect(Throwable expected) {
        return expect(failure -> failure == expected || failure.getCause() == expected, "the failure " + expected);
    }

    /** Waits for a report of {@code type} whose message contains {@code text}; takes it out. */
    Throwable expect(Class<? extends Throwable> type, String text) {
        return expect(failure -> type.isInstance(failure) && String.valueOf(failure.getMessage()).contains(text),
                "a " + type.getSimpleName() + " containing '" + text + "'");
    }

    private Throwable expect(Predicate<Throwable> wanted, String description) {
        AtomicReference<Throwable> found = new AtomicReference<>();
        await().atMost(FaultCatalogue.WAIT)
                .alias("expected " + description + " to reach " + channel + "; got " + received)
                .until(() -> {
                    for (Throwable failure : received) {
                        if (wanted.test(failure) && received.remove(failure)) {
                            found.set(failure);
                            return true;
                        }
                    }
                    return false;
                });
        return found.get();
    }

    /** Nothing was reported that the scenario did not take out. */
    void assertNoneLeft() {
        assertEquals(List.of(), List.copyOf(received), "unexpected reports to " + channel);
    }
}
