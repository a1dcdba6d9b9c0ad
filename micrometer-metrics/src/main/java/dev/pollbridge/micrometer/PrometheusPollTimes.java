package dev.pollbridge.micrometer;

import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.config.NamingConvention;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Hands a runtime's poll-time histogram to every {@link PrometheusMeterRegistry} a binder is bound
 * to (the registry itself, or the Prometheus registries inside a {@link CompositeMeterRegistry}),
 * as a native Prometheus histogram ({@link PollTimeCollector}).
 *
 * <p><b>Why not a Micrometer {@code Timer}.</b> A Micrometer histogram ({@code Timer},
 * {@code DistributionSummary}) is filled one observation at a time, and Micrometer has no way to
 * register one from counts already bucketed. Feeding it from the runtime would cost one
 * {@code record} per poll, on a worker or replayed later, which is the cost the runtime's
 * per-worker buckets exist to avoid. A Prometheus registry, though, renders a Micrometer histogram
 * as a Prometheus classic histogram family in its {@link PrometheusRegistry}; this class adds the
 * same kind of family there, named by the registry's naming convention as a Micrometer timer
 * {@code pollbridge.poll.time} would be ({@code pollbridge_poll_time_seconds}), read from the
 * runtime's buckets at scrape time.
 *
 * <p><b>Labels.</b> Those of a Micrometer meter of the binder registered in that registry, so the
 * registry's meter filters (common tags such as Spring Boot's {@code management.metrics.tags.*},
 * renamed tags) apply to the histogram as they do to every other meter.
 *
 * <p>Loaded only when Micrometer's Prometheus registry is on the class path
 * ({@link PollRuntimeMetricsBinder} checks first). Registries added to a composite after binding do
 * not get the histogram.
 */
final class PrometheusPollTimes {

    /** The meter name in Micrometer's terms; the registry's naming convention makes the Prometheus name. */
    static final String NAME = "pollbridge.poll.time";
    private static final String HELP = "task poll times (the runtime's power-of-two buckets)";

    /** One family per Prometheus registry: Prometheus rejects a second collector with the same name. */
    private static final Map<PrometheusRegistry, PollTimeCollector> COLLECTORS = new WeakHashMap<>();

    private PrometheusPollTimes() {}

    /**
     * Adds {@code histogram} to every Prometheus registry in {@code registry}.
     *
     * @param tagsOn the binder's tags as a given Micrometer registry maps them (filters applied)
     */
    static void bind(MeterRegistry registry, Function<MeterRegistry, List<Tag>> tagsOn,
            Supplier<PollTimeHistogram> histogram) {
        for (PrometheusMeterRegistry prometheus : prometheusRegistries(registry)) {
            NamingConvention convention = prometheus.config().namingConvention();
            String name = convention.name(NAME, Meter.Type.TIMER, "seconds");
            List<String> keys = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (Tag tag : tagsOn.apply(prometheus)) {
                keys.add(convention.tagKey(tag.getKey()));
                values.add(convention.tagValue(tag.getValue()));
            }
            collector(prometheus.getPrometheusRegistry(), name).add(Labels.of(keys, values), histogram);
        }
    }

    private static synchronized PollTimeCollector collector(PrometheusRegistry registry, String name) {
        PollTimeCollector collector = COLLECTORS.get(registry);
        if (collector == null) {
            collector = new PollTimeCollector(name, HELP);
            registry.register(collector); // throws if another metric has the name
            COLLECTORS.put(registry, collector);
        }
        return collector;
    }

    private static List<PrometheusMeterRegistry> prometheusRegistries(MeterRegistry registry) {
        List<PrometheusMeterRegistry> found = new ArrayList<>();
        if (registry instanceof PrometheusMeterRegistry prometheus) {
            found.add(prometheus);
        } else if (registry instanceof CompositeMeterRegistry composite) {
            for (MeterRegistry child : composite.getRegistries()) {
                found.addAll(prometheusRegistries(child));
            }
        }
        return found;
    }
}
