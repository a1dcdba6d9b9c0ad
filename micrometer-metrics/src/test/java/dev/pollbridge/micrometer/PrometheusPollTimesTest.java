package dev.pollbridge.micrometer;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import dev.pollbridge.runtime.PollRuntime;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The poll-time histogram in Micrometer's real Prometheus registry: scraped as Prometheus text, it
 * is a {@code histogram} family with cumulative {@code _bucket{le}} series, on which Prometheus'
 * {@code histogram_quantile} (implemented below as Prometheus does) gives the runtime's quantiles.
 */
@Timeout(30)
class PrometheusPollTimesTest {

    private static final String FAMILY = "pollbridge_poll_time_seconds";

    @Test
    void knownBucketsAreScrapedCumulativelyAndHistogramQuantileReadsThem() {
        long[] counts = new long[PollTimeHistogram.BUCKETS];
        counts[3] = 10; // 8 to 16 ns: in the first exported bucket, le = 1.024 us
        counts[9] = 20; // 512 to 1024 ns: the same
        counts[12] = 60; // 4.096 to 8.192 us
        counts[20] = 9; // 1.048576 to 2.097152 ms
        counts[39] = 1; // over 2^39 ns: only +Inf
        PollTimeHistogram histogram = new PollTimeHistogram(counts);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        PrometheusPollTimes.bind(registry, target -> List.of(Tag.of("runtime", "known")), () -> histogram);

        String scrape = registry.scrape();
        assertTrue(scrape.contains("# TYPE " + FAMILY + " histogram\n"), scrape);
        Map<String, Long> buckets = buckets(scrape, "runtime=\"known\"");
        assertEquals(PollTimeHistogram.BUCKETS - PollTimeCollector.FIRST_EXPORTED_BUCKET, buckets.size());
        assertEquals(30L, buckets.get("1.024E-6"));
        assertEquals(30L, buckets.get("4.096E-6"));
        assertEquals(90L, buckets.get("8.192E-6"));
        assertEquals(90L, buckets.get("0.001048576"));
        assertEquals(99L, buckets.get("0.002097152"));
        assertEquals(99L, buckets.get("549.755813888"));
        assertEquals(100L, buckets.get("+Inf"));
        assertEquals(100L, count(scrape, "runtime=\"known\""));
        assertFalse(scrape.contains(FAMILY + "_sum"), "the runtime keeps no sum, and none is made up");

        // histogram_quantile(q, pollbridge_poll_time_seconds_bucket), as Prometheus computes it:
        assertEquals(4.096e-6 + 4.096e-6 * 20 / 60, histogramQuantile(0.5, buckets), 1e-15);
        assertEquals(0.002097152, histogramQuantile(0.99, buckets), 1e-15);
        assertEquals(549.755813888, histogramQuantile(0.999, buckets), 1e-9); // in +Inf: the highest finite le
        // ... each in the bucket whose upper bound the runtime itself reports.
        assertEquals(8192, histogram.quantileUpperBoundNanos(0.5));
        assertEquals(2_097_152, histogram.quantileUpperBoundNanos(0.99));
    }

    @Test
    void aRuntimesPollTimesReachPrometheusInsideACompositeWithTheRegistrysCommonTags() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        prometheus.config().commonTags("application", "shop"); // as Spring Boot's management.metrics.tags.*
        CompositeMeterRegistry composite = new CompositeMeterRegistry();
        composite.add(new SimpleMeterRegistry());
        composite.add(prometheus);
        try (PollRuntime runtime = PollRuntime.builder().workers(1).pollTimeHistogram(true).build()) {
            new PollRuntimeMetricsBinder(runtime, "main").bindTo(composite);
            for (int i = 0; i < 100; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            runtime.blockOn(runtime.spawn(cx -> {
                sleepMillis(3); // one poll of at least 3 ms
                return Poll.ready(null);
            }));
            String labels = "application=\"shop\",runtime=\"main\"";
            // The binder's snapshot may be 100 ms old: wait until it has every poll.
            await().until(() -> count(prometheus.scrape(), labels) == runtime.metrics().pollTimes().totalCount());
            String scrape = prometheus.scrape();
            PollTimeHistogram polls = runtime.metrics().pollTimes();
            assertTrue(polls.totalCount() >= 101, polls::toString);

            Map<String, Long> buckets = buckets(scrape, labels);
            assertEquals(PollTimeHistogram.BUCKETS - PollTimeCollector.FIRST_EXPORTED_BUCKET, buckets.size());
            long previous = 0;
            double previousLe = 0;
            for (Map.Entry<String, Long> bucket : buckets.entrySet()) {
                double le = Double.parseDouble(bucket.getKey().replace("+Inf", "Infinity"));
                assertTrue(le > previousLe, "le increases: " + buckets);
                assertTrue(bucket.getValue() >= previous, "cumulative counts: " + buckets);
                previous = bucket.getValue();
                previousLe = le;
            }
            assertEquals(polls.totalCount(), buckets.get("+Inf"));
            for (double q : new double[] {0.5, 0.99, 1.0}) {
                double upper = polls.quantileUpperBoundNanos(q) / 1e9;
                double lower = upper <= 1.024e-6 ? 0 : upper / 2; // the first exported bucket holds all shorter polls
                double quantile = histogramQuantile(q, buckets);
                assertTrue(quantile >= lower && quantile <= upper,
                        () -> "histogram_quantile(" + q + ") = " + quantile + ", the runtime says in (" + lower + ", " + upper + "]");
            }
            assertTrue(histogramQuantile(1.0, buckets) > 0.003, "the 3 ms poll is the slowest");
        }
    }

    @Test
    void severalRuntimesAreDataPointsOfOneFamilyAndARepeatedBindingKeepsTheFirst() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (PollRuntime web = PollRuntime.builder().workers(1).pollTimeHistogram(true).build();
                PollRuntime batch = PollRuntime.builder().workers(1).build()) {
            new PollRuntimeMetricsBinder(web, "web").bindTo(registry);
            new PollRuntimeMetricsBinder(batch, "batch").bindTo(registry);
            new PollRuntimeMetricsBinder(batch, "web").bindTo(registry); // same labels: ignored, as Micrometer ignores a second gauge
            web.blockOn(web.spawn(cx -> Poll.ready(null)));
            await().until(() -> count(registry.scrape(), "runtime=\"web\"") >= 1);

            String scrape = registry.scrape();
            assertEquals(1, occurrences(scrape, "# TYPE " + FAMILY + " histogram"));
            assertEquals(0, count(scrape, "runtime=\"batch\""), "not timed: pollTimeHistogram(false)");
            assertEquals(PollTimeHistogram.BUCKETS - PollTimeCollector.FIRST_EXPORTED_BUCKET,
                    buckets(scrape, "runtime=\"batch\"").size());
        }
    }

    /** The {@code _bucket} series of the data point with {@code labels}, {@code le} to count, in scrape order. */
    private static Map<String, Long> buckets(String scrape, String labels) {
        Map<String, Long> buckets = new LinkedHashMap<>();
        Matcher bucket = Pattern.compile("(?m)^" + FAMILY + "_bucket\\{" + Pattern.quote(labels)
                + ",le=\"([^\"]+)\"} (\\S+)$").matcher(scrape);
        while (bucket.find()) {
            buckets.put(bucket.group(1), (long) Double.parseDouble(bucket.group(2)));
        }
        return buckets;
    }

    private static long count(String scrape, String labels) {
        Matcher count = Pattern.compile("(?m)^" + FAMILY + "_count\\{" + Pattern.quote(labels) + "} (\\S+)$").matcher(scrape);
        return count.find() ? (long) Double.parseDouble(count.group(1)) : -1;
    }

    private static int occurrences(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    /** Prometheus' {@code histogram_quantile} (promql/quantile.go, bucketQuantile) on cumulative buckets. */
    private static double histogramQuantile(double q, Map<String, Long> cumulative) {
        List<Double> upper = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        cumulative.forEach((le, count) -> {
            upper.add(Double.parseDouble(le.replace("+Inf", "Infinity")));
            counts.add(count);
        });
        int last = upper.size() - 1;
        double rank = q * counts.get(last);
        int b = 0;
        while (counts.get(b) < rank) {
            b++;
        }
        if (b == last) {
            return upper.get(last - 1);
        }
        double start = b == 0 ? 0 : upper.get(b - 1);
        double inBucket = counts.get(b) - (b == 0 ? 0 : counts.get(b - 1));
        double rankInBucket = rank - (b == 0 ? 0 : counts.get(b - 1));
        return start + (upper.get(b) - start) * (rankInBucket / inBucket);
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
