/**
 * Pollbridge's Spring integration: {@code PollFuture}, {@code PollStream} and {@code JoinHandle}
 * in Spring's {@code ReactiveAdapterRegistry}, and a Spring Boot auto-configuration that
 * registers them. The public package is {@link dev.pollbridge.spring}.
 *
 * <p>Spring's jars are automatic modules ({@code spring.core}, ...). {@code spring.core} is
 * required transitively because {@code ReactiveAdapterRegistry} appears in the public API; the
 * others serve only the auto-configuration, which runs only where Spring Boot runs, so they are
 * {@code static} (needed to compile, optional at run time).
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.spring {
    requires transitive dev.pollbridge.runtime;
    requires dev.pollbridge.reactor;
    requires transitive spring.core;
    requires static spring.beans;
    requires static spring.context;
    requires static spring.boot.autoconfigure;

    exports dev.pollbridge.spring;
}
