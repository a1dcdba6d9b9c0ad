package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.runtime.internal.async.Fiber;

/**
 * The guard of the bridges' awaits ({@code MonoBridge.await}, {@code FluxBridge.awaitFirst},
 * {@code ReactiveStreamsBridge.awaitFirst}, {@code CompletableFutureBridge.await} ...): called
 * before the awaited source is touched, so a call outside an {@code Async} body fails at once,
 * subscribes nothing, and says which call to use instead.
 */
public final class InBody {

    private InBody() {}

    /**
     * Throws unless the calling thread runs an {@code Async} body.
     *
     * @param call the call as the user wrote it, e.g. {@code "FluxBridge.awaitFirst(Publisher)"}
     * @param builders where such a body comes from, e.g. {@code "FluxBridge.flux, Async.run"}
     * @param elsewhere the future-returning form to use outside a body, e.g. {@code "firstItem(publisher)"}
     * @throws IllegalStateException outside an {@code Async} body
     */
    public static void require(String call, String builders, String elsewhere) {
        if (!Fiber.inBody()) {
            throw new IllegalStateException(call + " only works inside an Async body (" + builders
                    + "); elsewhere use " + elsewhere + " with PollRuntime.blockOn or a task");
        }
    }
}
