package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.BudgetedThread;

/** A runtime worker thread: knows its engine, so {@code PollRuntime.current()} and wakes need no thread-local. */
final class WorkerThread extends BudgetedThread {

    private final Engine engine;
    /** The worker index in its engine. */
    final int index;

    WorkerThread(Engine engine, int index, Runnable body, String name) {
        super(null, body, name);
        this.engine = engine;
        this.index = index;
    }

    Engine engine() {
        return engine;
    }
}
