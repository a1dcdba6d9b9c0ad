package dev.pollbridge.spring.boot;

import dev.pollbridge.micrometer.RuntimeMetricsBinder;
import dev.pollbridge.runtime.Runtime;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Binds a {@link RuntimeMetricsBinder} for every {@link Runtime} bean of the application, tagged
 * {@code runtime=<bean name>} ({@code pollbridgeRuntime} for the starter's). Spring Boot binds
 * each {@link MeterBinder} bean to its meter registries once every singleton exists, so the
 * runtimes are looked up then, on the thread that starts the application.
 */
final class RuntimeBeansMeterBinder implements MeterBinder {

    private final ListableBeanFactory beans;

    RuntimeBeansMeterBinder(ListableBeanFactory beans) {
        this.beans = Objects.requireNonNull(beans, "beans");
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        beans.getBeansOfType(Runtime.class).forEach((name, runtime) -> new RuntimeMetricsBinder(runtime, name).bindTo(registry));
    }
}
