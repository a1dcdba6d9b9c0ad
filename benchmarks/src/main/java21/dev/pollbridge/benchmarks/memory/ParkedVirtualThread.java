package dev.pollbridge.benchmarks.memory;

import java.util.concurrent.CompletableFuture;

/**
 * A virtual thread parked in {@code CompletableFuture.join()}; the application keeps the future (the
 * future's waiter node keeps the thread). Java 21+ source set.
 */
public final class ParkedVirtualThread implements Subject {

    /** Static, so that the thread's Runnable captures only the future it waits on. */
    private static final Progress STARTED = new Progress();
    private static final Progress FINISHED = new Progress();

    @Override
    public Object create(int index) {
        CompletableFuture<Integer> promise = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            STARTED.arrive();
            int value = promise.join() + 1;
            if (value > 0) {
                FINISHED.arrive();
            }
        });
        return promise;
    }

    @Override
    public void awaitPending(int count) throws InterruptedException {
        STARTED.await(count, "virtual threads started");
        // Started is counted just before join(), microseconds before the thread parks; half a second
        // lets the last ones park (a parked virtual thread has unmounted and its frames live in a heap
        // stack chunk, which is what we measure). Keeping the Thread objects to poll their state
        // would add a reference per unit to the measurement.
        Thread.sleep(500);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void release(Object kept) {
        ((CompletableFuture<Integer>) kept).complete(1);
    }

    @Override
    public void awaitFinished(int count) throws InterruptedException {
        FINISHED.await(count, "virtual threads finished");
    }

    @Override
    public void close() {
        // Virtual threads need no shutdown; all have finished by now.
    }
}
