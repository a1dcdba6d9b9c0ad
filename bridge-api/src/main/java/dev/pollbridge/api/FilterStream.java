package dev.pollbridge.api;

import java.util.function.Predicate;

/**
 * {@link Streams#filter}: only the items the predicate accepts. Skips rejected items in a loop,
 * yielding after {@link Budget#ITEMS_PER_POLL} of them in one poll.
 */
final class FilterStream<T> extends OneInputStream<T, T> {

    private final Predicate<? super T> predicate;

    FilterStream(PollStream<? extends T> upstream, Predicate<? super T> predicate) {
        super("filter", upstream);
        this.predicate = predicate;
    }

    @Override
    Poll<T> step(Context cx) {
        for (int rejected = 0; rejected < Budget.ITEMS_PER_POLL; rejected++) {
            Poll<? extends T> poll = pollUpstream(cx);
            if (!poll.isReady()) {
                return poll.cast();
            }
            T item = poll.value();
            boolean accepted;
            try {
                accepted = predicate.test(item);
            } catch (Throwable e) {
                terminate();
                return Poll.failed(Outcomes.userFailure(e));
            }
            if (accepted) {
                return Poll.ready(item);
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }
}
