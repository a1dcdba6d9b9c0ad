package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import java.util.concurrent.CancellationException;

/**
 * {@link CancellationToken#runUntilCancelled}: a select between the work and the token's
 * {@code cancelled()}, biased towards the work after the first poll. Owner only; it owns both
 * children (the work is claimed when it is handed over, rule 11) and closes each exactly once.
 *
 * @param <T> the value type
 */
final class RunUntilCancelled<T> extends SingleUse implements PollFuture<T> {

    private final CancellationToken token;
    private PollFuture<T> work;             // null once closed
    private PollFuture<Void> cancellation;  // made at the first poll; null once closed
    private boolean polled;
    private boolean finished;

    RunUntilCancelled(CancellationToken token, PollFuture<T> work) {
        this.token = token;
        this.work = SingleUse.claim(work, "CancellationToken.runUntilCancelled");
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("CancellationToken.runUntilCancelled", "it completed or was closed");
        }
        if (!polled) {
            polled = true;
            if (token.isCancelled()) {
                return end(cancelledFailure()); // the work is closed unpolled, as in Tokio
            }
            cancellation = token.cancelled();
        }
        Poll<T> outcome = work.poll(cx);
        if (!outcome.isPending()) {
            return end(outcome);
        }
        if (cancellation.poll(cx).isReady()) {
            return end(cancelledFailure());
        }
        return Poll.pending();
    }

    private Poll<T> end(Poll<T> outcome) {
        close();
        return outcome;
    }

    private static <T> Poll<T> cancelledFailure() {
        return Poll.failed(new CancellationException("the CancellationToken was cancelled"));
    }

    @Override
    public void close() {
        finished = true;
        PollFuture<Void> ownedCancellation = cancellation;
        PollFuture<T> ownedWork = work;
        cancellation = null;
        work = null;
        try {
            if (ownedCancellation != null) {
                ownedCancellation.close();
            }
        } finally {
            if (ownedWork != null) {
                ownedWork.close();
            }
        }
    }

    @Override
    public String toString() {
        return "CancellationToken.runUntilCancelled(" + work + ")";
    }
}
