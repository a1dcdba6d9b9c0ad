package dev.pollbridge.context;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.Objects;

/**
 * Carries thread-locals (SLF4J's MDC, a tracing span, a security context: whatever has a
 * Micrometer {@code ThreadLocalAccessor} in the {@code ContextRegistry}) from the code that
 * spawns a task into every poll of that task, whichever worker runs it. Opt in per task:
 *
 * <pre>{@code
 * ContextPropagation context = ContextPropagation.create();
 * MDC.put("requestId", "req-42");
 * context.spawn(runtime, handle(request));   // every poll of handle(request) logs requestId=req-42
 * }</pre>
 *
 * <h2>What happens</h2>
 * {@link #wrap(PollFuture)} captures a {@link ContextSnapshot} of the calling thread at once (so
 * {@link #spawn} captures at the spawn). Around every poll, and around the close, of the wrapped
 * future it sets the snapshot's thread-locals on the polling thread and, when the poll returns or
 * throws, puts back what that thread had before (Micrometer's {@code ContextSnapshot.Scope}). So
 * the values are there in each poll, also after a wake moved the task to another worker, and
 * gone from the worker after the poll. Wrappers nest: an inner wrapped future polled inside an
 * outer one's poll sees its own snapshot, and the outer values are back when it returns (the
 * nested restore that kotlinx.coroutines 1.11.0 got wrong).
 *
 * <p>A task spawned from inside a wrapped task's poll captures the values in force there, so a
 * child task inherits its parent's context when it is spawned through this class (unlike a
 * {@code TaskLocal} scope, which is not inherited).
 *
 * <p>Thread safety: an instance is immutable and may be shared. The futures it makes are polled
 * by one thread at a time, as every future.
 */
public final class ContextPropagation {

    private final ContextSnapshotFactory snapshots;

    private ContextPropagation(ContextSnapshotFactory snapshots) {
        this.snapshots = snapshots;
    }

    /**
     * Propagation with Micrometer's defaults: every accessor of
     * {@code ContextRegistry.getInstance()}, and thread-locals the snapshot lacks left as they are
     * on the polling thread.
     *
     * @return a propagation with the default snapshot factory
     */
    public static ContextPropagation create() {
        return new ContextPropagation(ContextSnapshotFactory.builder().build());
    }

    /**
     * Propagation with snapshots made by {@code snapshots} (another registry, a key filter, or
     * {@code clearMissing(true)} to clear, during a poll, thread-locals the snapshot lacks).
     *
     * @param snapshots the factory that captures and sets the snapshots
     * @return a propagation with that factory
     * @throws NullPointerException if {@code snapshots} is null
     */
    public static ContextPropagation using(ContextSnapshotFactory snapshots) {
        return new ContextPropagation(Objects.requireNonNull(snapshots, "snapshots"));
    }

    /**
     * Captures the calling thread's context now and returns {@code future} wrapped to run with it.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code future}; closing the wrapper closes
     * {@code future} with the captured context set.
     *
     * @param <T> the value type
     * @param future the future to run in the captured context; the returned future owns it
     * @return a future of {@code future}'s outcome
     * @throws NullPointerException if {@code future} is null
     */
    public <T> PollFuture<T> wrap(PollFuture<T> future) {
        return new PropagatingFuture<>(snapshots.captureAll(), Objects.requireNonNull(future, "future"));
    }

    /**
     * Captures the calling thread's context now and returns {@code stream} wrapped to run with it.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code stream}.
     *
     * @param <T> the item type
     * @param stream the stream to run in the captured context; the returned stream owns it
     * @return a stream of {@code stream}'s items
     * @throws NullPointerException if {@code stream} is null
     */
    public <T> PollStream<T> wrapStream(PollStream<T> stream) {
        return new PropagatingStream<>(snapshots.captureAll(), Objects.requireNonNull(stream, "stream"));
    }

    /**
     * Spawns {@code future} on {@code runtime} with the calling thread's context captured now:
     * {@code runtime.spawn(wrap(future))}.
     *
     * @param <T> the value type
     * @param runtime where the task runs
     * @param future the task's future; the runtime owns it from now on
     * @return the task's handle
     * @throws NullPointerException if an argument is null
     * @throws java.util.concurrent.RejectedExecutionException as {@link PollRuntime#spawn}
     */
    public <T> JoinHandle<T> spawn(PollRuntime runtime, PollFuture<T> future) {
        Objects.requireNonNull(runtime, "runtime");
        return runtime.spawn(wrap(future));
    }
}
