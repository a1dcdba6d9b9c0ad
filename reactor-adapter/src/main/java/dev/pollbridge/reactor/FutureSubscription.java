package dev.pollbridge.reactor;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.bridge.adapters.TaskLink;
import reactor.core.CoreSubscriber;
import reactor.core.Fuseable;
import reactor.core.publisher.Operators;

/**
 * The subscription {@link MonoFromFuture} gives its subscriber, and the only path by which
 * signals reach it. Reactor's {@link Operators.MonoSubscriber} does the request bookkeeping (a
 * value that arrives before {@code request} waits for it); this class adds the {@link TaskLink}
 * to the runtime task.
 *
 * <h2>Cancellation</h2>
 * {@link #cancel()} marks the subscription cancelled (no signal follows) and cancels the
 * link: the task is aborted exactly once, even if the cancel races with the spawn
 * ({@link TaskLink}). The task's completion only detaches its handle ({@link #finished()}).
 *
 * <p>Fusion is refused ({@link #requestFusion} returns {@code NONE}): signals are always pushed
 * from the task's worker.
 *
 * @param <T> the value type
 */
final class FutureSubscription<T> extends Operators.MonoSubscriber<T, T> {

    private final TaskLink task = new TaskLink();

    FutureSubscription(CoreSubscriber<? super T> actual) {
        super(actual);
    }

    /** Called once by the subscribing thread after the spawn. */
    void started(JoinHandle<Void> spawned) {
        task.started(spawned);
    }

    /** Called once by the task when it has signalled (or is being dropped): detaches the handle. */
    void finished() {
        task.finish();
    }

    @Override
    public void cancel() {
        super.cancel();
        task.cancel();
    }

    /** Delivers the value (or, for {@code null}, completes empty) unless cancelled. */
    void succeed(T value) {
        if (value != null) {
            complete(value);
        } else if (!isCancelled()) {
            actual.onComplete();
        }
    }

    /**
     * Delivers a failure unless cancelled. After a cancel it goes to {@code onErrorDropped},
     * unless it is the cancellation itself (the one policy of {@code FailureSink.reportAfterCancel}).
     */
    void fail(Throwable error) {
        if (isCancelled()) {
            DroppedErrors.dropAfterCancel(error, actual.currentContext());
        } else {
            actual.onError(error);
        }
    }

    /** Delivers a failure unless cancelled; after a cancel it is dropped without a report (the caller reported it). */
    void failUnlessCancelled(Throwable error) {
        if (!isCancelled()) {
            actual.onError(error);
        }
    }

    @Override
    public int requestFusion(int requestedMode) {
        return Fuseable.NONE;
    }
}
