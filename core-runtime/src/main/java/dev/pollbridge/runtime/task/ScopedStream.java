package dev.pollbridge.runtime.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.async.LocalBindings;

/**
 * The stream of {@link TaskLocal#scopeStream(Object, PollStream)}: polls and closes the inner stream
 * with one task-local bound. {@link ScopedBatchStream} adds the inner stream's batch path.
 */
class ScopedStream<T, R> extends Scoped<T> implements PollStream<R> {

    private final PollStream<R> inner;

    ScopedStream(TaskLocal<T> local, T value, PollStream<R> inner) {
        super(local, value);
        this.inner = SingleUse.claim(inner, "TaskLocal.scope");
    }

    @Override
    public Poll<R> pollNext(Context cx) {
        LocalBindings.Frame previous = enter();
        try {
            return inner.pollNext(cx);
        } finally {
            LocalBindings.install(previous);
        }
    }

    @Override
    public void close() {
        if (!firstClose()) {
            return;
        }
        LocalBindings.Frame previous = enter();
        try {
            inner.close();
        } finally {
            LocalBindings.install(previous);
        }
    }
}
