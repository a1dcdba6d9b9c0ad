package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.task.BudgetedThread;
import dev.pollbridge.runtime.internal.task.Task;
import java.util.concurrent.CancellationException;

/**
 * The {@code Async} body running on the current thread, whichever engine runs it: what
 * {@code Async.await}, {@code Async.next} and {@code AsyncEmitter.emit} suspend. A thread-mode
 * body is current on its own thread for its whole life; a continuation-mode body only while it is
 * mounted, inside a poll or close of its owner (protocol rule A2 in {@code package-info}).
 */
public abstract class Fiber {

    /** The body mounted on this thread. Own thread only; swapped around each run of a body. */
    static final ThreadLocal<Fiber> CURRENT = new ThreadLocal<>();

    /** What kind of body this is, for messages ({@code Async.run future}, {@code Async.stream}). */
    private final String kind;

    Fiber(String kind) {
        this.kind = kind;
    }

    /** See {@code Async.await(PollFuture, Class)}. Body only. */
    public abstract <R, X extends Throwable> R await(PollFuture<R> child, Class<X> declared) throws X;

    /** See {@code Async.next(PollStream)}. Body only. */
    public abstract <R> R next(PollStream<R> stream);

    /** The user's body object, for names in reports. */
    abstract Object body();

    /** The fiber mounted on this thread, or an {@link IllegalStateException} for {@code operation}. */
    public static Fiber current(String operation) {
        Fiber fiber = CURRENT.get();
        if (fiber != null && !fiber.pollingChild()) {
            return fiber;
        }
        Thread thread = Thread.currentThread();
        Task<?> task = Task.current();
        if (task != null || thread instanceof BudgetedThread) {
            // A runtime worker (or a thread polling a task): waiting here would block the tasks it runs.
            throw new IllegalStateException(operation + " was called on thread '" + thread.getName()
                    + "', which polls " + (task != null ? task.name() : "runtime tasks") + ", outside any Async body: it"
                    + " would block the thread that runs tasks (a poll must never block, pull-model rule 4). Inside a"
                    + " poll compose futures instead (map, flatMap, select), or put the code in Async.run(...) and"
                    + " spawn or await that future; from plain blocking code use Runtime.blockOn(future).");
        }
        throw new IllegalStateException(operation + " was called outside an Async body. It only works "
                + "inside Async.run(...) or Async.stream(...). To wait for a future from plain blocking "
                + "code use Runtime.blockOn(future); inside a poll, compose futures instead (map, flatMap).");
    }

    /** True if an {@code Async} body runs on this thread now. */
    public static boolean inBody() {
        Fiber fiber = CURRENT.get();
        return fiber != null && !fiber.pollingChild();
    }

    /**
     * True while the body's owner polls what the body waits for on this thread (continuation
     * mode, rule A3): that poll is the owner's, not the body's, as in thread mode, where it runs
     * on the owner's thread.
     */
    boolean pollingChild() {
        return false;
    }

    /** True if the task polling on this thread has been asked to cancel (it closes what it polls next, rule A6). */
    static boolean ownerCancelling() {
        Task<?> task = Task.current();
        return task != null && task.isCancelRequested();
    }

    final CancellationException cancellation() {
        return new CancellationException(kind + " was closed: its body is cancelled");
    }

    /** A name for reports: the kind and the body's class. */
    String describe() {
        return "the body " + body().getClass().getName() + " of an " + kind;
    }

    final String kind() {
        return kind;
    }
}
