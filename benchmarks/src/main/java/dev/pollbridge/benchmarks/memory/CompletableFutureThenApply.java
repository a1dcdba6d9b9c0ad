package dev.pollbridge.benchmarks.memory;

import java.util.concurrent.CompletableFuture;

/** An incomplete {@code CompletableFuture} with one {@code thenApply} stage; the application keeps the source. */
public final class CompletableFutureThenApply implements Subject {

    /** Static, so that the stage's function captures nothing (one shared instance, as {@code x -> x + 1}). */
    private static final Progress FINISHED = new Progress();

    @Override
    public Object create(int index) {
        CompletableFuture<Integer> source = new CompletableFuture<>();
        source.thenApply(value -> {
            FINISHED.arrive();
            return value + 1;
        });
        return source;
    }

    @Override
    public void awaitPending(int count) {
        // thenApply registers its stage synchronously: nothing to wait for.
    }

    @Override
    @SuppressWarnings("unchecked")
    public void release(Object kept) {
        ((CompletableFuture<Integer>) kept).complete(1);
    }

    @Override
    public void awaitFinished(int count) throws InterruptedException {
        FINISHED.await(count, "stages applied");
    }

    @Override
    public void close() {}
}
