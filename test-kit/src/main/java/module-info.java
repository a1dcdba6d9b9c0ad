/**
 * What users need to test their own futures and streams: a counting waker, {@code MockTask},
 * poll assertions, probe futures and streams, and (with the runtime) virtual time and a
 * deterministic runtime.
 */
module dev.pollbridge.test {
    requires transitive dev.pollbridge.api;
    requires transitive dev.pollbridge.runtime;
    exports dev.pollbridge.test;
}
