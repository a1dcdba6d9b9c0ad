package dev.pollbridge.context;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import io.micrometer.context.ContextSnapshot;

/** A stream polled and closed with a snapshot's thread-locals set; see {@link ContextPropagation}. */
final class PropagatingStream<T> extends SingleUse implements PollStream<T> {

    private final ContextSnapshot snapshot;
    private final PollStream<T> stream;

    PropagatingStream(ContextSnapshot snapshot, PollStream<T> stream) {
        this.snapshot = snapshot;
        this.stream = SingleUse.claim(stream, "ContextPropagation.wrapStream");
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        try (ContextSnapshot.Scope restoresThePollersValues = snapshot.setThreadLocals()) {
            return stream.pollNext(cx);
        }
    }

    @Override
    public void close() {
        try (ContextSnapshot.Scope restoresThePollersValues = snapshot.setThreadLocals()) {
            stream.close();
        }
    }

    @Override
    public String toString() {
        return "ContextPropagation(" + stream + ")";
    }
}
