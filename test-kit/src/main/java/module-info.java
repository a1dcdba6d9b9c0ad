/**
 * What users need to test their own futures and streams, without threads: a counting waker,
 * {@code MockTask}, poll assertions, probe futures and streams, and the JUnit 5 contract bases
 * {@code PollFutureContract} and {@code PollStreamContract}. The deterministic runtime is in
 * {@code dev.pollbridge.test.runtime}.
 */
module dev.pollbridge.test {
    requires transitive dev.pollbridge.api;
    // Only the contract bases need JUnit, and a test that extends them has it already: static,
    // so the rest of the kit works (and compiles, in a user's module) without it. Not transitive:
    // that would make JUnit a compile-time requirement of every module that reads this one.
    requires static org.junit.jupiter.api;
    exports dev.pollbridge.test;
}
