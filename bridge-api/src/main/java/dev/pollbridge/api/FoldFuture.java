package dev.pollbridge.api;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link Streams#fold}, and through it {@link Streams#collect} and {@link Streams#forEach}: runs
 * the whole stream into an accumulator and is ready with the finished result when the stream is
 * done.
 *
 * <p>The accumulator is created on the first poll. Each poll takes items in a loop while upstream
 * has them, yielding after {@link Budget#ITEMS_PER_POLL} items. Upstream is closed when it ends,
 * fails, yields a null item or a user function throws.
 *
 * @param <T> the item type
 * @param <A> the accumulator type
 * @param <R> the result type
 */
final class FoldFuture<T, A, R> extends SingleUse implements PollFuture<R> {

    private enum State { UNPOLLED, FOLDING, COMPLETE, CLOSED }

    private PollStream<? extends T> upstream; // owned; null once closed
    private final Supplier<? extends A> initial;
    private final BiFunction<A, ? super T, A> step;
    private final Function<? super A, ? extends R> finisher;
    private final String name;
    private A accumulator; // valid in FOLDING
    private State state = State.UNPOLLED;

    FoldFuture(PollStream<? extends T> upstream, Supplier<? extends A> initial, BiFunction<A, ? super T, A> step,
            Function<? super A, ? extends R> finisher, String name) {
        this.upstream = SingleUse.claim(upstream, name);
        this.initial = initial;
        this.step = step;
        this.finisher = finisher;
        this.name = name;
    }

    @Override
    public Poll<R> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion(name);
            case CLOSED: throw Outcomes.polledAfterClose(name);
            case UNPOLLED:
                try {
                    accumulator = initial.get();
                } catch (Throwable e) {
                    return fail(Outcomes.userFailure(e));
                }
                state = State.FOLDING;
                break;
            default: break;
        }
        for (int taken = 0; taken < Budget.ITEMS_PER_POLL; taken++) {
            Poll<? extends T> poll = upstream.pollNext(cx);
            if (poll.isPending()) {
                return Poll.pending();
            }
            if (poll.isFailed()) {
                return fail(poll.error());
            }
            if (poll.isDone()) {
                complete();
                try {
                    return Poll.ready(finisher.apply(accumulator));
                } catch (Throwable e) {
                    return Poll.failed(Outcomes.userFailure(e));
                } finally {
                    accumulator = null;
                }
            }
            T item = poll.value();
            if (item == null) {
                return fail(Outcomes.nullItem(name));
            }
            try {
                accumulator = step.apply(accumulator, item);
            } catch (Throwable e) {
                return fail(Outcomes.userFailure(e));
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }

    private Poll<R> fail(Throwable error) {
        complete();
        accumulator = null;
        return Poll.failed(error);
    }

    private void complete() {
        state = State.COMPLETE;
        closeUpstream();
    }

    @Override
    public void close() {
        if (state != State.COMPLETE) {
            state = State.CLOSED;
        }
        accumulator = null;
        closeUpstream();
    }

    private void closeUpstream() {
        PollStream<? extends T> owned = upstream;
        upstream = null;
        Closer.close(owned);
    }
}
