package dev.pollbridge.spring.boot;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.spring.PollbridgeAutoConfiguration;
import dev.pollbridge.test.ProbeFuture;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/**
 * The auto-configuration's decisions, in application contexts without a server: the runtime bean
 * from the properties and customizers, backing off, bad values, Micrometer present or not, and
 * what closing the context does to the runtime's tasks.
 */
class RuntimeAutoConfigurationTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ApplicationContextRunner contexts = new ApplicationContextRunner().withConfiguration(
            AutoConfigurations.of(PollbridgeRuntimeAutoConfiguration.class, PollbridgeMetricsAutoConfiguration.class,
                    PollbridgeAutoConfiguration.class));

    @Test
    void everyPropertyReachesTheRuntimeBuilder() {
        AtomicReference<PollRuntimeBuilder> configured = new AtomicReference<>();
        contexts.withBean(RuntimeBuilderCustomizer.class, () -> configured::set)
                .withPropertyValues("pollbridge.workers=3", "pollbridge.thread-name-prefix=props-", "pollbridge.daemon=false",
                        "pollbridge.slow-poll-threshold=250ms", "pollbridge.stuck-worker-threshold=3s",
                        "pollbridge.lifo-slot=false", "pollbridge.global-queue-interval=17",
                        "pollbridge.capture-spawn-sites=true", "pollbridge.poll-time-histogram=true",
                        "pollbridge.blocking.max-threads=8", "pollbridge.blocking.keep-alive=2m")
                .run(context -> {
                    PollRuntimeBuilder builder = configured.get();
                    assertEquals(3, field(builder, "workers"));
                    assertEquals("props-", field(builder, "threadNamePrefix"));
                    assertEquals(false, field(builder, "daemon"));
                    assertEquals(Duration.ofMillis(250), field(builder, "slowPollThreshold"));
                    assertEquals(Duration.ofSeconds(3), field(builder, "stuckWorkerThreshold"));
                    assertEquals(false, field(builder, "lifoSlot"));
                    assertEquals(17, field(builder, "globalQueueInterval"));
                    assertEquals(true, field(builder, "captureSpawnSites"));
                    assertEquals(true, field(builder, "pollTimeHistogram"));
                    assertEquals(8, field(builder, "blockingThreads"));
                    assertEquals(Duration.ofMinutes(2), field(builder, "blockingKeepAlive"));

                    PollRuntime runtime = context.getBean("pollbridgeRuntime", PollRuntime.class);
                    assertEquals(3, runtime.metrics().perWorker().size());
                    assertEquals(8, runtime.metrics().blockingThreadsMax());
                    List<Thread> workers = threadsNamed("props-worker-");
                    assertEquals(3, workers.size());
                    assertTrue(workers.stream().noneMatch(Thread::isDaemon), "pollbridge.daemon=false");
                });
        await().atMost(WAIT).until(() -> threadsNamed("props-").isEmpty()); // closed with the context
    }

    @Test
    void customizersRunAfterThePropertiesInTheirOrder() {
        Seen seen = new Seen(new ArrayList<>());
        contexts.withPropertyValues("pollbridge.thread-name-prefix=from-properties-", "pollbridge.workers=1")
                .withUserConfiguration(OrderedCustomizers.class)
                .withBean(Seen.class, () -> seen)
                .run(context -> {
                    assertEquals(List.of("from-properties-", "first-"), seen.prefixes());
                    assertEquals(1, threadsNamed("second-worker-").size());
                });
    }

    /** The thread-name prefix each customizer found on the builder. */
    record Seen(List<Object> prefixes) {}

    @Configuration(proxyBeanMethods = false)
    static class OrderedCustomizers {

        @Bean
        @Order(2)
        RuntimeBuilderCustomizer second(Seen seen) {
            return builder -> {
                seen.prefixes().add(field(builder, "threadNamePrefix"));
                builder.threadNamePrefix("second-");
            };
        }

        @Bean
        @Order(1)
        RuntimeBuilderCustomizer first(Seen seen) {
            return builder -> {
                seen.prefixes().add(field(builder, "threadNamePrefix"));
                builder.threadNamePrefix("first-");
            };
        }
    }

    @Test
    void aRuntimeBeanOfTheApplicationReplacesTheStartersAndIsTheOneMeasured() {
        contexts.withUserConfiguration(OwnRuntime.class).run(context -> {
            assertEquals(Map.of("ownRuntime", context.getBean(PollRuntime.class)), context.getBeansOfType(PollRuntime.class));
            assertFalse(context.containsBean("pollbridgeRuntime"));
            assertFalse(context.containsBean("pollbridgeRuntimeShutdown"));

            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(MeterBinder.class).bindTo(registry);
            assertEquals(1, registry.get("pollbridge.worker.polls").tags("runtime", "ownRuntime").functionCounters().size());
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnRuntime {

        @Bean
        PollRuntime ownRuntime() {
            return PollRuntime.builder().workers(1).threadNamePrefix("own-").build();
        }
    }

    @Test
    void theStartersRuntimeIsMeasuredUnderItsBeanName() {
        contexts.withPropertyValues("pollbridge.workers=2").run(context -> {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(MeterBinder.class).bindTo(registry);
            assertEquals(2, registry.get("pollbridge.worker.polls").tags("runtime", "pollbridgeRuntime").functionCounters().size());
        });
    }

    @Test
    void aValueTheBuilderRefusesStopsStartUpWithItsMessage() {
        contexts.withPropertyValues("pollbridge.workers=-1").run(context -> {
            Throwable failure = context.getStartupFailure();
            while (failure.getCause() != null) {
                failure = failure.getCause();
            }
            assertInstanceOf(IllegalArgumentException.class, failure);
            assertEquals("workers must be in [0, 32767], was -1", failure.getMessage());
        });
        contexts.withPropertyValues("pollbridge.shutdown.await-termination-period=-1s").run(context -> {
            Throwable failure = context.getStartupFailure();
            while (failure.getCause() != null) {
                failure = failure.getCause();
            }
            assertEquals("pollbridge.shutdown.await-termination-period must not be negative, was PT-1S", failure.getMessage());
        });
    }

    @Test
    void withoutMicrometerTheRuntimeIsThereAndNoMeterBinder() {
        contexts.withClassLoader(new FilteredClassLoader("io.micrometer.core")).run(context -> {
            assertTrue(context.containsBean("pollbridgeRuntime"));
            assertFalse(context.containsBean("pollbridgeRuntimeMeterBinder"));
        });
    }

    @Test
    void closingTheContextAbortsTheRuntimesTasksAndClosesEachFutureOnce() {
        ProbeFuture<String> pending = new ProbeFuture<>();
        AtomicReference<PollRuntime> runtime = new AtomicReference<>();
        contexts.withPropertyValues("pollbridge.workers=1").run(context -> {
            runtime.set(context.getBean(PollRuntime.class));
            runtime.get().spawn(pending);
            await().atMost(WAIT).until(() -> pending.polls() > 0);
        });
        assertTrue(runtime.get().isClosed());
        assertTrue(pending.isCancelled());
        assertEquals(1, pending.closes());
    }

    @Test
    void withAnAwaitTerminationPeriodClosingLetsTheTasksFinish() throws InterruptedException {
        Promise<String> reply = Promise.create();
        AtomicReference<String> delivered = new AtomicReference<>();
        AtomicReference<PollRuntime> runtime = new AtomicReference<>();
        Thread closing = Thread.currentThread(); // ApplicationContextRunner closes the context on this thread
        Thread replier = new Thread(() -> {
            // Completes the reply only once the closing thread waits in the graceful shutdown.
            await().atMost(WAIT).until(() -> Arrays.stream(closing.getStackTrace())
                    .anyMatch(frame -> frame.getMethodName().equals("shutdownGracefully")));
            reply.complete("finished during the shutdown");
        });
        contexts.withPropertyValues("pollbridge.workers=1", "pollbridge.shutdown.await-termination-period=30s").run(context -> {
            runtime.set(context.getBean(PollRuntime.class));
            runtime.get().spawn(reply.future().map(value -> {
                delivered.set(value);
                return value;
            }));
            replier.start();
        });
        assertEquals("finished during the shutdown", delivered.get());
        assertTrue(runtime.get().isClosed());
        replier.join(WAIT.toMillis()); // it may still be returning from complete(): wait for it, bounded
        assertFalse(replier.isAlive(), "replier still running");
    }

    @Test
    void theAdaptersUseTheStartersRuntime() {
        contexts.withBean(org.springframework.core.ReactiveAdapterRegistry.class).run(context -> {
            // The registry bean got the adapters with the single PollRuntime bean: the starter's.
            PollRuntime runtime = context.getBean("pollbridgeRuntime", PollRuntime.class);
            var registry = context.getBean(org.springframework.core.ReactiveAdapterRegistry.class);
            var adapter = registry.getAdapter(dev.pollbridge.api.PollFuture.class);
            AtomicReference<PollRuntime> polledBy = new AtomicReference<>();
            Object mono = adapter.toPublisher(dev.pollbridge.api.Futures.defer(() -> {
                polledBy.set(PollRuntime.current().orElse(null));
                return dev.pollbridge.api.Futures.ready("value");
            }));
            assertEquals("value", reactor.core.publisher.Mono.from((org.reactivestreams.Publisher<?>) mono).block(WAIT));
            assertSame(runtime, polledBy.get());
        });
    }

    static Object field(PollRuntimeBuilder builder, String name) {
        try {
            Field field = PollRuntimeBuilder.class.getDeclaredField(name);
            field.setAccessible(true); // the tests run on the class path
            return field.get(builder);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("PollRuntimeBuilder has no field " + name, e);
        }
    }

    private static List<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().startsWith(prefix)).toList();
    }
}
