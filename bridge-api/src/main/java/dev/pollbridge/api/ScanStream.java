package dev.pollbridge.api;

import java.util.function.BiFunction;

/**
 * {@link Streams#scan}: the initial accumulator, then the accumulator after each item (kotlinx's
 * {@code scan}, Reactor's {@code scan(initial, f)}). The initial value is the first item, returned
 * on the first poll without polling upstream.
 */
final class ScanStream<T, R> extends OneInputStream<T, R> {

    private final BiFunction<? super R, ? super T, ? extends R> step;
    private R accumulator;
    private boolean initialSent;

    ScanStream(PollStream<? extends T> upstream, R initial, BiFunction<? super R, ? super T, ? extends R> step) {
        super("scan", upstream);
        this.accumulator = initial;
        this.step = step;
    }

    @Override
    Poll<R> step(Context cx) {
        if (!initialSent) {
            initialSent = true;
            return Poll.ready(accumulator);
        }
        Poll<? extends T> poll = pollUpstream(cx);
        if (!poll.isReady()) {
            return poll.cast();
        }
        R next;
        try {
            next = step.apply(accumulator, poll.value());
        } catch (Throwable e) {
            terminate();
            return Poll.failed(Outcomes.userFailure(e));
        }
        if (next == null) {
            terminate();
            return Poll.failed(new NullPointerException("scan: the function returned null for " + poll.value()
                    + " (stream items must not be null)"));
        }
        accumulator = next;
        return Poll.ready(next);
    }
}
