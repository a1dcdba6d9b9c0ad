package dev.pollbridge.spring.boot.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.spring.boot.RuntimeBuilderCustomizer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.http.ResponseEntity;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The starter in a real Spring Boot application, as a user has it: WebFlux on reactor-netty, the
 * actuator and Micrometer's Prometheus registry, the starter on the class path and a few
 * {@code pollbridge.*} properties, bound to an ephemeral loopback port and called over HTTP.
 * Nothing is declared but a controller: the runtime, the adapters and the meters come from the
 * auto-configuration.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StarterApplicationTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final JsonMapper json = JsonMapper.builder().build();
    private ConfigurableApplicationContext app;
    private WebClient client;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(GreetingController.class)
    static class ShopApplication {

        @Bean
        ErrorReports errorReports() {
            return new ErrorReports();
        }

        // tag::customizer[]
        @Bean
        RuntimeBuilderCustomizer reportUncaughtFailures(ErrorReports reports) {
            // Failures no join handle delivers (a detached task's, a throwing close()) go to the tracker.
            return builder -> builder.uncaughtFailureHandler(reports::add);
        }
        // end::customizer[]

        // tag::warm-up[]
        @Bean
        ApplicationRunner warmUpEndpoints(Environment environment) {
            // Runs after the server listens, before the application reports ready: the first call
            // of each endpoint (its first JSON, its first observation) happens here, not in traffic.
            return args -> {
                WebClient self = WebClient.create("http://127.0.0.1:" + environment.getProperty("local.server.port"));
                self.get().uri("/greetings/{name}", "warm-up").retrieve().toBodilessEntity().block(Duration.ofSeconds(10));
            };
        }
        // end::warm-up[]
    }

    @BeforeAll
    void startApplication() {
        app = new SpringApplicationBuilder(ShopApplication.class)
                .web(WebApplicationType.REACTIVE)
                .properties("server.address=127.0.0.1", "server.port=0", "spring.main.banner-mode=off",
                        "management.endpoints.web.exposure.include=health,metrics,prometheus",
                        "management.metrics.tags.application=shop",
                        "pollbridge.workers=2", "pollbridge.thread-name-prefix=shop-",
                        "pollbridge.poll-time-histogram=true")
                .run();
        client = WebClient.create("http://127.0.0.1:" + app.getEnvironment().getRequiredProperty("local.server.port", Integer.class));
    }

    @AfterAll
    void closingTheContextClosesTheRuntimeAndEndsItsThreads() {
        PollRuntime runtime = app.getBean(PollRuntime.class);
        app.close();
        assertTrue(runtime.isClosed());
        await().atMost(WAIT).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(thread -> thread.getName().startsWith("shop-")));
    }

    @Test
    void aControllersFutureIsPolledByTheStartersRuntimeBuiltFromTheProperties() throws Exception {
        PollRuntime runtime = app.getBean("pollbridgeRuntime", PollRuntime.class);
        assertSame(runtime, app.getBean(PollRuntime.class));
        assertEquals(2, runtime.metrics().perWorker().size(), "pollbridge.workers=2");

        ResponseEntity<String> response = get("/greetings/ada");
        assertEquals(200, response.getStatusCode().value());
        JsonNode greeting = json.readTree(response.getBody());
        assertEquals("Hello, ada", greeting.get("text").asString());
        assertTrue(greeting.get("thread").asString().matches("shop-worker-\\d+"), greeting::toString);
        GreetingController controller = app.getBean(GreetingController.class);
        assertSame(runtime, controller.pollingRuntime.get().orElseThrow());
    }

    @Test
    void theWarmUpRunnerCalledTheEndpointBeforeAnyTest() {
        assertEquals("warm-up", app.getBean(GreetingController.class).names.get(0));
    }

    @Test
    void aCustomizerGaveTheRuntimeItsUncaughtFailureHandler() {
        IllegalStateException failure = new IllegalStateException("lost in the background");
        JoinHandle<Object> detached = app.getBean(PollRuntime.class).spawn(Futures.failed(failure));
        detached.close(); // nobody will join it: its failure goes to the uncaught-failure handler
        await().atMost(WAIT).until(() -> app.getBean(ErrorReports.class).reported.contains(failure));
    }

    @Test
    void actuatorMetricsListsThePollbridgeMetersOfTheRuntimeBean() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertEquals(200, get("/greetings/grace").getStatusCode().value());
        }
        JsonNode names = json.readTree(get("/actuator/metrics").getBody()).get("names");
        List<String> listed = new ArrayList<>();
        names.forEach(name -> listed.add(name.asString()));
        for (String meter : List.of("pollbridge.tasks.spawned", "pollbridge.tasks.completed", "pollbridge.tasks.alive",
                "pollbridge.worker.polls", "pollbridge.worker.steals", "pollbridge.worker.parks",
                "pollbridge.global.queue.depth", "pollbridge.blocking.threads", "pollbridge.poll.time.upper")) {
            assertTrue(listed.contains(meter), () -> meter + " in " + listed);
        }

        await().atMost(WAIT).untilAsserted(() -> {
            JsonNode completed = json.readTree(
                    get("/actuator/metrics/pollbridge.tasks.completed?tag=runtime:pollbridgeRuntime").getBody());
            assertTrue(completed.get("measurements").get(0).get("value").asDouble() >= 3, completed::toString);
        });
        JsonNode polls = json.readTree(get("/actuator/metrics/pollbridge.worker.polls").getBody());
        List<String> workers = new ArrayList<>();
        polls.get("availableTags").forEach(tag -> {
            if (tag.get("tag").asString().equals("worker")) {
                tag.get("values").forEach(value -> workers.add(value.asString()));
            }
        });
        assertEquals(List.of("0", "1"), workers.stream().sorted().toList());
    }

    @Test
    void thePrometheusScrapeHasThePollTimesAsAHistogramWithTheCommonTags() throws Exception {
        assertEquals(200, get("/greetings/hopper").getStatusCode().value());
        Pattern infBucket = Pattern.compile("(?m)^pollbridge_poll_time_seconds_bucket\\{application=\"shop\","
                + "runtime=\"pollbridgeRuntime\",le=\"\\+Inf\"} (\\S+)$");
        await().atMost(WAIT).untilAsserted(() -> {
            String scrape = get("/actuator/prometheus").getBody();
            assertTrue(scrape.contains("# TYPE pollbridge_poll_time_seconds histogram"), scrape);
            Matcher all = infBucket.matcher(scrape);
            assertTrue(all.find(), scrape);
            assertTrue(Double.parseDouble(all.group(1)) > 0, "timed polls: pollbridge.poll-time-histogram=true");
            assertFalse(scrape.contains("pollbridge_poll_time_buckets"), "no hand-made bucket counters");
        });
    }

    private ResponseEntity<String> get(String path) {
        return client.get().uri(path).exchangeToMono(response -> response.toEntity(String.class)).block(WAIT);
    }
}
