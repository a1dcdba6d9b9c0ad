package dev.pollbridge.benchmarks.memory;

import reactor.core.publisher.Sinks;

/** A {@code Sinks.one()} with one lambda subscriber on its {@code asMono()}; the application keeps the sink. */
public final class ReactorSinksOne implements Subject {

    /** Static, so that the subscriber's lambda captures nothing. */
    private static final Progress FINISHED = new Progress();

    @Override
    public Object create(int index) {
        Sinks.One<Integer> sink = Sinks.one();
        sink.asMono().subscribe(value -> FINISHED.arrive());
        return sink;
    }

    @Override
    public void awaitPending(int count) {
        // subscribe() on a sink registers the subscriber synchronously: nothing to wait for.
    }

    @Override
    @SuppressWarnings("unchecked")
    public void release(Object kept) {
        ((Sinks.One<Integer>) kept).tryEmitValue(1);
    }

    @Override
    public void awaitFinished(int count) throws InterruptedException {
        FINISHED.await(count, "subscribers signalled");
    }

    @Override
    public void close() {}
}
