/**
 * The runtime half of the Pollbridge test kit: {@code TestRuntime}, a deterministic runtime that
 * runs tasks on the test thread. It brings the thread-free kit ({@code dev.pollbridge.test}) with
 * it.
 */
module dev.pollbridge.test.runtime {
    requires transitive dev.pollbridge.test;
    requires transitive dev.pollbridge.runtime;
    exports dev.pollbridge.test.runtime;
}
