package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.adapters.TaskLink;
import dev.pollbridge.runtime.bridge.engine.Fatal;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;

/**
 * The runtime task behind one subscription of a {@code Single}, {@code Maybe},
 * {@code Completable} or {@code Observable} made from a future or a stream, and the
 * {@link Disposable} its observer holds. Subclasses ({@link FutureDriver}, {@link StreamDriver})
 * poll their source and signal; this class owns the life cycle.
 *
 * <h2>Life cycle</h2>
 * <ol>
 *   <li>{@link #start}, on the subscribing thread: {@code onSubscribe(this)}, then the spawn. So
 *       {@code onSubscribe} happens-before every other signal, which all come from the task.
 *   <li>The task polls ({@link #poll}), one poll at a time; the runtime closes it
 *       ({@link #close}) when it ends or is aborted, never during a poll.
 *   <li>The outcome is signalled only by the call that wins {@link TaskLink#finish()} against
 *       {@link #dispose()}, so an observer gets exactly one terminal signal or, if it disposed
 *       first, none; an error that loses goes to {@code RxJavaPlugins.onError}, a value is
 *       released ({@link Undeliverable}).
 *   <li>The source is closed exactly once ({@link #sourceClosed}): after the terminal signal (a
 *       {@code close()} that throws is reported, it does not replace the signal), or when the
 *       runtime closes the task, or on the subscribing thread when no task was spawned.
 * </ol>
 *
 * <h2>Cancellation</h2>
 * {@link #dispose()} aborts the task exactly once ({@link TaskLink}), even if it races the spawn;
 * the runtime then closes the source at the task's next suspension point, and nothing is
 * signalled after. A task the runtime closes without a dispose (the runtime shut down, an adopted
 * task aborted by its owner) signals {@code onError(CancellationException)} instead of leaving the
 * observer waiting. A dispose inside {@code onSubscribe} spawns nothing.
 *
 * <h2>Nothing stays reachable through the {@code Disposable}</h2>
 * Observers keep their {@code Disposable} (to dispose later), often for longer than the
 * subscription lives. Once the source is closed this task lets go of it, as RxJava's
 * {@code LambdaObserver} swaps its upstream for {@code DISPOSED}: a kept {@code Disposable} keeps
 * neither the closed future or stream nor what it captured or produced.
 *
 * <h2>Observer failures</h2>
 * An observer method that throws breaks the RxJava contract; the task disposes itself (for
 * {@code onNext}) and reports the exception to {@code RxJavaPlugins.onError}. Nothing is thrown
 * into a runtime worker.
 */
abstract class ObserverTask<S extends AutoCloseable> implements PollFuture<Void>, Disposable {

    private final TaskLink task = new TaskLink();
    /** Task thread (or the subscribing thread before a task exists): the source; null once closed. */
    private S source;
    /** Task thread (or the subscribing thread before a task exists): the source was closed. */
    private boolean sourceClosed;
    /** Task thread: the task returned ready or was closed. */
    private boolean finished;

    ObserverTask(S source) {
        this.source = source;
    }

    /** The source, until {@link #closeSource()}; task thread only. */
    final S source() {
        return source;
    }

    /** Calls the observer's {@code onSubscribe(this)}. */
    abstract void subscribeObserver();

    /** Signals {@code error} to the observer; the caller contains what it throws. */
    abstract void signalError(Throwable error);

    /** One step of the task: polls the source, signals, and returns ready once it has ended. */
    abstract Poll<Void> step(Context cx);

    /** Subscribing thread: hands the observer this Disposable, then spawns the task on {@code runtime}. */
    final void start(PollRuntime runtime) {
        try {
            subscribeObserver();
        } catch (Throwable observerFailure) {
            task.cancel(); // the observer is broken: it gets nothing more
            if (Fatal.isFatal(observerFailure)) {
                closeSource(); // no task will exist; then the error propagates, as RxJava's subscribe lets it
                throw (Error) observerFailure;
            }
            Undeliverable.report(observerFailure);
        }
        if (task.isCancelled()) {
            closeSource(); // disposed inside onSubscribe: no task needed
            return;
        }
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(this);
        } catch (RejectedExecutionException closedRuntime) {
            closeSource(); // no task exists, so this thread still owns the source
            signalTerminalError(closedRuntime);
            return;
        }
        task.started(handle);
    }

    @Override
    public final Poll<Void> poll(Context cx) {
        if (finished) {
            throw new IllegalStateException("the task of an RxJava subscription was polled after it completed");
        }
        if (task.isCancelled()) {
            finished = true; // the abort is on its way; close() releases the source
            return Poll.ready(null);
        }
        Poll<Void> result = step(cx);
        if (!result.isPending()) {
            finished = true;
        }
        return result;
    }

    /** Called by the runtime when the task ends or is aborted (or the runtime closes). */
    @Override
    public final void close() {
        if (!finished) {
            finished = true;
            signalTerminalError(new CancellationException(
                    "the task behind this RxJava subscription was cancelled before it completed (was its runtime closed?)"));
        }
        closeSource();
    }

    @Override
    public final void dispose() {
        task.cancel();
    }

    @Override
    public final boolean isDisposed() {
        return task.isTerminated();
    }

    /** True once {@link #dispose()} won: stop polling and signalling. */
    final boolean isCancelled() {
        return task.isCancelled();
    }

    /**
     * Claims the terminal signal: true if the observer may get it (nobody disposed first); the
     * task's handle is detached either way.
     */
    final boolean claimTerminal() {
        return task.finish();
    }

    /** Signals a terminal error if nobody disposed first; otherwise it is undeliverable. */
    final void signalTerminalError(Throwable error) {
        if (!claimTerminal()) {
            Undeliverable.reportAfterCancel(error); // disposed first: the cancellation itself is silent
            return;
        }
        signalToObserver(error);
    }

    /**
     * Ends the task with a JVM-fatal error the source threw into it, which never goes into the
     * worker: it goes to {@code RxJavaPlugins.onError} once (as an {@code UndeliverableException})
     * and, unless the observer disposed first, to the observer's {@code onError} too, so it does
     * not wait forever; then the source is closed.
     */
    final Poll<Void> endWithFatal(Error fatal) {
        Undeliverable.report(fatal);
        if (claimTerminal()) {
            signalToObserver(fatal);
        }
        closeSource();
        return Poll.ready(null);
    }

    private void signalToObserver(Throwable error) {
        try {
            signalError(error);
        } catch (Throwable observerFailure) {
            Undeliverable.report(observerFailure); // a fatal one too: never into the worker
        }
    }

    /** Closes the source exactly once and lets go of it; a {@code close()} that throws is reported. */
    final void closeSource() {
        if (!sourceClosed) {
            sourceClosed = true;
            S closing = source;
            source = null;
            Undeliverable.close(closing);
        }
    }
}
