package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A future whose poll returns what {@code script} says, and which records how the task treated
 * it: polls, closes, the closing thread, and whether a close ever overlapped a poll or a poll came
 * after the close (rule T2: only the RUNNING holder touches the future, and T5 closes it last).
 * The two checks form a Dekker pair on volatiles, so an overlap is seen by at least one side.
 */
class ScriptedFuture<T> implements PollFuture<T> {

    private final Supplier<Poll<T>> script;
    final AtomicInteger polls = new AtomicInteger();
    final AtomicInteger closes = new AtomicInteger();
    volatile Thread closedBy;
    private volatile boolean polling;
    /** A close overlapped a poll, or a poll came after a close. */
    volatile boolean misused;

    ScriptedFuture(Supplier<Poll<T>> script) {
        this.script = script;
    }

    /** A future that stays pending. */
    static <T> ScriptedFuture<T> pending() {
        return new ScriptedFuture<>(Poll::pending);
    }

    @Override
    public Poll<T> poll(Context cx) {
        polling = true;
        if (closes.get() > 0) {
            misused = true;
        }
        polls.incrementAndGet();
        try {
            return script.get();
        } finally {
            polling = false;
        }
    }

    @Override
    public void close() {
        closedBy = Thread.currentThread();
        closes.incrementAndGet();
        if (polling) {
            misused = true;
        }
    }
}
