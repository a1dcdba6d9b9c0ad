package dev.pollbridge.runtime.task;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.async.InheritedLocals;
import dev.pollbridge.runtime.internal.async.LocalBindings;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A value bound to a task: visible in every poll of the future it is {@linkplain #scope scoped}
 * to, whichever thread runs the poll (the analogue of Tokio's {@code task_local!}). It carries
 * request ids, security principals, Reactor {@code Context} entries and the like through the
 * futures of one task.
 *
 * <pre>{@code
 * static final TaskLocal<String> REQUEST_ID = TaskLocal.create("requestId");
 *
 * runtime.spawn(REQUEST_ID.scope("req-42", handle(request)));
 * // anywhere inside a poll of handle(request), on any worker:
 * String id = REQUEST_ID.get();
 * }</pre>
 *
 * <h2>How it works</h2>
 * {@link #scope(Object, PollFuture)} wraps a future: before each poll of the inner future it
 * binds the value on the polling thread, and after the poll it restores exactly what was bound
 * before. So the value is visible during every poll (and the close) of the inner future and its
 * children, under any poller: a runtime worker, a {@code MockTask}, a combinator at any depth.
 * Between polls nothing is bound; the binding lives in the wrapper, not in a thread.
 *
 * <p>Scopes nest: an inner scope of the same {@code TaskLocal} shadows the outer value for the
 * inner future and the outer value is back after it. Different {@code TaskLocal}s are
 * independent.
 *
 * <p>{@code Async} bodies see the values that were bound when their future or stream was
 * polled, and so do the futures they await (the values are carried to the body thread at each
 * poll and installed whenever the body resumes).
 *
 * <h2>Inheritance</h2>
 * A task-local made by {@link #create} is not inherited by tasks spawned from inside its scope,
 * as in Tokio: a spawned future is a new task; wrap it in its own scope. One made by
 * {@link #createInheritable} is: {@code PollRuntime.spawn} (and {@code TaskScope.spawn}, which
 * spawns through it), called while the value is bound (in a poll of the scoped future, or in an
 * {@code Async} body polled from it), binds the same value in every poll and the close of the
 * spawned future, and so on down to the tasks that one spawns, as a kotlinx child coroutine
 * inherits its parent's context. The value is read at the spawn; the child keeps it even if the
 * parent's scope ends first. A scope inside the child shadows it as usual. Only
 * {@code PollRuntime.spawn} inherits: {@code spawnBlocking} work, {@code executor()} runnables and
 * futures polled by other executors do not.
 *
 * <pre>{@code
 * static final TaskLocal<String> TENANT = TaskLocal.createInheritable("tenant");
 *
 * runtime.spawn(TENANT.scope("acme", Futures.lazy(() -> runtime.spawn(Futures.lazy(TENANT::get)))));
 * // the inner task sees "acme" too
 * }</pre>
 *
 * <p>Thread safety: a {@code TaskLocal} is immutable and meant to be a {@code static final}
 * constant. Lookups walk the (short) list of values bound on the current thread.
 *
 * @param <T> the value type; values are never {@code null}
 */
public final class TaskLocal<T> {

    private final String name;
    private final boolean inheritable;

    private TaskLocal(String name, boolean inheritable) {
        this.name = name;
        this.inheritable = inheritable;
    }

    /**
     * A new task-local, named for error messages by its identity.
     *
     * @param <T> the value type
     * @return a new task-local
     */
    public static <T> TaskLocal<T> create() {
        return new TaskLocal<>(null, false);
    }

    /**
     * A new inheritable task-local: a task spawned while it is bound gets the same value (see
     * "Inheritance" in the class description).
     *
     * @param <T> the value type
     * @param name the name shown in messages
     * @return a new inheritable task-local
     */
    public static <T> TaskLocal<T> createInheritable(String name) {
        Objects.requireNonNull(name, "name");
        InheritedLocals.enable();
        return new TaskLocal<>(name, true);
    }

    /**
     * A new task-local with a name for error messages and {@link #toString()}.
     *
     * @param <T> the value type
     * @param name the name shown in messages
     * @return a new task-local
     */
    public static <T> TaskLocal<T> create(String name) {
        return new TaskLocal<>(Objects.requireNonNull(name, "name"), false);
    }

    /**
     * True if tasks spawned while this task-local is bound inherit its value.
     *
     * @return true for a task-local made by {@link #createInheritable}
     */
    public boolean isInheritable() {
        return inheritable;
    }

    /**
     * A future that polls (and closes) {@code future} with this task-local bound to
     * {@code value}. Lazy like any future: nothing is bound until it is polled.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code future}; closing the scope closes the
     * inner future (with the value bound, so its cleanup sees it).
     *
     * @param <R> the future's value type
     * @param value the value bound while {@code future} is polled; not {@code null}
     * @param future the future to run in the scope; the returned future owns it
     * @return a future of {@code future}'s outcome
     * @throws NullPointerException if {@code value} or {@code future} is null
     */
    public <R> PollFuture<R> scope(T value, PollFuture<R> future) {
        return new ScopedFuture<>(this, Objects.requireNonNull(value, "value"),
                Objects.requireNonNull(future, "future"));
    }

    /**
     * A stream that polls (and closes) {@code stream} with this task-local bound to
     * {@code value}.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code stream}.
     *
     * @param <R> the stream's item type
     * @param value the value bound while {@code stream} is polled; not {@code null}
     * @param stream the stream to run in the scope; the returned stream owns it
     * @return a stream of {@code stream}'s items
     * @throws NullPointerException if {@code value} or {@code stream} is null
     */
    public <R> PollStream<R> scopeStream(T value, PollStream<R> stream) {
        Objects.requireNonNull(value, "value");
        BatchStream<R> batch = BatchStream.of(Objects.requireNonNull(stream, "stream"));
        return batch != null ? new ScopedBatchStream<>(this, value, batch) : new ScopedStream<>(this, value, stream);
    }

    /**
     * Runs {@code action} on the calling thread with this task-local bound to {@code value}, and
     * returns its result (Tokio's {@code sync_scope}). For plain code that must see the value,
     * such as a poll written by hand.
     *
     * @param <R> the result type
     * @param value the value bound while {@code action} runs; not {@code null}
     * @param action the code to run, at once, on the calling thread
     * @return what {@code action} returned
     * @throws NullPointerException if {@code value} or {@code action} is null
     */
    public <R> R syncScope(T value, Supplier<R> action) {
        Objects.requireNonNull(action, "action");
        LocalBindings.Frame previous = bind(Objects.requireNonNull(value, "value"));
        try {
            return action.get();
        } finally {
            LocalBindings.install(previous);
        }
    }

    /**
     * The value bound in the innermost scope being polled on this thread.
     *
     * @return the bound value
     * @throws IllegalStateException if no scope of this task-local is being polled here
     */
    public T get() {
        T value = getOrNull();
        if (value == null) {
            throw new IllegalStateException(this + " is not bound here: get() only works while a future "
                    + "wrapped by scope(value, future) is polled (or inside an Async body polled from one)");
        }
        return value;
    }

    /**
     * The bound value, or empty outside every scope of this task-local.
     *
     * @return the bound value, or empty
     */
    public Optional<T> find() {
        return Optional.ofNullable(getOrNull());
    }

    /**
     * The bound value, or {@code null} outside every scope of this task-local.
     *
     * @return the bound value, or {@code null}
     */
    @SuppressWarnings("unchecked")
    public T getOrNull() {
        return (T) LocalBindings.lookup(this);
    }

    /**
     * True if a scope of this task-local is being polled on this thread.
     *
     * @return true if a value is bound here
     */
    public boolean isBound() {
        return getOrNull() != null;
    }

    /** Binds {@code value} in front of the current bindings; returns what to restore. */
    LocalBindings.Frame bind(T value) {
        LocalBindings.Frame previous = LocalBindings.current();
        LocalBindings.install(new LocalBindings.Frame(this, value, previous, inheritable));
        return previous;
    }

    @Override
    public String toString() {
        return name != null ? "TaskLocal(" + name + ")" : "TaskLocal@" + Integer.toHexString(hashCode());
    }
}
