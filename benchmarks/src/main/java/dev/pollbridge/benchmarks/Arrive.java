package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;

/** The trivial task: ready on its first poll after counting itself down. */
final class Arrive implements PollFuture<Void> {

    private final Countdown done;

    Arrive(Countdown done) {
        this.done = done;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        done.arrive();
        return Poll.ready(null);
    }
}
