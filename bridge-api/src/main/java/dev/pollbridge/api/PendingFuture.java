package dev.pollbridge.api;

/**
 * {@link Futures#pending()}: never completes. It stores no waker because nothing will ever wake
 * it; a task awaiting it alone hangs by design (the tail of its pending is "never").
 */
enum PendingFuture implements PollFuture<Object> {
    INSTANCE;

    @Override
    public Poll<Object> poll(Context cx) {
        return Poll.pending();
    }
}
