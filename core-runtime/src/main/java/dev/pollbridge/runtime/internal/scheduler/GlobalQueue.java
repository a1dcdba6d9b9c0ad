package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * The global injection queue: tasks spawned or woken from outside the workers, and overflow from
 * full local queues. Many producers and many consumers (every worker polls it), unbounded (a
 * spawn never fails for lack of room; the registry bounds nothing either: rule 15 is the user's
 * semaphore's job).
 *
 * <p>Backed by JCTools' {@link MpmcUnboundedXaddArrayQueue}: an MPSC queue does not fit (all
 * workers consume), and this one is lock-free on both ends (a fetch-and-add claims a slot),
 * allocates only per chunk, and has an O(1) {@link #size()}, which the batch take needs. Its
 * {@code offer} ends with a fetch-and-add on the producer index, so a producer's push is
 * sequentially consistent with a worker's later {@link #isEmpty()} check (the no-lost-wake
 * argument in {@link Idle}); {@code poll} returns null only when the queue is empty (it waits out
 * a producer between claim and store).
 */
final class GlobalQueue {

    private static final int CHUNK_SIZE = 1024;
    private static final int POOLED_CHUNKS = 4;

    private final MpmcUnboundedXaddArrayQueue<Task<?>> queue = new MpmcUnboundedXaddArrayQueue<>(CHUNK_SIZE, POOLED_CHUNKS);

    void push(Task<?> task) {
        queue.offer(task);
    }

    /** The oldest task, or null if empty. */
    Task<?> pop() {
        return queue.poll();
    }

    /** Tasks queued now (approximate while producers and consumers run). */
    int size() {
        return Math.max(0, queue.size());
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Closer only: drops everything. */
    void clear() {
        while (queue.poll() != null) {
            // drop
        }
    }
}
