package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.task.TaskLocal;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The task-local that carries a subscriber's Reactor {@link ContextView} into the task a
 * {@code toMono}/{@code toFlux} subscription starts, and from there into every {@code Mono} or
 * {@code Flux} that task subscribes to through the bridge.
 *
 * <p>Binding follows {@link TaskLocal}: the view is visible during each poll (and the close) of
 * the scoped future or stream and of everything it polls, on whichever worker runs it, and in
 * {@code Async} bodies polled from it. It is inheritable ({@link TaskLocal#createInheritable}):
 * a task spawned while it is bound gets the same view, as a kotlinx child coroutine inherits the
 * {@code ReactorContext} of its parent. An empty subscriber view is not bound at all, so a task
 * started by a subscriber without context costs nothing extra; an explicit
 * {@link ReactorBridge#withContext} binds even an empty view, to hide an outer one.
 */
final class ReactorContextLocal {

    private static final TaskLocal<ContextView> CONTEXT = TaskLocal.createInheritable("reactor.ContextView");

    private ReactorContextLocal() {}

    /** The view bound on this thread, or {@link Context#empty()} outside every scope. */
    static ContextView current() {
        ContextView view = CONTEXT.getOrNull();
        return view != null ? view : Context.empty();
    }

    /** {@code future} polled with {@code view} bound; {@code future} itself if the view is empty. */
    static <T> PollFuture<T> scope(ContextView view, PollFuture<T> future) {
        // Claimed once either way (rule 11): by the scope, or here for a bare future.
        return view.isEmpty() ? SingleUse.claim(future, "toMono") : CONTEXT.scope(view, future);
    }

    /** {@code stream} polled with {@code view} bound; {@code stream} itself if the view is empty. */
    static <T> PollStream<T> scopeStream(ContextView view, PollStream<T> stream) {
        return view.isEmpty() ? stream : CONTEXT.scopeStream(view, stream);
    }

    /** {@code future} polled with exactly {@code view} bound, even an empty one. */
    static <T> PollFuture<T> bind(ContextView view, PollFuture<T> future) {
        return CONTEXT.scope(view, future);
    }

    /** {@code stream} polled with exactly {@code view} bound, even an empty one. */
    static <T> PollStream<T> bindStream(ContextView view, PollStream<T> stream) {
        return CONTEXT.scopeStream(view, stream);
    }
}
