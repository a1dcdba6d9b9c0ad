package dev.pollbridge.micrometer;

import dev.pollbridge.runtime.PollTimeHistogram;
import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.RuntimeMetrics;
import dev.pollbridge.runtime.WorkerMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Registers a runtime's {@link RuntimeMetrics} with a Micrometer {@link MeterRegistry}: counters
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
 *   <tr><td>{@code pollbridge.poll.time.buckets}</td><td>counter: polls shorter than {@code le}
 *       seconds (cumulative, as Prometheus histogram buckets; {@code le="+Inf"} counts all)</td><td>{@code le}</td></tr>
 *   <tr><td>{@code pollbridge.poll.time.upper}</td><td>gauge: an upper bound of the quantile, good to a
 *       factor of two, in seconds</td><td>{@code quantile} = 0.5, 0.99, 0.999</td></tr>
 * </table>
 * <p>The two poll-time meters stay at zero unless the runtime was built with
 * {@code pollTimeHistogram(true)} (polls are not timed by default).
 *
 * <p><b>Cost and threads.</b> The meters read a {@link Runtime#metrics()} snapshot that is shared
 * by all of them and re-taken when it is older than {@value #SNAPSHOT_MAX_AGE_MILLIS} ms, so one
 * scrape of the registry takes one snapshot, not one per meter; values are therefore up to that
 * old. Snapshots are taken on the thread that reads the meters (the registry's publishing thread),
 * never on a worker, and never block a worker. Each meter's function holds the binder, and the
 * binder the runtime, strongly (a meter's state object is only weakly held by Micrometer, so the
 * binder is not used as one: it would be collected and its meters read NaN); remove the meters, or
 * drop the registry, when the runtime is closed. A closed runtime's meters report its last values.
 */
public final class RuntimeMetricsBinder implements MeterBinder {

    /** How long one snapshot serves every meter. */
    static final long SNAPSHOT_MAX_AGE_MILLIS = 100;
    /** Histogram buckets exported as {@code le} counters: every second log2 bucket from about 1 us. */
    private static final int FIRST_EXPORTED_BUCKET = 9;
    private static final double[] QUANTILES = {0.5, 0.99, 0.999};

    private final Runtime runtime;
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
    public RuntimeMetricsBinder(Runtime runtime, String name, Iterable<Tag> tags) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.tags = Tags.concat(tags, "runtime", Objects.requireNonNull(name, "name"));
    }

    /**
     * A binder for {@code runtime}, tagged {@code runtime=<name>}.
     *
     * @param runtime the runtime to observe
     * @param name its name in the {@code runtime} tag
     */
    public RuntimeMetricsBinder(Runtime runtime, String name) {
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

        for (int bucket = FIRST_EXPORTED_BUCKET; bucket < PollTimeHistogram.BUCKETS - 1; bucket += 2) {
            int last = bucket;
            double le = PollTimeHistogram.upperBoundNanos(bucket) / 1e9;
            counter(registry, "pollbridge.poll.time.buckets", "task polls shorter than le seconds",
                    tags.and("le", String.format(Locale.ROOT, "%.9f", le)), m -> pollsUpTo(m.pollTimes(), last));
        }
        counter(registry, "pollbridge.poll.time.buckets", "task polls shorter than le seconds",
                tags.and("le", "+Inf"), m -> m.pollTimes().totalCount());
        for (double quantile : QUANTILES) {
            Gauge.builder("pollbridge.poll.time.upper", runtime,
                            r -> snapshot().pollTimes().quantileUpperBoundNanos(quantile) / 1e9)
                    .description("an upper bound (within a factor of two) of the poll-time quantile")
                    .baseUnit("seconds")
                    .tags(tags.and("quantile", Double.toString(quantile)))
                    .register(registry);
        }
    }

    private static WorkerMetrics worker(RuntimeMetrics metrics, int index) {
        return metrics.perWorker().get(index);
    }

    /** Polls in buckets 0 to {@code last}: those shorter than the upper bound of {@code last}. */
    private static long pollsUpTo(PollTimeHistogram histogram, int last) {
        long count = 0;
        for (int bucket = 0; bucket <= last; bucket++) {
            count += histogram.count(bucket);
        }
        return count;
    }

    private void counter(MeterRegistry registry, String name, String description, Tags meterTags,
            ToLongFunction<RuntimeMetrics> value) {
        FunctionCounter.builder(name, runtime, r -> value.applyAsLong(snapshot()))
                .description(description)
                .tags(meterTags)
                .register(registry);
    }

    private void gauge(MeterRegistry registry, String name, String description, String unit, Tags meterTags,
            ToDoubleFunction<RuntimeMetrics> value) {
        Gauge.builder(name, runtime, r -> value.applyAsDouble(snapshot()))
                .description(description)
                .baseUnit(unit)
                .tags(meterTags)
                .register(registry);
    }

    /** The shared snapshot, re-taken when older than {@link #SNAPSHOT_MAX_AGE_MILLIS}. */
    RuntimeMetrics snapshot() {
        long now = System.nanoTime();
        Snapshot current = latest;
        if (current == null || now - current.takenAt > SNAPSHOT_MAX_AGE_MILLIS * 1_000_000L) {
            // Two readers may both re-take it; either result is a valid snapshot.
            current = new Snapshot(runtime.metrics(), now);
            latest = current;
        }
        return current.metrics;
    }

    private record Snapshot(RuntimeMetrics metrics, long takenAt) {}
}
