package dev.pollbridge.rxjava3;

import java.util.concurrent.atomic.AtomicInteger;

/** A value that owns something: counts its closes, so a test sees whether the bridge released it. */
final class Resource implements AutoCloseable {

    final int id;
    final AtomicInteger closes = new AtomicInteger();

    Resource(int id) {
        this.id = id;
    }

    @Override
    public void close() {
        closes.incrementAndGet();
    }

    boolean isClosed() {
        return closes.get() > 0;
    }

    @Override
    public String toString() {
        return "Resource" + id;
    }
}
