/**
 * Pollbridge's BlockHound integration: runtime worker threads are non-blocking threads, and the
 * runtime's own parking is allowed. BlockHound finds it as a service
 * ({@code BlockHound.install()} loads every {@code BlockHoundIntegration} on the class or module
 * path); the public package is {@link dev.pollbridge.blockhound}.
 *
 * <p>BlockHound's jar is an automatic module ({@code reactor.blockhound}).
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.blockhound {
    requires dev.pollbridge.runtime;
    requires transitive reactor.blockhound;

    exports dev.pollbridge.blockhound;

    provides reactor.blockhound.integration.BlockHoundIntegration
            with dev.pollbridge.blockhound.PollbridgeBlockHoundIntegration;
}
