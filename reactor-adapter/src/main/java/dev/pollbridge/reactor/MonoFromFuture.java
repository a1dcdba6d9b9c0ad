package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;

/**
 * A factory of futures seen as a cold {@link Mono}: the pull-to-push direction for one value.
 *
 * <h2>Protocol</h2>
 * Each {@code subscribe} calls the factory on the subscribing thread, wraps the new future in
 * the subscriber's Reactor context ({@link ReactorContextLocal}), hands the subscriber a
 * {@link FutureSubscription}, and spawns a {@link SubscriberTask} on the runtime that polls the
 * future and signals the result: {@code onNext(value)} then {@code onComplete()} when the
 * subscriber has requested it (Reactor's {@link Operators.MonoSubscriber} keeps a value that
 * arrives before the request), {@code onComplete()} alone for a {@code null} value,
 * {@code onError(e)} with the future's own exception. Signals are sent on a runtime worker.
 * A factory that throws or returns {@code null} makes the subscription fail with that error
 * ({@link NullPointerException} for {@code null}); a closed runtime makes it fail with
 * {@link RejectedExecutionException} (the future is then closed, never polled).
 *
 * <h2>Cancellation</h2>
 * {@code Subscription.cancel()} aborts the task (once; {@link FutureSubscription}), so the
 * runtime closes the future exactly once at its next suspension point; no signal follows.
 * If the task is cancelled some other way (the runtime closed, or an adopted task aborted by its
 * owner), the subscriber gets {@code onError(CancellationException)} instead of hanging.
 * A cancel that lands inside {@code onSubscribe} never spawns the task; the future is closed
 * on the subscribing thread. So does an {@code onSubscribe} that throws (rule 2.13); the
 * exception then goes on to Reactor's {@code subscribe}, which signals it to the subscriber
 * ({@code onError}) as it does for every operator whose subscribe throws. A future whose
 * {@code close()} throws is closed after the outcome was signalled ({@link SubscriberTask}).
 *
 * <p>For an adopted {@link JoinHandle} ({@link MonoBridge#toMono(JoinHandle, PollRuntime)}) the
 * future the relay task owns is the handle itself, so aborting the relay closes the handle,
 * which <em>detaches</em> the task (rule 13): the adopted task runs on. Only one subscription
 * can adopt a handle; later ones fail with {@link IllegalStateException}.
 *
 * @param <T> the value type
 */
final class MonoFromFuture<T> extends Mono<T> {

    private final Supplier<? extends PollFuture<? extends T>> futureFactory;
    private final PollRuntime runtime;

    private MonoFromFuture(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        this.futureFactory = Objects.requireNonNull(futureFactory, "futureFactory");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    /** The Mono, passed through Reactor's assembly hooks ({@code Hooks.onEachOperator}, debug). */
    static <T> Mono<T> of(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return onAssembly(new MonoFromFuture<>(futureFactory, runtime));
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        Objects.requireNonNull(actual, "subscriber");
        PollFuture<? extends T> future;
        PollFuture<? extends T> scoped;
        try {
            future = Objects.requireNonNull(futureFactory.get(), "the future factory returned null");
            scoped = ReactorContextLocal.scope(actual.currentContext(), future); // refuses a future already owned
        } catch (Throwable factoryFailure) {
            Exceptions.throwIfJvmFatal(factoryFailure);
            Operators.error(actual, Operators.onOperatorError(factoryFailure, actual.currentContext()));
            return;
        }
        FutureSubscription<T> subscription = new FutureSubscription<>(actual);
        try {
            actual.onSubscribe(subscription);
        } catch (Throwable subscriberFailure) {
            // Rule 2.13 broken. No task exists yet: cancel, close the future here, and let the
            // exception go on to Reactor's subscribe, which reports it (reportThrowInSubscribe).
            subscription.cancel();
            closeUnstarted(scoped, actual);
            throw subscriberFailure;
        }
        if (subscription.isCancelled()) {
            closeUnstarted(scoped, actual);
            return;
        }
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(new SubscriberTask<T>(scoped, subscription));
        } catch (RejectedExecutionException closedRuntime) {
            closeUnstarted(scoped, actual);
            subscription.fail(closedRuntime);
            return;
        }
        subscription.started(handle);
    }

    /** Closes a future no task will own; a {@code close()} that throws goes to {@code onErrorDropped}. */
    private static void closeUnstarted(PollFuture<?> future, CoreSubscriber<?> actual) {
        try {
            future.close();
        } catch (Throwable closeFailure) {
            DroppedErrors.drop(closeFailure, actual.currentContext()); // a fatal one too: close never throws
        }
    }

    /** A factory that hands out {@code handle} once and fails every later call. */
    static <T> Supplier<PollFuture<T>> adopting(JoinHandle<T> handle) {
        return SingleUse.once(handle, "a Mono of a JoinHandle");
    }
}
