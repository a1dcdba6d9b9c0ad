/**
 * The Pollbridge Spring Boot starter: auto-configuration of a {@code PollRuntime} bean, its
 * {@code pollbridge.*} properties and its Micrometer meters; the public package is
 * {@link dev.pollbridge.spring.boot}. It brings {@code dev.pollbridge.spring} (the reactive
 * adapters and their auto-configuration) along.
 *
 * <p>Spring's and Micrometer's jars are automatic modules. Micrometer and the binder module are
 * {@code static}: the meters are bound only where Micrometer is present; so is {@code spring.web},
 * used only by the JSON warm-up of a WebFlux application.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.spring.boot {
    requires transitive dev.pollbridge.spring;
    requires transitive spring.boot;
    requires transitive spring.boot.autoconfigure;
    requires spring.beans;
    requires spring.context;
    requires static spring.web;
    requires static dev.pollbridge.micrometer;
    requires static micrometer.core;

    exports dev.pollbridge.spring.boot;
}
