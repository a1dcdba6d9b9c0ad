package dev.pollbridge.spring.web;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The test runtime's uncaught-failure handler: collects what reached it, for the final check. */
final class UncaughtFailures implements Consumer<Throwable> {

    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @Override
    public void accept(Throwable failure) {
        failures.add(failure);
    }

    List<Throwable> failures() {
        return List.copyOf(failures);
    }
}
