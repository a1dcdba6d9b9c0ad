package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;

/**
 * Every RxJava await ({@code SingleBridge.await}, {@code FlowableBridge.awaitFirst}, ...): the
 * lazy future of the source, awaited by the calling {@code Async} body, and a clear refusal
 * anywhere else.
 */
final class Awaits {

    private Awaits() {}

    /**
     * Awaits {@code future} in the calling {@code Async} body, which owns it from here on (it is
     * closed when the await returns, throws or is cancelled). Outside a body, closes the
     * never-polled future (so nothing was subscribed) and throws.
     *
     * @param future the lazy future of the source; built by the caller, so null arguments fail first
     * @param method the public method, class and parameter included ("SingleBridge.await(Single)")
     * @param instead the future-returning form to use elsewhere ("SingleBridge.toPollFuture")
     * @throws IllegalStateException outside an {@code Async} body
     */
    static <T> T await(PollFuture<T> future, String method, String instead) {
        if (!Async.inBody()) {
            future.close();
            throw new IllegalStateException(method + " only works inside an Async body "
                    + "(SingleBridge.rxSingle, FlowableBridge.rxFlowable, Async.run); elsewhere use " + instead
                    + " with PollRuntime.blockOn or a task");
        }
        return Async.await(future);
    }
}
