/**
 * A consumer of the published Pollbridge modules, as a user's modular application sees them:
 * every published module is required by name, nothing more, so a missing {@code requires} in
 * one of our descriptors, or a dependency that only works on the class path, fails here.
 */
module dev.pollbridge.smoke {
    requires dev.pollbridge.api;
    requires dev.pollbridge.runtime;
    requires dev.pollbridge.reactor;
    requires dev.pollbridge.completablefuture;
    requires dev.pollbridge.test;
    requires dev.pollbridge.test.runtime;
    requires dev.pollbridge.rxjava3;
    requires dev.pollbridge.spring;
    requires dev.pollbridge.context;
    requires dev.pollbridge.blockhound;
    requires dev.pollbridge.micrometer;
    requires dev.pollbridge.spring.boot;
    requires reactor.test;

    uses reactor.blockhound.integration.BlockHoundIntegration;
}
