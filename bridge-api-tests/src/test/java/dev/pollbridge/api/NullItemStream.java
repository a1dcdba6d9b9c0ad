package dev.pollbridge.api;

/** A broken stream that yields {@code ready(null)}, counting its closes. */
final class NullItemStream implements PollStream<Object> {

    private int closes;

    @Override
    public Poll<Object> pollNext(Context cx) {
        return Poll.ready(null);
    }

    @Override
    public void close() {
        closes++;
    }

    int closes() {
        return closes;
    }
}
