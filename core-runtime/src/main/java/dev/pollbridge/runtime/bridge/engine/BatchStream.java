package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.PollStream;

/**
 * A stream that hands over an item it already has without a {@link dev.pollbridge.api.Poll}
 * for it: the batch path between the bridge's own producers ({@link StreamFromPublisher} and the
 * adapters' streams over it) and its own consumers ({@link StreamSubscription},
 * {@link ItemFromStream}, the adapters' drivers). The public contract is unchanged: every such
 * stream is a plain {@link PollStream} too, and a consumer that only calls {@code pollNext} sees
 * no difference.
 *
 * <h2>How a consumer drains</h2>
 * While it wants items (demand, budget), the consumer calls {@link #takeReady()}; each item it
 * returns is the stream's next item, exactly as a {@code ready(item)} of {@code pollNext} would
 * have been, and counts as one poll against the consumer's budget (rule 16). When it returns
 * {@code null}, the consumer calls {@code pollNext} as usual: that says {@code pending} (with its
 * waker registered), {@code done} or {@code failed}, or hands over an item that arrived in
 * between. So {@code takeReady} never registers a waker and never ends the stream: a
 * {@code null} means only "nothing to hand over without a poll".
 *
 * <h2>Rules</h2>
 * Owner only, as {@code pollNext}: never concurrently with {@code pollNext} or {@code close},
 * never after {@code pollNext} returned {@code done} or {@code failed}, never after
 * {@code close} (both throw {@link IllegalStateException}). Never blocks. Before the first
 * {@code pollNext} it returns {@code null} (the stream is lazy, rule 2). A failure it meets on the
 * way (a fused source whose {@code poll()} threw) is kept for the next {@code pollNext}, which
 * returns it.
 *
 * @param <T> the item type
 */
public interface BatchStream<T> extends PollStream<T> {

    /**
     * The stream's next item if it can be handed over now, else {@code null} (then
     * {@code pollNext} says why).
     *
     * @return the next item, never {@code null} as an item; {@code null} for "poll instead"
     * @throws IllegalStateException if called after the end or after {@code close}
     */
    T takeReady();

    /**
     * {@code stream}'s batch path, or {@code null} if it has none.
     *
     * @param <T> the item type
     * @param stream any stream
     * @return {@code stream} as a {@code BatchStream}, or {@code null}
     */
    @SuppressWarnings("unchecked")
    static <T> BatchStream<T> of(PollStream<T> stream) {
        return stream instanceof BatchStream ? (BatchStream<T>) stream : null;
    }
}
