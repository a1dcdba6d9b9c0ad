package dev.pollbridge.api;

import java.util.function.Function;

/** {@link Streams#map}: each item transformed by a function on the polling thread. */
final class MapStream<T, R> extends OneInputStream<T, R> {

    private final Function<? super T, ? extends R> mapper;

    MapStream(PollStream<? extends T> upstream, Function<? super T, ? extends R> mapper) {
        super("map", upstream);
        this.mapper = mapper;
    }

    @Override
    Poll<R> step(Context cx) {
        Poll<? extends T> poll = pollUpstream(cx);
        if (!poll.isReady()) {
            return poll.cast();
        }
        T item = poll.value();
        R mapped;
        try {
            mapped = mapper.apply(item);
        } catch (Throwable e) {
            terminate();
            return Poll.failed(Outcomes.userFailure(e));
        }
        if (mapped == null) {
            terminate();
            return Poll.failed(new NullPointerException("map: the function returned null for " + item
                    + " (stream items must not be null)"));
        }
        return Poll.ready(mapped);
    }
}
