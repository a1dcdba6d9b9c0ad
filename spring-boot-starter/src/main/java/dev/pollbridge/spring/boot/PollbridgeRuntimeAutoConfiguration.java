package dev.pollbridge.spring.boot;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.RuntimeBuilder;
import dev.pollbridge.spring.PollbridgeAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot auto-configuration of the application's {@link Runtime}: a bean named
 * {@code pollbridgeRuntime}, built from the {@code pollbridge.*} properties
 * ({@link PollbridgeProperties}) and the {@link RuntimeBuilderCustomizer} beans, and shut down
 * when the application context closes. It backs off when the application defines a
 * {@code Runtime} bean of its own (that bean is then the one the adapters and the meters use,
 * and its lifecycle is the application's).
 *
 * <p>Ordered before {@link PollbridgeAutoConfiguration}, which registers the reactive adapters
 * with the application's single {@code Runtime} bean (this one, or yours).
 */
@AutoConfiguration(before = PollbridgeAutoConfiguration.class)
@EnableConfigurationProperties(PollbridgeProperties.class)
@SuppressWarnings("exports") // Spring's and Boot's types come from automatic modules
public class PollbridgeRuntimeAutoConfiguration {

    /** Created by Spring Boot. */
    public PollbridgeRuntimeAutoConfiguration() {}

    /** The runtime and its shutdown, both only when the application has no {@code Runtime} bean. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(Runtime.class)
    static class RuntimeConfiguration {

        /**
         * The runtime, started when the context creates it. Its {@code close()} (idempotent) is
         * also its destroy method, a backstop behind {@link RuntimeShutdown}.
         */
        @Bean(destroyMethod = "close")
        Runtime pollbridgeRuntime(PollbridgeProperties properties, ObjectProvider<RuntimeBuilderCustomizer> customizers) {
            RuntimeBuilder builder = Runtime.builder();
            properties.applyTo(builder);
            customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
            return builder.build();
        }

        /** Destroyed before the runtime it depends on: the graceful part of the shutdown. */
        @Bean
        RuntimeShutdown pollbridgeRuntimeShutdown(Runtime pollbridgeRuntime, PollbridgeProperties properties) {
            return new RuntimeShutdown(pollbridgeRuntime, properties.getShutdown().getAwaitTerminationPeriod());
        }
    }
}
