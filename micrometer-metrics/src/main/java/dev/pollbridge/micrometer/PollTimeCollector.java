package dev.pollbridge.micrometer;

import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * One Prometheus histogram family (the poll times of every runtime bound to one Prometheus
 * registry), with one data point per runtime. Its buckets are the runtime's own, read at scrape
 * time: {@link #collect()} costs one {@link PollTimeHistogram} per runtime (the binder's shared
 * snapshot) and a few dozen array writes; the workers do nothing for it.
 *
 * <p>The exported buckets are the runtime's powers of two from {@value #FIRST_EXPORTED_BUCKET}
 * on: the first has the upper bound {@code le} = 2<sup>10</sup> ns (1.024 us) and also counts
 * every shorter poll; then one per power of two up to 2<sup>39</sup> ns (about 9 minutes); then
 * {@code +Inf}. There is no {@code _sum}: the runtime counts polls per bucket and keeps no total,
 * and a sum made up from the buckets would be a guess. {@code _count} is the {@code +Inf} bucket.
 *
 * <p>Thread-safety: {@link #add} from any thread (binding), {@link #collect()} from the scrape
 * thread, concurrently: the data points are a copy-on-write list.
 */
final class PollTimeCollector implements Collector {

    /** The runtime's bucket whose upper bound is the first exported {@code le} (1.024 us). */
    static final int FIRST_EXPORTED_BUCKET = 9;
    private static final double[] UPPER_BOUNDS_SECONDS = upperBounds();

    private final String name;
    private final String help;
    private final List<DataPoint> dataPoints = new CopyOnWriteArrayList<>();

    PollTimeCollector(String name, String help) {
        this.name = name;
        this.help = help;
    }

    /**
     * Adds a runtime's histogram under {@code labels}, unless the family has a data point with
     * those labels already (the first one stays, as a Micrometer meter registered twice does).
     *
     * @return false if the labels were taken
     */
    synchronized boolean add(Labels labels, Supplier<PollTimeHistogram> histogram) {
        for (DataPoint existing : dataPoints) {
            if (existing.labels.equals(labels)) {
                return false;
            }
        }
        dataPoints.add(new DataPoint(labels, histogram));
        return true;
    }

    @Override
    public String getPrometheusName() {
        return name;
    }

    @Override
    public MetricSnapshot collect() {
        List<HistogramDataPointSnapshot> points = new ArrayList<>(dataPoints.size());
        for (DataPoint point : dataPoints) {
            // Sum NaN: none (no _sum line). Created timestamp 0: none.
            points.add(new HistogramDataPointSnapshot(buckets(point.histogram.get()), Double.NaN, point.labels,
                    Exemplars.EMPTY, 0L));
        }
        return new HistogramSnapshot(new MetricMetadata(name, help), points);
    }

    /** The exported buckets of {@code histogram}, as counts per bucket (Prometheus' model adds them up). */
    static ClassicHistogramBuckets buckets(PollTimeHistogram histogram) {
        long[] counts = new long[UPPER_BOUNDS_SECONDS.length];
        for (int bucket = 0; bucket < PollTimeHistogram.BUCKETS; bucket++) {
            counts[Math.max(0, bucket - FIRST_EXPORTED_BUCKET)] += histogram.count(bucket);
        }
        return ClassicHistogramBuckets.of(UPPER_BOUNDS_SECONDS, counts);
    }

    private static double[] upperBounds() {
        double[] bounds = new double[PollTimeHistogram.BUCKETS - FIRST_EXPORTED_BUCKET];
        for (int index = 0; index < bounds.length; index++) {
            long nanos = PollTimeHistogram.upperBoundNanos(FIRST_EXPORTED_BUCKET + index); // MAX_VALUE for the last
            bounds[index] = nanos == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : nanos / 1e9;
        }
        return bounds;
    }

    private record DataPoint(Labels labels, Supplier<PollTimeHistogram> histogram) {}
}
