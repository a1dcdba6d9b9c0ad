package dev.pollbridge.spring.boot;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot auto-configuration of the runtimes' Micrometer meters, when Micrometer is on the
 * class path (Spring Boot's actuator brings it; the starter does not): a {@link MeterBinder} bean
 * that binds {@code dev.pollbridge.micrometer.PollRuntimeMetricsBinder} for every {@code PollRuntime}
 * bean, tagged {@code runtime=<bean name>}. Boot binds it to its registries, so the meters are
 * listed at {@code /actuator/metrics}, and with Micrometer's Prometheus registry the poll-time
 * histogram is a native histogram at {@code /actuator/prometheus}. Replace it by defining a bean
 * named {@code pollbridgeRuntimeMeterBinder}.
 */
@AutoConfiguration(after = PollbridgeRuntimeAutoConfiguration.class)
@ConditionalOnClass(name = {"io.micrometer.core.instrument.MeterRegistry", "dev.pollbridge.micrometer.PollRuntimeMetricsBinder"})
@SuppressWarnings("exports") // Spring's and Micrometer's types come from automatic modules
public class PollbridgeMetricsAutoConfiguration {

    /** Created by Spring Boot. */
    public PollbridgeMetricsAutoConfiguration() {}

    /**
     * The binder of every {@code PollRuntime} bean's meters.
     *
     * @param beans where the runtimes are looked up when the binder is bound
     * @return the binder
     */
    @Bean
    @ConditionalOnMissingBean(name = "pollbridgeRuntimeMeterBinder")
    public MeterBinder pollbridgeRuntimeMeterBinder(ListableBeanFactory beans) {
        return new RuntimeBeansMeterBinder(beans);
    }
}
