package dev.pollbridge.spring.boot;

import dev.pollbridge.micrometer.PollRuntimeMetricsBinder;
import dev.pollbridge.runtime.PollRuntime;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Binds a {@link PollRuntimeMetricsBinder} for every {@link PollRuntime} bean of the application, tagged
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
        beans.getBeansOfType(PollRuntime.class).forEach((name, runtime) -> new PollRuntimeMetricsBinder(runtime, name).bindTo(registry));
    }
}
