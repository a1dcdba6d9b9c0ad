package dev.pollbridge.api;

import java.util.Objects;
import java.util.function.Function;

/**
 * {@link Streams#distinctUntilChanged}: drops an item whose key equals ({@link Objects#equals})
 * the key of the item before it (kotlinx's {@code distinctUntilChanged} and
 * {@code distinctUntilChangedBy}). Skips repeated items in a loop, yielding after
 * {@link Budget#ITEMS_PER_POLL} of them in one poll.
 */
final class DistinctStream<T, K> extends OneInputStream<T, T> {

    private static final Object NONE = new Object();

    private final Function<? super T, ? extends K> key;
    /** The key of the last item handed out, or {@link #NONE} before the first. */
    private Object last = NONE;

    DistinctStream(PollStream<? extends T> upstream, Function<? super T, ? extends K> key) {
        super("distinctUntilChanged", upstream);
        this.key = key;
    }

    @Override
    Poll<T> step(Context cx) {
        for (int skipped = 0; skipped < Budget.ITEMS_PER_POLL; skipped++) {
            Poll<? extends T> poll = pollUpstream(cx);
            if (!poll.isReady()) {
                return poll.cast();
            }
            K current;
            try {
                current = key.apply(poll.value());
            } catch (Throwable e) {
                terminate();
                return Poll.failed(Outcomes.userFailure(e));
            }
            if (last == NONE || !Objects.equals(last, current)) {
                last = current;
                return Outcomes.widen(poll);
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }
}
