package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.JoinHandle;

/**
 * The {@link JoinHandle} of one {@link Task}. Polled by one owner at a time (like any future); its
 * {@code abort()} and {@code isFinished()} may be called from any thread.
 *
 * @param <T> the task's value type
 */
public final class TaskJoinHandle<T> extends SingleUse implements JoinHandle<T> {

    private final Task<T> task;
    /** Owner (poller) only: the output was returned once; a later poll is a caller bug (rule 9). */
    private boolean delivered;

    /** The handle of {@code task}, which must have been created with join interest. */
    public TaskJoinHandle(Task<T> task) {
        this.task = task;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (delivered) {
            throw SingleUse.polledAfter("the JoinHandle of " + task.name(), "it completed");
        }
        long state = task.loadState();
        if (!TaskState.isJoinInterested(state)) {
            throw SingleUse.polledAfter("the JoinHandle of " + task.name(), "close() (which detached it)");
        }
        if (!TaskState.isComplete(state)) {
            // Rule T9: store the waker, then re-read the word; the completer sets COMPLETE, then reads
            // the waker. Both accesses are volatile, so at least one side sees the other.
            task.setJoinWaker(cx.waker());
            if (!TaskState.isComplete(task.loadState())) {
                return Poll.pending();
            }
        }
        if (!CoopBudget.tryConsume()) {
            // Rule 16: a ready join counts against the poll budget; come back on the next turn.
            cx.waker().wake();
            return Poll.pending();
        }
        delivered = true;
        return task.takeOutput();
    }

    @Override
    public void abort() {
        task.abort();
    }

    @Override
    public boolean isFinished() {
        return task.isFinished();
    }

    /**
     * Detaches (rule T8): the task runs on. An output it has not delivered is discarded: a failure
     * goes to the handler, a value that owns a resource is closed.
     */
    @Override
    public void close() {
        if (delivered) {
            // The task completed and this handle took its output: nothing is left to discard, and
            // no completer reads JOIN_INTEREST again (rule T8), so the detach CAS is skipped.
            return;
        }
        switch (task.detach()) {
            case BEFORE_COMPLETE:
                task.clearJoinWaker();
                break;
            case AFTER_COMPLETE:
                task.discardOutput(task.takeOutput()); // not returned (that case returned above): this handle disposes of it
                break;
            case ALREADY:
                break;
            default:
                throw new AssertionError();
        }
    }

    @Override
    public String toString() {
        return "JoinHandle[" + task + "]";
    }
}
