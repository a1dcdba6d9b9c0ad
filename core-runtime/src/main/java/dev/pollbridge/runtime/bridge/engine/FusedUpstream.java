package dev.pollbridge.runtime.bridge.engine;

/**
 * A subscription whose items can also be polled out of the source's own queue: Reactor's
 * {@code Fuseable.QueueSubscription} and RxJava's {@code QueueSubscription} seen through one
 * interface (queue fusion), so {@link StreamFromPublisher} is written once. The adapters wrap the
 * library's subscription (also for the generic bridge, {@link LibrarySources}); a plain Reactive
 * Streams or {@code Flow} subscription never fuses.
 *
 * <h2>The modes, as the libraries define them</h2>
 * <ul>
 *   <li>{@link #SYNC}: the source is a synchronous generator (a range, an array, an iterable).
 *       Nobody requests and the source signals nothing: each {@link #poll()} computes the next
 *       item on the caller's thread, {@code null} is the end, a throw is the failure.
 *   <li>{@link #ASYNC}: the source keeps a queue filled by its own producer. The subscriber
 *       requests as without fusion; {@code onNext} (its argument is meaningless, often
 *       {@code null}) only says "the queue has something", {@code onComplete}/{@code onError}
 *       come after the last item was queued, and {@link #poll()} returns {@code null} when the
 *       queue is empty for now.
 * </ul>
 * {@link #requestFusion()} asks for either mode across a thread boundary (Reactor's
 * {@code ANY | THREAD_BARRIER}, RxJava's {@code ANY | BOUNDARY}, as their {@code publishOn} and
 * {@code observeOn} ask): the poller may run on another thread than the source would, so
 * operators whose user callbacks are thread-sensitive ({@code map}, {@code doOnNext}) decline
 * and the stream runs unfused.
 *
 * <h2>Threads</h2>
 * {@code requestFusion} once, in {@code onSubscribe}, before any request. {@code poll} and
 * {@code clear} by one consumer at a time, with happens-before between consumers (the stream's
 * owner while it polls, then the one that drops the queue after close). {@code request} and
 * {@code cancel} as for any {@link Upstream}.
 *
 * @param <T> the item type
 */
public interface FusedUpstream<T> extends Upstream {

    /** Not fused: items come through {@code onNext} as usual. */
    int NONE = 0;
    /** Fused with a synchronous source: poll until {@code null}, never request. */
    int SYNC = 1;
    /** Fused with a queue filled asynchronously: request as usual, poll when signalled. */
    int ASYNC = 2;

    /**
     * Asks the source for fusion in either mode across a thread boundary; called once, from
     * {@code onSubscribe}, before any request.
     *
     * @return {@link #SYNC}, {@link #ASYNC} or {@link #NONE}
     */
    int requestFusion();

    /**
     * The next item, or {@code null}: in {@link #SYNC} mode the end of the source, in
     * {@link #ASYNC} mode an empty queue for now.
     *
     * @return the next item or {@code null}
     * @throws Throwable the source failed (in a fused operator or generator)
     */
    T poll() throws Throwable;

    /**
     * Drops what the source still holds for this subscriber (after cancel), by the source's own
     * discard policy.
     */
    void clear();

    /**
     * Whether an {@link #ASYNC} source, once cancelled, discards what its queue holds itself, on
     * {@link #clear()} and on every emission that finds it cancelled: Reactor's, which hands those
     * items to its discard hooks ({@code doOnDiscard}) and may hand one that was already taken out
     * of its queue too, which is why Reactor requires those hooks to be idempotent. A stream
     * closing such a source only cancels, then clears, and never polls it after its close: a
     * close of its own on an item it took would be one the hook does not know about. False
     * (RxJava, which discards nothing): the stream polls out and drops, closing each once, what was
     * sent to it.
     *
     * @return true if the source's discard policy owns its queue once cancelled
     */
    default boolean discardsOnCancel() {
        return false;
    }
}
