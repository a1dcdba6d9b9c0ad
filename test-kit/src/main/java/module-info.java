/**
 * What users need to test their own futures and streams, without threads: a counting waker,
 * {@code MockTask}, poll assertions, probe futures and streams, and the JUnit 5 contract bases
 * {@code PollFutureContract} and {@code PollStreamContract}. The deterministic runtime is in
 * {@code dev.pollbridge.test.runtime}.
 */
module dev.pollbridge.test {
    requires transitive dev.pollbridge.api;
    // Only the contract bases need JUnit; a test that extends them has it on its path already.
    requires static org.junit.jupiter.api;
    exports dev.pollbridge.test;
}
