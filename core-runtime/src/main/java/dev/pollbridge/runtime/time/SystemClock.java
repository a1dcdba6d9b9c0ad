package dev.pollbridge.runtime.time;

/** {@link Clock#system()}: reads {@link System#nanoTime()}. */
enum SystemClock implements Clock {
    INSTANCE;

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }
}
