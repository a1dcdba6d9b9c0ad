package dev.pollbridge.runtime.async;

/**
 * How {@code Async} bodies run in this JVM; chosen once, at the first use of {@link dev.pollbridge.runtime.Async}, and
 * the same for every body ({@link dev.pollbridge.runtime.Async#mode()}). {@code docs/async.md}, section "Modes", has the
 * table of what each one costs and how to enable continuation mode.
 */
public enum AsyncMode {

    /**
     * Each body is a continuation of the JDK ({@code jdk.internal.vm.Continuation}) that its owner
     * runs inside its own poll, on the owner's thread, like a Rust {@code async} block: the first
     * poll runs the body to its first pending await, an await of a ready future costs one poll,
     * and closing unwinds a suspended body inside {@code close()}. Java 21+ started with
     * {@code --add-exports java.base/jdk.internal.vm=dev.pollbridge.runtime} (module path) or
     * {@code =ALL-UNNAMED} (class path, or an {@code Add-Exports} manifest attribute).
     */
    CONTINUATION,

    /**
     * Each body runs on a virtual thread of its own, and its owner's polls hand values over:
     * Java 21+ without the export, or with {@code -Ddev.pollbridge.async.mode=threads}.
     */
    VIRTUAL_THREAD,

    /**
     * Each body runs on a thread of a bounded pool of platform threads, and its owner's polls hand
     * values over: Java 17, or {@code -Ddev.pollbridge.async.virtualThreads=false} in thread mode.
     */
    PLATFORM_THREAD;

    /**
     * True for the two thread modes, where a body runs on a thread of its own.
     *
     * @return true unless this is {@link #CONTINUATION}
     */
    public boolean usesThreads() {
        return this != CONTINUATION;
    }
}
