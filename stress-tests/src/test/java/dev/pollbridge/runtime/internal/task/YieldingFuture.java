package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import java.util.function.Supplier;

/**
 * A {@link ScriptedFuture} whose first poll yields: it wakes its own task through the self-wake
 * fast path (rule T3, as a runtime thread polling the task would) and returns pending. Later polls
 * return what {@code script} says, without waking.
 */
final class YieldingFuture<T> extends ScriptedFuture<T> {

    YieldingFuture(Supplier<Poll<T>> script) {
        super(script);
    }

    @Override
    public Poll<T> poll(Context cx) {
        Poll<T> result = super.poll(cx);
        if (polls.get() == 1) {
            ((Task<?>) cx.waker()).wakeFromOwnPoll();
            return Poll.pending();
        }
        return result;
    }
}
