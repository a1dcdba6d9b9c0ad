package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Waker;

/** Misbehaving parties for the fault-containment tests. */
final class Faults {

    private Faults() {}

    /** Throws {@code failure}, checked or not, without declaring it (as Kotlin or Lombok code can). */
    @SuppressWarnings("unchecked")
    static <E extends Throwable> RuntimeException sneakyThrow(Throwable failure) throws E {
        throw (E) failure;
    }

    /** A waker that throws {@code failure} (sneakily, if it is checked) every time it is called. */
    static Waker throwingWaker(Throwable failure) {
        return () -> {
            throw Faults.<RuntimeException>sneakyThrow(failure);
        };
    }

    /** A context whose waker throws {@code failure}. */
    static Context throwingContext(Throwable failure) {
        return Context.of(throwingWaker(failure));
    }
}
