package dev.pollbridge.reactor;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.concurrent.CancellationException;
import reactor.core.Exceptions;
import reactor.core.publisher.Operators;

/**
 * The runtime task behind one {@link MonoFromFuture} subscription: polls the subscription's
 * future with the task's context and pushes its outcome through the {@link FutureSubscription}.
 *
 * <p>Owns the future: closes it exactly once, right after signalling its outcome, or when the
 * runtime closes this task (abort, runtime shutdown). Signal first, then close: a future whose
 * {@code close()} throws (rule 11 broken) cannot keep the subscriber from its outcome; the
 * exception goes to {@link Operators#onErrorDropped}, as does a subscriber method that throws
 * (which Reactive Streams forbids, rule 2.13). Neither fails the task. A poll that throws or
 * returns {@code null} fails the subscriber with that exception (a
 * {@link NullPointerException} for {@code null}).
 *
 * <h2>Cancellation</h2>
 * Closed before it signalled and without a subscriber cancel (the runtime closed, an adopted
 * task was aborted by its owner), it fails the subscriber with a
 * {@link CancellationException} so the subscriber does not wait forever. After a subscriber
 * cancel it signals nothing.
 *
 * <p>Runs on the task's worker only (poll and close are never concurrent: the runtime closes a
 * task after its current poll).
 *
 * @param <T> the value type
 */
final class SubscriberTask<T> implements PollFuture<Void> {

    private final PollFuture<? extends T> future;
    private final FutureSubscription<T> subscription;
    /** Task thread only: the outcome was pushed (or will never be). */
    private boolean signalled;
    /** Task thread only. */
    private boolean futureClosed;

    SubscriberTask(PollFuture<? extends T> future, FutureSubscription<T> subscription) {
        this.future = future;
        this.subscription = subscription;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (signalled) {
            throw new IllegalStateException("the task of a Mono was polled after it completed");
        }
        if (subscription.isCancelled()) {
            // The abort is on its way; stop polling the future now. close() releases it.
            signalled = true;
            return Poll.ready(null);
        }
        Poll<? extends T> outcome;
        try {
            outcome = future.poll(cx);
            if (outcome == null) {
                outcome = Poll.failed(new NullPointerException("poll() of " + future.getClass().getName() + " returned null"));
            }
        } catch (Throwable pollFailure) {
            Exceptions.throwIfJvmFatal(pollFailure);
            outcome = Poll.failed(pollFailure);
        }
        if (outcome.isPending()) {
            return Poll.pending();
        }
        signalled = true;
        subscription.finished();
        try {
            if (outcome.isReady()) {
                subscription.succeed(outcome.value());
            } else {
                subscription.fail(outcome.error());
            }
        } catch (Throwable subscriberFailure) {
            dropped(subscriberFailure);
        }
        closeFuture();
        return Poll.ready(null);
    }

    @Override
    public void close() {
        closeFuture();
        if (!signalled) {
            signalled = true;
            subscription.finished();
            if (!subscription.isCancelled()) {
                try {
                    subscription.fail(new CancellationException(
                            "the task behind this Mono was cancelled before it completed (was its runtime closed?)"));
                } catch (Throwable subscriberFailure) {
                    dropped(subscriberFailure);
                }
            }
        }
    }

    /** Closes the future once; a {@code close()} that throws (rule 11) is dropped, not passed on. */
    private void closeFuture() {
        if (!futureClosed) {
            futureClosed = true;
            try {
                // A cancelled Async body's late failure goes to onErrorDropped, not the runtime's handler.
                DroppedErrors.of(subscription.actual().currentContext()).closeCancelling(future);
            } catch (Throwable closeFailure) {
                dropped(closeFailure);
            }
        }
    }

    private void dropped(Throwable failure) {
        Exceptions.throwIfJvmFatal(failure);
        Operators.onErrorDropped(failure, subscription.actual().currentContext());
    }
}
