package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.BudgetedThread;
import dev.pollbridge.runtime.internal.task.Task;
import java.util.concurrent.CancellationException;

/**
 * The {@code Async} body running on the current thread, whichever engine runs it: what
 * {@code Async.await}, {@code Async.next} and {@code AsyncEmitter.emit} suspend. A thread-mode
 * body is current on its own thread for its whole life; a continuation-mode body only while it is
 * mounted, inside a poll or close of its owner (protocol rule A2 in {@code package-info}).
 * Both engines' futures and streams are {@link SingleUse}: one owner each (rule 11).
 */
public abstract class Fiber extends SingleUse {

    /** The body mounted on this thread, unless it is a runtime worker. Own thread only; swapped around each run of a body. */
    private static final ThreadLocal<Fiber> CURRENT = new ThreadLocal<>();

    Fiber() {}

    /** See {@code Async.await(PollFuture, Class)}. Body only. */
    public abstract <R, X extends Throwable> R await(PollFuture<R> child, Class<X> declared) throws X;

    /** See {@code Async.next(PollStream)}. Body only. */
    public abstract <R> R next(PollStream<R> stream);

    /** The user's body object, for names in reports. */
    abstract Object body();

    /**
     * The fiber mounted on this thread, or an {@link IllegalStateException} for {@code operation}.
     * Small, so that it inlines into every await; the misuse message is built out of line.
     */
    public static Fiber current(String operation) {
        Fiber fiber = mounted();
        if (fiber != null && !fiber.pollingChild()) {
            return fiber;
        }
        throw outsideBody(operation);
    }

    private static IllegalStateException outsideBody(String operation) {
        Thread thread = Thread.currentThread();
        Task<?> task = Task.current();
        if (task != null || thread instanceof BudgetedThread) {
            // A runtime worker (or a thread polling a task): waiting here would block the tasks it runs.
            return new IllegalStateException(operation + " was called on thread '" + thread.getName()
                    + "', which polls " + (task != null ? task.name() : "runtime tasks") + ", outside any Async body: it"
                    + " would block the thread that runs tasks (a poll must never block, pull-model rule 4). Inside a"
                    + " poll compose futures instead (map, flatMap, select), or put the code in Async.run(...) and"
                    + " spawn or await that future; from plain blocking code use PollRuntime.blockOn(future).");
        }
        return new IllegalStateException(operation + " was called outside an Async body. It only works "
                + "inside Async.run(...) or Async.stream(...). To wait for a future from plain blocking "
                + "code use PollRuntime.blockOn(future); inside a poll, compose futures instead (map, flatMap).");
    }

    /**
     * The body mounted on this thread: a field of a runtime worker, else a thread-local. While a
     * body unwinds away from its home (rule A9), looked up through a call the JIT cannot inline,
     * so that a stale thread identity in the caller's compiled frame cannot lead to another body.
     */
    static Fiber mounted() {
        return HomeThreads.unwindingAway() ? HomeThreads.mountedAfresh() : mountedHere();
    }

    /** {@link #mounted()} from this activation's own view of the current thread. */
    static Fiber mountedHere() {
        Thread thread = Thread.currentThread();
        return thread instanceof BudgetedThread ? (Fiber) ((BudgetedThread) thread).mountedBody() : CURRENT.get();
    }

    /** Mounts {@code fiber} (null: none) on this thread; returns the one it replaces. Own thread only. */
    static Fiber mount(Fiber fiber) {
        Thread thread = Thread.currentThread();
        if (thread instanceof BudgetedThread) {
            BudgetedThread worker = (BudgetedThread) thread;
            Fiber previous = (Fiber) worker.mountedBody();
            worker.mountBody(fiber);
            return previous;
        }
        Fiber previous = CURRENT.get();
        if (fiber == null) {
            CURRENT.remove();
        } else if (previous != fiber) {
            CURRENT.set(fiber);
        }
        return previous;
    }

    /** True if an {@code Async} body runs on this thread now. */
    public static boolean inBody() {
        Fiber fiber = mounted();
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
        return new CancellationException(kind() + " was closed: its body is cancelled");
    }

    /** A name for reports: the kind and the body's class. */
    String describe() {
        return "the body " + body().getClass().getName() + " of an " + kind();
    }

    /** What kind of body this is, for messages ({@code Async.run future}, {@code Async.stream}). */
    abstract String kind();
}
