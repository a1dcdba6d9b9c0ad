package dev.pollbridge.spring;

import dev.pollbridge.runtime.PollRuntime;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.ReactiveAdapterRegistry;

/**
 * Spring Boot auto-configuration: registers Pollbridge's adapters
 * ({@link PollbridgeReactiveAdapters}) wherever Spring looks reactive types up, so that controllers
 * can return {@code PollFuture}, {@code PollStream} and {@code JoinHandle} with no further code.
 * Listed in {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports};
 * turn it off with {@code spring.autoconfigure.exclude}.
 *
 * <ul>
 *   <li>Every {@link ReactiveAdapterRegistry} bean (WebFlux's {@code webFluxAdapterRegistry}, or
 *       one of your own) gets the adapters as it is initialised, running tasks on the
 *       application's {@link PollRuntime} bean if it has exactly one, else on
 *       {@link PollRuntime#shared()}.
 *   <li>{@link ReactiveAdapterRegistry#getSharedInstance()} (used by Spring MVC's
 *       {@code RequestMappingHandlerAdapter}, {@code BodyInserters} and other code given no
 *       registry) gets them with {@link PollRuntime#shared()}: that registry outlives any one
 *       application context, so it is given the runtime that does too.
 * </ul>
 * Registration is idempotent, so several application contexts in one JVM (tests) are fine.
 */
@AutoConfiguration
@SuppressWarnings("exports") // Boot's and Spring's annotations and types come from 'requires static' modules on purpose
public class PollbridgeAutoConfiguration {

    /** Created by Spring Boot. */
    public PollbridgeAutoConfiguration() {}

    /**
     * The post-processor that registers the adapters in each {@link ReactiveAdapterRegistry}
     * bean; registers them in the shared registry first. Static, so that it is created before any
     * registry bean without initialising this configuration early.
     *
     * @param runtime the application's runtime, looked up when the first registry bean appears
     * @return the post-processor
     */
    @Bean
    public static BeanPostProcessor pollbridgeReactiveAdapterRegistrar(ObjectProvider<PollRuntime> runtime) {
        PollbridgeReactiveAdapters.registerAdapters(ReactiveAdapterRegistry.getSharedInstance());
        return new RegistryPostProcessor(runtime);
    }

    /** Registers the adapters in every {@link ReactiveAdapterRegistry} bean as it is initialised. */
    private static final class RegistryPostProcessor implements BeanPostProcessor {

        private final ObjectProvider<PollRuntime> runtime;

        RegistryPostProcessor(ObjectProvider<PollRuntime> runtime) {
            this.runtime = runtime;
        }

        @Override
        public Object postProcessAfterInitialization(Object bean, String beanName) {
            if (bean instanceof ReactiveAdapterRegistry registry) {
                PollbridgeReactiveAdapters.registerAdapters(registry, runtime.getIfUnique(PollRuntime::shared));
            }
            return bean;
        }
    }
}
