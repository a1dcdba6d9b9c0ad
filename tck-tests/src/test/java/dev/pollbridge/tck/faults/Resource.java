package dev.pollbridge.tck.faults;

import java.util.concurrent.atomic.AtomicInteger;

/** An item that holds a resource: a bridge that drops it unread must close it (exactly once). */
final class Resource implements AutoCloseable {

    final int id;
    private final AtomicInteger closes = new AtomicInteger();

    Resource(int id) {
        this.id = id;
    }

    @Override
    public void close() {
        closes.incrementAndGet();
    }

    int closes() {
        return closes.get();
    }

    @Override
    public String toString() {
        return "Resource#" + id;
    }
}
