package dev.pollbridge.runtime.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.async.LocalBindings;

/**
 * The future of {@link TaskLocal#scope(Object, PollFuture)}: polls and closes the inner future
 * with one task-local bound. Everything else (wakers, ready-is-final) is the inner future's.
 */
final class ScopedFuture<T, R> extends Scoped<T> implements PollFuture<R> {

    private final PollFuture<R> inner;

    ScopedFuture(TaskLocal<T> local, T value, PollFuture<R> inner) {
        super(local, value);
        this.inner = SingleUse.claim(inner, "TaskLocal.scope");
    }

    @Override
    public Poll<R> poll(Context cx) {
        LocalBindings.Frame previous = enter();
        try {
            return inner.poll(cx);
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
