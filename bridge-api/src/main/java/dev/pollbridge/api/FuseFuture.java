package dev.pollbridge.api;

/** {@link Futures#fuse}: after completion (or close) returns {@code pending} forever. */
final class FuseFuture<T> extends SingleUse implements FusedFuture<T> {

    private PollFuture<? extends T> inner; // owned; null once terminated

    FuseFuture(PollFuture<? extends T> inner) {
        this.inner = SingleUse.claim(inner, "Futures.fuse");
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (inner == null) {
            // Terminated: nothing is left to wait for, so no waker is stored (see FusedFuture).
            return Poll.pending();
        }
        Poll<? extends T> poll = inner.poll(cx);
        if (!poll.isPending()) {
            close();
        }
        return Outcomes.widen(poll);
    }

    @Override
    public boolean isTerminated() {
        return inner == null;
    }

    @Override
    public void close() {
        PollFuture<? extends T> owned = inner;
        inner = null;
        Closer.close(owned);
    }
}
