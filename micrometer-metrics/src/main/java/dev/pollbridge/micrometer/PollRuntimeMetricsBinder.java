package dev.pollbridge.micrometer;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Registers a runtime's {@link PollRuntimeMetrics} with a Micrometer {@link MeterRegistry}: counters
 * that only grow as {@link FunctionCounter}s, current values as {@link Gauge}s, every meter tagged
 * {@code runtime=<name>} (plus the tags given), the per-worker ones also {@code worker=<index>}.
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th></tr>
 *   <tr><td>{@code pollbridge.tasks.spawned}, {@code pollbridge.tasks.completed}</td><td>counter</td><td></td></tr>
 *   <tr><td>{@code pollbridge.tasks.alive}</td><td>gauge</td><td></td></tr>
 *   <tr><td>{@code pollbridge.worker.polls}, {@code .steals}, {@code .parks}, {@code .budget.forced.yields}</td>
 *       <td>counter</td><td>{@code worker}</td></tr>
 *   <tr><td>{@code pollbridge.worker.local.queue.depth}</td><td>gauge</td><td>{@code worker}</td></tr>
 *   <tr><td>{@code pollbridge.global.queue.depth}</td><td>gauge</td><td></td></tr>
 *   <tr><td>{@code pollbridge.blocking.threads}</td><td>gauge</td><td>{@code state} = {@code busy} or {@code idle}</td></tr>
 *   <tr><td>{@code pollbridge.blocking.threads.max}, {@code pollbridge.blocking.queue.depth}</td><td>gauge</td><td></td></tr>
 *   <tr><td>{@code pollbridge.workers.dead}</td><td>counter</td><td></td></tr>
 *   <tr><td>{@code pollbridge.async.unwinding.bodies}</td><td>gauge</td><td></td></tr>
 *   <tr><td>{@code pollbridge.poll.time.upper}</td><td>gauge: an upper bound of the quantile, good to a
 *       factor of two, in seconds</td><td>{@code quantile} = 0.5, 0.99, 0.999</td></tr>
 * </table>
 *
 * <p><b>The poll-time histogram.</b> In a Prometheus registry (Micrometer's
 * {@code PrometheusMeterRegistry}, bound directly or inside a {@code CompositeMeterRegistry}) the
 * runtime's histogram is also a native Prometheus histogram, {@code pollbridge_poll_time_seconds}
 * with cumulative {@code _bucket{le="..."}} series and {@code _count}, read from the runtime's own
 * buckets at scrape time, so that {@code histogram_quantile} and heat maps work on it; its labels
 * are those of the binder's other meters in that registry, common tags included. Micrometer itself
 * cannot take a histogram from counts already bucketed (its {@code Timer} records one observation
 * at a time, which would cost a call per poll), so other registries get the quantile gauges only.
 * Both stay at zero unless the runtime was built with {@code pollTimeHistogram(true)} (polls are
 * not timed by default).
 *
 * <p><b>Cost and threads.</b> The meters read a {@link PollRuntime#metrics()} snapshot that is shared
 * by all of them and re-taken when it is older than {@value #SNAPSHOT_MAX_AGE_MILLIS} ms, so one
 * scrape of the registry takes one snapshot, not one per meter; values are therefore up to that
 * old. Snapshots are taken on the thread that reads the meters (the registry's publishing thread),
 * never on a worker, and never block a worker. Each meter's function holds the binder, and the
 * binder the runtime, strongly (a meter's state object is only weakly held by Micrometer, so the
 * binder is not used as one: it would be collected and its meters read NaN); remove the meters, or
 * drop the registry, when the runtime is closed; the Prometheus histogram holds the binder the same
 * way and stays registered as long as its Prometheus registry. A closed runtime's meters report its
 * last values.
 */
public final class PollRuntimeMetricsBinder implements MeterBinder {

    /** How long one snapshot serves every meter. */
    static final long SNAPSHOT_MAX_AGE_MILLIS = 100;
    private static final double[] QUANTILES = {0.5, 0.99, 0.999};
    /** Whether Micrometer's Prometheus registry is on the class path (else {@code PrometheusPollTimes} is never loaded). */
    private static final boolean PROMETHEUS = isPresent("io.micrometer.prometheusmetrics.PrometheusMeterRegistry");

    private final PollRuntime runtime;
    private final Tags tags;
    /** The latest snapshot and when it was taken; replaced whole, so readers need no lock. */
    private volatile Snapshot latest;

    /**
     * A binder for {@code runtime}, tagged {@code runtime=<name>} and {@code tags}.
     *
     * @param runtime the runtime to observe
     * @param name its name in the {@code runtime} tag (to tell several runtimes apart)
     * @param tags more tags for every meter
     */
    public PollRuntimeMetricsBinder(PollRuntime runtime, String name, Iterable<Tag> tags) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.tags = Tags.concat(tags, "runtime", Objects.requireNonNull(name, "name"));
    }

    /**
     * A binder for {@code runtime}, tagged {@code runtime=<name>}.
     *
     * @param runtime the runtime to observe
     * @param name its name in the {@code runtime} tag
     */
    public PollRuntimeMetricsBinder(PollRuntime runtime, String name) {
        this(runtime, name, Tags.empty());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        counter(registry, "pollbridge.tasks.spawned", "tasks spawned", tags, m -> m.tasksSpawned());
        counter(registry, "pollbridge.tasks.completed", "tasks completed (value, failure or cancellation)", tags,
                m -> m.tasksCompleted());
        gauge(registry, "pollbridge.tasks.alive", "tasks spawned and not completed", BaseUnits.TASKS, tags,
                m -> m.tasksAlive());
        gauge(registry, "pollbridge.global.queue.depth", "tasks in the global injection queue", BaseUnits.TASKS, tags,
                m -> m.globalQueueDepth());
        counter(registry, "pollbridge.workers.dead", "worker threads that died of a runtime fault", tags,
                m -> m.deadWorkers());
        gauge(registry, "pollbridge.async.unwinding.bodies", "cancelled Async bodies still running their finally blocks",
                BaseUnits.TASKS, tags, m -> m.unwindingBodies());

        int workers = snapshot().perWorker().size();
        for (int index = 0; index < workers; index++) {
            int worker = index;
            Tags workerTags = tags.and("worker", Integer.toString(worker));
            counter(registry, "pollbridge.worker.polls", "task polls made by the worker", workerTags,
                    m -> worker(m, worker).polls());
            counter(registry, "pollbridge.worker.steals", "tasks the worker stole from other workers", workerTags,
                    m -> worker(m, worker).steals());
            counter(registry, "pollbridge.worker.parks", "times the worker parked for lack of work", workerTags,
                    m -> worker(m, worker).parks());
            counter(registry, "pollbridge.worker.budget.forced.yields",
                    "polls after which the task's poll budget was spent", workerTags,
                    m -> worker(m, worker).budgetForcedYields());
            gauge(registry, "pollbridge.worker.local.queue.depth", "tasks in the worker's local queue",
                    BaseUnits.TASKS, workerTags, m -> worker(m, worker).localQueueDepth());
        }

        gauge(registry, "pollbridge.blocking.threads", "blocking-pool threads", BaseUnits.THREADS,
                tags.and("state", "busy"), m -> m.blockingThreadsBusy());
        gauge(registry, "pollbridge.blocking.threads", "blocking-pool threads", BaseUnits.THREADS,
                tags.and("state", "idle"), m -> m.blockingThreadsIdle());
        gauge(registry, "pollbridge.blocking.threads.max", "the blocking pool's maximum size", BaseUnits.THREADS,
                tags, m -> m.blockingThreadsMax());
        gauge(registry, "pollbridge.blocking.queue.depth", "blocking jobs waiting for a thread", BaseUnits.TASKS,
                tags, m -> m.blockingQueueDepth());

        for (double quantile : QUANTILES) {
            quantileGauge(registry, quantile);
        }
        if (PROMETHEUS) {
            PrometheusPollTimes.bind(registry, this::mappedTags, () -> snapshot().pollTimes());
        }
    }

    /**
     * This binder's tags as {@code target} (the registry bound, or one inside it) maps them: those
     * of a gauge bound above, which the registry's filters have seen (common tags added, tags
     * renamed); the binder's own tags if a filter changed it beyond finding.
     */
    private List<Tag> mappedTags(MeterRegistry target) {
        Gauge bound = target.find("pollbridge.poll.time.upper").tags(tags)
                .tag("quantile", Double.toString(QUANTILES[0])).gauge();
        List<Tag> mapped = new ArrayList<>();
        for (Tag tag : bound == null ? tags : bound.getId().getTags()) {
            if (bound == null || !tag.getKey().equals("quantile")) {
                mapped.add(tag);
            }
        }
        return mapped;
    }

    private Gauge quantileGauge(MeterRegistry registry, double quantile) {
        return Gauge.builder("pollbridge.poll.time.upper", runtime,
                        r -> snapshot().pollTimes().quantileUpperBoundNanos(quantile) / 1e9)
                .description("an upper bound (within a factor of two) of the poll-time quantile")
                .baseUnit("seconds")
                .tags(tags.and("quantile", Double.toString(quantile)))
                .register(registry);
    }

    private static WorkerMetrics worker(PollRuntimeMetrics metrics, int index) {
        return metrics.perWorker().get(index);
    }

    private static boolean isPresent(String className) {
        try {
            Class.forName(className, false, PollRuntimeMetricsBinder.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }

    private void counter(MeterRegistry registry, String name, String description, Tags meterTags,
            ToLongFunction<PollRuntimeMetrics> value) {
        FunctionCounter.builder(name, runtime, r -> value.applyAsLong(snapshot()))
                .description(description)
                .tags(meterTags)
                .register(registry);
    }

    private void gauge(MeterRegistry registry, String name, String description, String unit, Tags meterTags,
            ToDoubleFunction<PollRuntimeMetrics> value) {
        Gauge.builder(name, runtime, r -> value.applyAsDouble(snapshot()))
                .description(description)
                .baseUnit(unit)
                .tags(meterTags)
                .register(registry);
    }

    /** The shared snapshot, re-taken when older than {@link #SNAPSHOT_MAX_AGE_MILLIS}. */
    PollRuntimeMetrics snapshot() {
        long now = System.nanoTime();
        Snapshot current = latest;
        if (current == null || now - current.takenAt > SNAPSHOT_MAX_AGE_MILLIS * 1_000_000L) {
            // Two readers may both re-take it; either result is a valid snapshot.
            current = new Snapshot(runtime.metrics(), now);
            latest = current;
        }
        return current.metrics;
    }

    private record Snapshot(PollRuntimeMetrics metrics, long takenAt) {}
}
