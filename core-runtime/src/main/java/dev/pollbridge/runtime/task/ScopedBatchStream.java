package dev.pollbridge.runtime.task;

import dev.pollbridge.runtime.internal.async.LocalBindings;
import dev.pollbridge.runtime.bridge.engine.BatchStream;

/**
 * A {@link ScopedStream} over a stream with a batch path ({@link BatchStream}, the bridge's own
 * streams): the items it hands over without a poll are taken with the task-local bound too, so a
 * Reactor context carried into a {@code toFlux} task keeps the batch path.
 */
final class ScopedBatchStream<T, R> extends ScopedStream<T, R> implements BatchStream<R> {

    private final BatchStream<R> inner;

    ScopedBatchStream(TaskLocal<T> local, T value, BatchStream<R> inner) {
        super(local, value, inner);
        this.inner = inner;
    }

    @Override
    public R takeReady() {
        LocalBindings.Frame previous = enter();
        try {
            return inner.takeReady();
        } finally {
            LocalBindings.install(previous);
        }
    }
}
