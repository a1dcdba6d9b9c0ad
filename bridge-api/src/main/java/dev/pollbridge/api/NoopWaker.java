package dev.pollbridge.api;

/** The waker that ignores wakes. */
enum NoopWaker implements Waker {
    INSTANCE;

    @Override
    public void wake() {}
}
