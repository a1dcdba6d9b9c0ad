package dev.pollbridge.runtime.internal.task;

/**
 * Something that waits for the {@code Async} bodies it cancels to finish unwinding (rule T11):
 * a {@link Task} (its completion waits), the thread inside {@code blockOn} (it returns only
 * after them) or an {@code Async} body thread (its own end waits). {@link UnwindScopes#current()}
 * finds the one in charge of the calling thread.
 */
public interface UnwindScope {

    /**
     * Registers a body that was cancelled while it ran and has not finished unwinding yet. Called
     * only by the thread this scope is current on. The body's thread calls {@link Unwind#ended}
     * exactly once, after its last {@code finally} block ran.
     *
     * @param body names the body in reports ({@code Async.run body on pollbridge-async-7})
     */
    Unwind register(String body);

    /**
     * Hands a failure nobody else will receive to the runtime's uncaught-failure path (or, with no
     * runtime, to the log). Never throws.
     */
    void reportUncaught(Throwable failure, String source);

    /**
     * The task this scope belongs to: a task itself, the owner's task of an {@code Async} body
     * thread; null for {@code blockOn}. Lets a runtime tell that a call comes from one of its
     * own tasks, also from a thread-mode body (a graceful shutdown does not wait for its caller).
     */
    default Task<?> ownerTask() {
        return null;
    }
}
