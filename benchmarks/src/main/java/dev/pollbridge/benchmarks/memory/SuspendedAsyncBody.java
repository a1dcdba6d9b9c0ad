package dev.pollbridge.benchmarks.memory;

import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncMode;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Promise;

/**
 * An {@code Async.run} body spawned on a two-worker runtime and suspended in
 * {@code Async.await(promise.future())}; the application keeps the promise. Counts everything: the
 * task, the {@code Async} future, the body's virtual thread and its stack (thread mode) or its
 * continuation and the frames it froze (continuation mode), the promise. Meaningful on Java 21+
 * only (on Java 17 bodies run on a bounded pool of platform threads, whose stacks are not on the
 * heap), so {@code run.sh} measures it with JDK 25: subject {@code async-body} in thread mode,
 * {@code async-body-continuation} with {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}.
 */
public class SuspendedAsyncBody implements Subject {

    /** Static, so that the body captures only its promise's read end. */
    private static final Progress SUSPENDED = new Progress();
    private static final Progress FINISHED = new Progress();

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("footprint").build();

    /** Thread mode on virtual threads; refuses any other mode. */
    public SuspendedAsyncBody() {
        this(AsyncMode.VIRTUAL_THREAD);
    }

    /** Refuses to run unless bodies run in {@code mode}. */
    protected SuspendedAsyncBody(AsyncMode mode) {
        if (Async.mode() != mode) {
            runtime.close();
            throw new IllegalStateException(getClass().getSimpleName() + " measures " + mode + " bodies, this JVM runs "
                    + Async.mode() + " (see run.sh for the JVM options)");
        }
    }

    @Override
    public Object create(int index) {
        Promise<Integer> promise = Promise.create();
        var reader = promise.future();
        runtime.spawn(Async.run(() -> {
            SUSPENDED.arrive();
            int value = Async.await(reader) + 1;
            FINISHED.arrive();
            return value;
        })).close();
        return promise;
    }

    @Override
    public void awaitPending(int count) throws InterruptedException {
        SUSPENDED.await(count, "bodies started");
        // Counted just before await(), microseconds before the body parks; see ParkedVirtualThread.
        Thread.sleep(500);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void release(Object kept) {
        ((Promise<Integer>) kept).complete(1);
    }

    @Override
    public void awaitFinished(int count) throws InterruptedException {
        FINISHED.await(count, "bodies finished");
    }

    @Override
    public void close() {
        runtime.close();
    }
}
