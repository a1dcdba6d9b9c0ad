package dev.pollbridge.spring.boot;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import dev.pollbridge.spring.PollbridgeAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot auto-configuration of the application's {@link PollRuntime}: a bean named
 * {@code pollbridgeRuntime}, built from the {@code pollbridge.*} properties
 * ({@link PollbridgeProperties}) and the {@link RuntimeBuilderCustomizer} beans, and shut down
 * when the application context closes. It backs off when the application defines a
 * {@code PollRuntime} bean of its own (that bean is then the one the adapters and the meters use,
 * and its lifecycle is the application's).
 *
 * <p>Ordered before {@link PollbridgeAutoConfiguration}, which registers the reactive adapters
 * with the application's single {@code PollRuntime} bean (this one, or yours).
 */
@AutoConfiguration(before = PollbridgeAutoConfiguration.class)
@EnableConfigurationProperties(PollbridgeProperties.class)
@SuppressWarnings("exports") // Spring's and Boot's types come from automatic modules
public class PollbridgeRuntimeAutoConfiguration {

    /** Created by Spring Boot. */
    public PollbridgeRuntimeAutoConfiguration() {}

    /** The runtime and its shutdown, both only when the application has no {@code PollRuntime} bean. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(PollRuntime.class)
    static class RuntimeConfiguration {

        /**
         * The runtime, started when the context creates it. Its {@code close()} (idempotent) is
         * also its destroy method, a backstop behind {@link RuntimeShutdown}.
         */
        @Bean(destroyMethod = "close")
        PollRuntime pollbridgeRuntime(PollbridgeProperties properties, ObjectProvider<RuntimeBuilderCustomizer> customizers) {
            PollRuntimeBuilder builder = PollRuntime.builder();
            properties.applyTo(builder);
            customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
            return builder.build();
        }

        /** Destroyed before the runtime it depends on: the graceful part of the shutdown. */
        @Bean
        RuntimeShutdown pollbridgeRuntimeShutdown(PollRuntime pollbridgeRuntime, PollbridgeProperties properties) {
            return new RuntimeShutdown(pollbridgeRuntime, properties.getShutdown().getAwaitTerminationPeriod());
        }
    }
}
