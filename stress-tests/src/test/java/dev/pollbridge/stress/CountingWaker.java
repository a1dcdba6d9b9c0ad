package dev.pollbridge.stress;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/** A waker that counts its wakes (any thread, any number of times), and a context carrying it. */
public final class CountingWaker implements Waker {

    private final AtomicInteger wakes = new AtomicInteger();
    private final Context context = Context.of(this);

    @Override
    public void wake() {
        wakes.incrementAndGet();
    }

    /** Wakes so far. */
    public int wakes() {
        return wakes.get();
    }

    /** A context whose waker is this one. */
    public Context context() {
        return context;
    }
}
