package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Inheritable task-locals: a task spawned while an inheritable {@code TaskLocal} is bound gets
 * the same value bound in every poll (and the close) of its future, as a kotlinx child coroutine
 * inherits its parent's context elements. {@code PollRuntime.spawn} calls {@link #capture} on the
 * spawning thread; the bindings in force there (those of the task being polled, or of the
 * {@code Async} body that spawns) are read at that moment, so a later change of the parent's
 * binding does not reach the child.
 *
 * <p>Costs nothing until the first inheritable task-local is created ({@link #enable()}): until
 * then a spawn does not even look at the bindings. After that, a spawn walks the (short) list of
 * bindings of the spawning thread and wraps the future only if one of them is inheritable.
 */
public final class InheritedLocals {

    /** Set once, when the first inheritable task-local is created. */
    private static volatile boolean enabled;

    private InheritedLocals() {}

    /** An inheritable task-local exists: spawns capture from now on. */
    public static void enable() {
        enabled = true;
    }

    /**
     * {@code future}, polled and closed with the inheritable bindings of the calling thread;
     * {@code future} itself if there are none.
     *
     * @throws NullPointerException if {@code future} is null
     */
    public static <T> PollFuture<T> capture(PollFuture<T> future) {
        Objects.requireNonNull(future, "future");
        if (!enabled) {
            return future;
        }
        LocalBindings.Frame inherited = LocalBindings.inheritedOf(LocalBindings.current());
        return inherited == null ? future : new Inheriting<>(inherited, future);
    }

    /** The spawned future with the captured bindings installed around each poll and the close. */
    private static final class Inheriting<T> implements PollFuture<T> {
        private final PollFuture<T> inner;
        /** The captured bindings, innermost first, ending in null. Immutable. */
        private final LocalBindings.Frame captured;
        /** The captured bindings in front of {@link #base}; rebuilt when the poller's differ. Owner only. */
        private LocalBindings.Frame installed;
        private LocalBindings.Frame base;
        private boolean closed;

        Inheriting(LocalBindings.Frame captured, PollFuture<T> inner) {
            this.captured = captured;
            this.installed = captured;
            this.inner = inner;
        }

        @Override
        public Poll<T> poll(Context cx) {
            LocalBindings.Frame previous = enter();
            try {
                return inner.poll(cx);
            } finally {
                LocalBindings.install(previous);
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            LocalBindings.Frame previous = enter();
            try {
                inner.close();
            } finally {
                LocalBindings.install(previous);
            }
        }

        /** Installs the captured bindings in front of the poller's own; returns those to restore. */
        private LocalBindings.Frame enter() {
            LocalBindings.Frame previous = LocalBindings.current();
            if (previous != base) {
                List<LocalBindings.Frame> frames = new ArrayList<>();
                for (LocalBindings.Frame frame = captured; frame != null; frame = frame.next) {
                    frames.add(frame);
                }
                installed = LocalBindings.chain(frames, previous);
                base = previous;
            }
            LocalBindings.install(installed);
            return previous;
        }

        @Override
        public String toString() {
            return inner.toString();
        }
    }
}
