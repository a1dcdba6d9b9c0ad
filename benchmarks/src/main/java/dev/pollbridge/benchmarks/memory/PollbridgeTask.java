package dev.pollbridge.benchmarks.memory;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Promise;

/**
 * A Pollbridge task spawned on a two-worker runtime, waiting on a promise: the spawned future is a
 * one-stage continuation of the promise's read end (the counterpart of {@code thenApply}), its
 * {@code JoinHandle} is detached, and the application keeps the promise's write end.
 */
public final class PollbridgeTask implements Subject {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("footprint").build();
    /** Static, so that the user's future holds only its source (as a {@code map} stage would). */
    private static final Progress PENDING = new Progress();
    private static final Progress FINISHED = new Progress();

    @Override
    public Object create(int index) {
        Promise<Integer> promise = Promise.create();
        runtime.spawn(new PlusOne(promise.future())).close();
        return promise;
    }

    @Override
    public void awaitPending(int count) throws InterruptedException {
        PENDING.await(count, "tasks polled once and pending");
    }

    @Override
    @SuppressWarnings("unchecked")
    public void release(Object kept) {
        ((Promise<Integer>) kept).complete(1);
    }

    @Override
    public void awaitFinished(int count) throws InterruptedException {
        FINISHED.await(count, "tasks finished");
    }

    @Override
    public void close() {
        runtime.close();
    }

    /** Awaits the promise, then adds one: the user's future of the spawned task. */
    static final class PlusOne implements PollFuture<Integer> {
        private final PollFuture<Integer> source;
        private boolean polled;

        PlusOne(PollFuture<Integer> source) {
            this.source = source;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            Poll<Integer> result = source.poll(cx);
            if (result.isPending()) {
                if (!polled) {
                    polled = true;
                    PENDING.arrive();
                }
                return Poll.pending();
            }
            FINISHED.arrive();
            return result.map(value -> value + 1);
        }

        @Override
        public void close() {
            source.close();
        }
    }
}
