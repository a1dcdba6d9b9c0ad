package dev.pollbridge.api;

/**
 * A future whose outcome several owners can await: every clone made with {@link #share()} sees
 * the one outcome of the future underneath (futures-rs {@code Shared}). Made by
 * {@link Futures#shared(PollFuture)}, which returns the first clone.
 *
 * <pre>{@code
 * SharedFuture<User> user = Futures.shared(loadUser(id));
 * PollFuture<String> name = user.share().map(User::name);    // one clone per consumer
 * PollFuture<Avatar> avatar = user.share().flatMap(avatars::of);
 * user.close();                                                 // the first clone is not needed here
 * }</pre>
 *
 * <h2>Polling</h2>
 * Lazy (rule 2): nothing runs until a clone is polled. The future underneath is polled by
 * whichever clone is polled, one clone at a time, with a waker that wakes every clone that
 * registered; a clone polled while another is polling it registers its waker and returns
 * {@code pending}. Each clone keeps its own latest waker (rule 7), and every clone that returned
 * {@code pending} is woken when the future underneath makes progress or completes (rule 5), so
 * no wake is lost whichever clone's task polls. Each clone is an ordinary future for its owner:
 * polled by one thread at a time, ready once (rule 9); different clones may be polled from
 * different threads at the same time.
 *
 * <h2>Outcome</h2>
 * Every clone is ready with the same value instance, or failed with the same exception
 * instance. A value shared this way is <b>never closed</b> by the clones or the shared future,
 * even if it is {@link AutoCloseable}: several owners hold it, so none of them may release it
 * for the others. Owners that close what they drop (a failed {@code tryJoin}, the runtime for a
 * detached task) do not know that; give them a clone only if the value owns nothing. The future
 * underneath is closed as soon as it completes.
 *
 * <h2>Cancellation</h2>
 * Closing a clone drops that clone only. When the last clone is closed, the future underneath
 * is closed too, which cancels it if it has not finished. Keep one clone open for as long as
 * new owners may still need the outcome ({@link #share()} on a closed clone throws).
 * Cancel-safe: closing a clone loses nothing the other clones could still get.
 *
 * @param <T> the value type
 */
public interface SharedFuture<T> extends PollFuture<T> {

    /**
     * A new clone of this shared future: an independent future of the same outcome, owned and
     * closed by whoever takes it. Works before, during and after completion; a clone made after
     * completion is ready on its first poll. Any thread.
     *
     * @return a new clone
     * @throws IllegalStateException if this clone was closed (or, in a race with its close on
     *     another thread, every clone was)
     */
    SharedFuture<T> share();
}
