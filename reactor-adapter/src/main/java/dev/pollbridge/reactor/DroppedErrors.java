package dev.pollbridge.reactor;

import dev.pollbridge.runtime.bridge.engine.FailureSink;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The failure sink of the Reactor adapter: what no signal can carry any more (an error after
 * the subscriber cancelled, a {@code close()} or {@code cancel()} that threw, a subscriber that
 * threw) goes to {@code Hooks.onErrorDropped} through {@link Operators#onErrorDropped}, with the
 * subscriber's context, as Reactor's own operators do. Errors after cancellation follow the one
 * policy of {@link FailureSink#reportAfterCancel}: the cancellation itself stays silent.
 *
 * <p>Any thread; never throws: a JVM-fatal error is dropped to the hook like any other (the rule
 * of {@code docs/reliability.md} sends it there), and if the hook itself throws, that failure is
 * dropped, there being nobody left to tell.
 */
final class DroppedErrors implements FailureSink {

    private final Context context;

    private DroppedErrors(Context context) {
        this.context = context;
    }

    /** A sink for a subscriber with {@code view} as its context. */
    static DroppedErrors of(ContextView view) {
        return new DroppedErrors(Context.of(view));
    }

    @Override
    public void report(String what, Throwable failure) {
        drop(failure, context);
    }

    /** {@link Operators#onErrorDropped}, contained. */
    static void drop(Throwable failure, Context context) {
        try {
            Operators.onErrorDropped(failure, context);
        } catch (Throwable hookFailure) {
            // Reactor's default hook throws only for bubbling errors; a broken custom hook: drop.
        }
    }

    /** {@link #drop} unless {@code error} is the cancellation itself. */
    static void dropAfterCancel(Throwable error, Context context) {
        if (!FailureSink.isCancellation(error)) {
            drop(error, context);
        }
    }
}
