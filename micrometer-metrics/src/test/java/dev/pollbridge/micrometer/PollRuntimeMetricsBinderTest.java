package dev.pollbridge.micrometer;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class PollRuntimeMetricsBinderTest {

    @Test
    void registersTheRuntimeCountersWithATagPerWorker() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            new PollRuntimeMetricsBinder(runtime, "main", Tags.of("app", "test")).bindTo(registry);
            for (int i = 0; i < 50; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            await().until(() -> counter(registry, "pollbridge.tasks.completed") == 50);
            assertEquals(50, counter(registry, "pollbridge.tasks.spawned"));
            assertEquals(0, registry.get("pollbridge.tasks.alive").gauge().value());

            assertEquals(2, registry.get("pollbridge.worker.polls").functionCounters().size());
            for (String worker : new String[] {"0", "1"}) {
                FunctionCounter polls = registry.get("pollbridge.worker.polls").tags("worker", worker).functionCounter();
                assertEquals("main", polls.getId().getTag("runtime"));
                assertEquals("test", polls.getId().getTag("app"));
                registry.get("pollbridge.worker.steals").tags("worker", worker).functionCounter();
                registry.get("pollbridge.worker.parks").tags("worker", worker).functionCounter();
                registry.get("pollbridge.worker.budget.forced.yields").tags("worker", worker).functionCounter();
                registry.get("pollbridge.worker.local.queue.depth").tags("worker", worker).gauge();
            }
            double polls = registry.get("pollbridge.worker.polls").functionCounters().stream()
                    .mapToDouble(FunctionCounter::count).sum();
            assertTrue(polls >= 50, () -> "polls " + polls);
            assertEquals(0, registry.get("pollbridge.global.queue.depth").gauge().value());
            assertEquals(0, counter(registry, "pollbridge.workers.dead"));
            assertEquals(0, registry.get("pollbridge.async.unwinding.bodies").gauge().value());
        }
    }

    @Test
    void thePollTimeQuantilesAreGaugesAndNoRegistryButPrometheusGetsBucketCounters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).pollTimeHistogram(true).build()) {
            new PollRuntimeMetricsBinder(runtime, "histogram").bindTo(registry);
            System.gc(); // nothing but the registry holds the binder: its meters must keep working
            runtime.blockOn(runtime.spawn(cx -> {
                sleepMillis(3); // one poll of at least 3 ms (rule 4 broken on purpose)
                return Poll.ready(null);
            }));
            Gauge max = registry.get("pollbridge.poll.time.upper").tags("quantile", "0.999").gauge();
            await().until(() -> max.value() > 0.003);
            assertEquals(3, registry.get("pollbridge.poll.time.upper").gauges().size());
            // The buckets are a native histogram in a Prometheus registry only (PrometheusPollTimesTest):
            // no hand-made le-tagged counters anywhere.
            assertTrue(registry.find("pollbridge.poll.time.buckets").meters().isEmpty());
            assertTrue(registry.getMeters().stream().noneMatch(meter -> meter.getId().getTag("le") != null));
        }
    }

    @Test
    void theBlockingPoolGauges() throws InterruptedException {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(1).build()) {
            new PollRuntimeMetricsBinder(runtime, "blocking").bindTo(registry);
            CountDownLatch release = new CountDownLatch(1);
            PollFuture<Void> busy = runtime.spawnBlocking(() -> {
                release.await();
                return null;
            });
            PollFuture<Void> queued = runtime.spawnBlocking(() -> null);
            await().until(() -> registry.get("pollbridge.blocking.queue.depth").gauge().value() == 1);
            assertEquals(1, registry.get("pollbridge.blocking.threads").tags("state", "busy").gauge().value());
            assertEquals(1, registry.get("pollbridge.blocking.threads.max").gauge().value());
            release.countDown();
            runtime.blockOn(busy);
            runtime.blockOn(queued);
            await().until(() -> registry.get("pollbridge.blocking.queue.depth").gauge().value() == 0);
        }
    }

    @Test
    void aCurrentThreadRuntimeHasNoWorkerMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (PollRuntime runtime = PollRuntime.builder().workers(0).build()) {
            new PollRuntimeMetricsBinder(runtime, "single").bindTo(registry);
            assertTrue(registry.find("pollbridge.worker.polls").functionCounters().isEmpty());
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            await().until(() -> counter(registry, "pollbridge.tasks.completed") == 1);
        }
    }

    private static double counter(SimpleMeterRegistry registry, String name) {
        return registry.get(name).functionCounter().count();
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
