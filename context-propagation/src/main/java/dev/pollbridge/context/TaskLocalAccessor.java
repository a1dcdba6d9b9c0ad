package dev.pollbridge.context;

import dev.pollbridge.runtime.internal.async.LocalBindings;
import dev.pollbridge.runtime.task.TaskLocal;
import io.micrometer.context.ThreadLocalAccessor;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Objects;
import java.util.Set;

/**
 * A Micrometer {@link ThreadLocalAccessor} for a Pollbridge {@link TaskLocal}, so that what
 * carries thread-locals across threads (a {@code ContextSnapshot}, Reactor's
 * {@code contextCapture()} and automatic context propagation, Spring's
 * {@code ContextPropagatingTaskDecorator}) carries a task-local value too. Register one per
 * task-local:
 *
 * <pre>{@code
 * ContextRegistry.getInstance().registerThreadLocalAccessor(TaskLocalAccessor.of("requestId", REQUEST_ID));
 * }</pre>
 *
 * <h2>How it reads and writes a task-local</h2>
 * A task-local is bound on the polling thread while a scope of it is polled
 * ({@link TaskLocal#scope}). {@link #getValue()} reads that binding ({@link TaskLocal#getOrNull()}).
 * {@link #setValue(Object)} binds a value on the calling thread, in front of what is bound there,
 * as a scope would; {@link #setValue()} hides any binding (the task-local reads as unbound). Each
 * {@code restore} call takes out the binding of the latest {@code setValue} of this accessor on
 * this thread, and only that one: the bindings around it (other accessors', scopes of other
 * task-locals) stay as they are, whatever order a snapshot restores its accessors in (Micrometer's
 * restores them in registry order, not in reverse; a binding restored while another accessor's is
 * in front of it goes when that one goes). Nested set/restore pairs leave exactly the bindings that
 * were there before. A {@code restore} without a pending {@code setValue} of this accessor on this
 * thread does nothing.
 *
 * <p>Thread safety: an accessor is shared by every thread; its per-thread state (the bindings it
 * pushed and has not taken out) is in a thread-local, touched only by its own thread.
 *
 * @param <T> the task-local's value type
 */
public final class TaskLocalAccessor<T> implements ThreadLocalAccessor<T> {

    /**
     * This thread's frames whose {@code restore} came while another accessor's frame was in front
     * of them; each is taken out of the bindings as soon as it reaches the front. Shared by every
     * accessor (frames are compared by identity); absent on threads that need none.
     */
    private static final ThreadLocal<Set<LocalBindings.Frame>> RELEASED = new ThreadLocal<>();

    /** A frame this accessor pushed and has not yet removed, in front of older ones. Immutable. */
    private record Pushed(LocalBindings.Frame frame, Pushed older) {}

    /** This thread's frames pushed by this accessor, newest first; only its own thread touches it. */
    private final ThreadLocal<Pushed> pushed = new ThreadLocal<>();
    private final Object key;
    private final TaskLocal<T> local;

    private TaskLocalAccessor(Object key, TaskLocal<T> local) {
        this.key = Objects.requireNonNull(key, "key");
        this.local = Objects.requireNonNull(local, "local");
    }

    /**
     * An accessor for {@code local} under {@code key} (the name it has in a
     * {@code ContextRegistry} and in a Reactor {@code Context}).
     *
     * @param <T> the task-local's value type
     * @param key the accessor's key
     * @param local the task-local it reads and writes
     * @return a new accessor
     * @throws NullPointerException if an argument is null
     */
    public static <T> TaskLocalAccessor<T> of(Object key, TaskLocal<T> local) {
        return new TaskLocalAccessor<>(key, local);
    }

    /**
     * The key this accessor is registered under.
     *
     * @return the key
     */
    @Override
    public Object key() {
        return key;
    }

    /**
     * The task-local's value bound on this thread.
     *
     * @return the value, or {@code null} if unbound here
     */
    @Override
    public T getValue() {
        return local.getOrNull();
    }

    /**
     * Binds {@code value} on this thread until the matching {@code restore}.
     *
     * @param value the value; not {@code null}
     * @throws NullPointerException if {@code value} is null
     */
    @Override
    public void setValue(T value) {
        push(Objects.requireNonNull(value, "value"));
    }

    /** Hides the task-local on this thread (it reads as unbound) until the matching {@code restore}. */
    @Override
    public void setValue() {
        push(null);
    }

    /**
     * Undoes the latest {@code setValue} on this thread: the bindings before it are back.
     *
     * @param previousValue the value before it (what is back, unless the bindings changed since)
     */
    @Override
    public void restore(T previousValue) {
        pop();
    }

    /** Undoes the latest {@code setValue} on this thread: the bindings before it are back. */
    @Override
    public void restore() {
        pop();
    }

    /** Deprecated in Micrometer; the same as {@link #setValue()}. */
    @Override
    @Deprecated
    public void reset() {
        setValue();
    }

    /**
     * A frame with a null value hides older frames of the same task-local: lookups stop at it. An
     * inheritable task-local set here is inherited by tasks spawned here, as from a scope.
     */
    private void push(T valueOrNull) {
        LocalBindings.Frame frame = new LocalBindings.Frame(local, valueOrNull, LocalBindings.current(), local.isInheritable());
        pushed.set(new Pushed(frame, pushed.get()));
        LocalBindings.install(frame);
    }

    private void pop() {
        Pushed latest = pushed.get();
        if (latest == null) {
            return; // no setValue of this accessor pending here: nothing of ours to undo
        }
        if (latest.older() == null) {
            pushed.remove();
        } else {
            pushed.set(latest.older());
        }
        LocalBindings.Frame ours = latest.frame();
        LocalBindings.Frame head = LocalBindings.current();
        if (head != ours) {
            if (contains(head, ours)) {
                // Restored out of order (another accessor's binding is in front): taken out when
                // the ones in front are. A snapshot restores all its accessors in one go, so no
                // code runs in between.
                releasedFrames().add(ours);
            }
            return; // otherwise a scope that began before it already put its own head back
        }
        head = ours.next();
        Set<LocalBindings.Frame> released = RELEASED.get();
        if (released != null) {
            while (head != null && released.remove(head)) {
                head = head.next();
            }
            if (released.isEmpty()) {
                RELEASED.remove();
            }
        }
        LocalBindings.install(head);
    }

    private static boolean contains(LocalBindings.Frame head, LocalBindings.Frame frame) {
        for (LocalBindings.Frame cursor = head; cursor != null; cursor = cursor.next()) {
            if (cursor == frame) {
                return true;
            }
        }
        return false;
    }

    private static Set<LocalBindings.Frame> releasedFrames() {
        Set<LocalBindings.Frame> released = RELEASED.get();
        if (released == null) {
            released = Collections.newSetFromMap(new IdentityHashMap<>());
            RELEASED.set(released);
        }
        return released;
    }

    @Override
    public String toString() {
        return "TaskLocalAccessor(" + key + " -> " + local + ")";
    }
}
