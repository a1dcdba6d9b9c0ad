package dev.pollbridge.benchmarks.memory;

/**
 * One kind of pending unit of work whose retained size {@link MemoryFootprint} measures. A subject
 * creates units that stay pending until released; whatever the unit needs to stay alive must be
 * reachable from the object {@link #create} returns or from the subject's own machinery (runtime,
 * scheduler), exactly as in an application that keeps only the write end.
 */
public interface Subject extends AutoCloseable {

    /** Creates unit {@code index}, pending, and returns the object the caller keeps (its write end). */
    Object create(int index);

    /**
     * Blocks until {@code count} units (counted over the life of the JVM, which measures one subject) have really reached their pending state
     * (polled once, subscribed, parked), so that the measurement sees the waiting state and no queue
     * of not-yet-started work.
     */
    void awaitPending(int count) throws InterruptedException;

    /** Completes the unit whose write end is {@code kept}. */
    void release(Object kept);

    /** Blocks until {@code count} units (counted over the life of the JVM, which measures one subject) have finished. */
    void awaitFinished(int count) throws InterruptedException;

    /** Stops the subject's threads. */
    @Override
    void close();
}
