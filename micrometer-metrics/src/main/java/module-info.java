/**
 * A Micrometer {@code MeterBinder} for Pollbridge runtimes: {@link dev.pollbridge.micrometer.PollRuntimeMetricsBinder}.
 *
 * <p>Micrometer's jar is an automatic module ({@code micrometer.core}), required transitively
 * because {@code MeterBinder} and {@code Tag} appear in the public API. Micrometer's Prometheus
 * registry and the Prometheus model are {@code static}: they serve only the native poll-time
 * histogram, which is registered only where a {@code PrometheusMeterRegistry} exists.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.micrometer {
    requires transitive dev.pollbridge.runtime;
    requires transitive micrometer.core;
    requires static micrometer.registry.prometheus;
    requires static io.prometheus.metrics.model;

    exports dev.pollbridge.micrometer;
}
