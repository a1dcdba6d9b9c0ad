package dev.pollbridge.context;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import io.micrometer.context.ContextSnapshot;

/** A future polled and closed with a snapshot's thread-locals set; see {@link ContextPropagation}. */
final class PropagatingFuture<T> extends SingleUse implements PollFuture<T> {

    private final ContextSnapshot snapshot;
    private final PollFuture<T> future;

    PropagatingFuture(ContextSnapshot snapshot, PollFuture<T> future) {
        this.snapshot = snapshot;
        this.future = SingleUse.claim(future, "ContextPropagation.wrap");
    }

    @Override
    public Poll<T> poll(Context cx) {
        try (ContextSnapshot.Scope restoresThePollersValues = snapshot.setThreadLocals()) {
            return future.poll(cx);
        }
    }

    @Override
    public void close() {
        try (ContextSnapshot.Scope restoresThePollersValues = snapshot.setThreadLocals()) {
            future.close();
        }
    }

    @Override
    public String toString() {
        return "ContextPropagation(" + future + ")";
    }
}
