package dev.pollbridge.spring.boot;

import static dev.pollbridge.spring.boot.RuntimeAutoConfigurationTest.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataProperty;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataRepositoryJsonBuilder;
import org.springframework.boot.convert.DurationStyle;

/**
 * The metadata that spring-boot-configuration-processor generated from {@link PollbridgeProperties}
 * ({@code META-INF/spring-configuration-metadata.json}, what IDEs complete {@code pollbridge.*}
 * from), checked against the code and the docs: every {@link PollRuntimeBuilder} option has a
 * property (or is left to customizers), every property is described, every default is the
 * builder's, and the properties table in docs/spring.md is this metadata.
 */
class ConfigurationMetadataTest {

    private static final Path ROOT = Path.of(System.getProperty("pollbridge.root", "..")).toAbsolutePath().normalize();
    private static final String CHECKED_BY = "<!-- checked-by: spring-boot-starter/src/test/java/dev/pollbridge/spring/boot/ConfigurationMetadataTest.java -->";
    /** Builder options that a property cannot carry: set them with a RuntimeBuilderCustomizer. */
    private static final Set<String> CUSTOMIZER_ONLY = Set.of("clock", "threadFactory", "uncaughtFailureHandler");
    /** Builder options whose property has another name. */
    private static final Map<String, String> RENAMED = Map.of(
            "blockingThreads", "pollbridge.blocking.max-threads",
            "blockingKeepAlive", "pollbridge.blocking.keep-alive");
    /** Properties of the starter itself, not of the builder. */
    private static final Set<String> STARTER_ONLY = Set.of("pollbridge.shutdown.await-termination-period", "pollbridge.warm-up.json");
    private static final Pattern DEFAULT_SENTENCE = Pattern.compile("\\s*Default: ([^.]+)\\.$");

    private static Map<String, ConfigurationMetadataProperty> metadata() throws IOException {
        try (InputStream json = ConfigurationMetadataTest.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertNotNull(json, "the configuration processor wrote no metadata");
            return new TreeMap<>(ConfigurationMetadataRepositoryJsonBuilder.create(json).build().getAllProperties());
        }
    }

    @Test
    void everyBuilderOptionIsAPropertyOrLeftToCustomizers() throws IOException {
        Set<String> properties = metadata().keySet();
        Set<String> expected = new TreeSet<>(STARTER_ONLY);
        for (Method option : PollRuntimeBuilder.class.getMethods()) {
            if (option.getReturnType() == PollRuntimeBuilder.class && !Modifier.isStatic(option.getModifiers())
                    && !CUSTOMIZER_ONLY.contains(option.getName())) {
                expected.add(RENAMED.getOrDefault(option.getName(), "pollbridge." + kebab(option.getName())));
            }
        }
        assertEquals(expected, properties);
    }

    @Test
    void everyPropertyIsDescribedAndItsDefaultIsTheBuilders() throws IOException {
        Map<String, ConfigurationMetadataProperty> metadata = metadata();
        for (ConfigurationMetadataProperty property : metadata.values()) {
            assertTrue(property.getDescription() != null && !property.getDescription().isBlank(), property.getId());
            assertTrue(property.getDefaultValue() != null || DEFAULT_SENTENCE.matcher(property.getDescription()).find(),
                    () -> property.getId() + " has no default, so its description must end with 'Default: ...'");
        }
        PollRuntimeBuilder defaults = PollRuntime.builder();
        PollbridgeProperties properties = new PollbridgeProperties();
        Map<String, Object> builderDefaults = new TreeMap<>(Map.of(
                "pollbridge.thread-name-prefix", field(defaults, "threadNamePrefix"),
                "pollbridge.daemon", field(defaults, "daemon"),
                "pollbridge.slow-poll-threshold", field(defaults, "slowPollThreshold"),
                "pollbridge.stuck-worker-threshold", field(defaults, "stuckWorkerThreshold"),
                "pollbridge.lifo-slot", field(defaults, "lifoSlot"),
                "pollbridge.capture-spawn-sites", field(defaults, "captureSpawnSites"),
                "pollbridge.poll-time-histogram", field(defaults, "pollTimeHistogram"),
                "pollbridge.blocking.max-threads", field(defaults, "blockingThreads"),
                "pollbridge.blocking.keep-alive", field(defaults, "blockingKeepAlive")));
        Map<String, Object> propertyDefaults = new TreeMap<>(Map.of(
                "pollbridge.thread-name-prefix", properties.getThreadNamePrefix(),
                "pollbridge.daemon", properties.isDaemon(),
                "pollbridge.slow-poll-threshold", properties.getSlowPollThreshold(),
                "pollbridge.stuck-worker-threshold", properties.getStuckWorkerThreshold(),
                "pollbridge.lifo-slot", properties.isLifoSlot(),
                "pollbridge.capture-spawn-sites", properties.isCaptureSpawnSites(),
                "pollbridge.poll-time-histogram", properties.isPollTimeHistogram(),
                "pollbridge.blocking.max-threads", properties.getBlocking().getMaxThreads(),
                "pollbridge.blocking.keep-alive", properties.getBlocking().getKeepAlive()));
        assertEquals(builderDefaults, propertyDefaults, "PollbridgeProperties' defaults are PollRuntimeBuilder's");
        Map<String, Object> metadataDefaults = new TreeMap<>();
        for (String name : builderDefaults.keySet()) {
            ConfigurationMetadataProperty property = metadata.get(name);
            Object value = property.getDefaultValue();
            metadataDefaults.put(name, property.getType().equals("java.time.Duration") ? DurationStyle.detectAndParse(value.toString()) : value);
        }
        assertEquals(builderDefaults, metadataDefaults, "the metadata's defaults are PollRuntimeBuilder's");
        // Left to the builder: no default in the metadata, the builder's in the description.
        assertEquals(null, properties.getWorkers());
        assertEquals(null, properties.getGlobalQueueInterval());
    }

    @Test
    void thePropertiesTableInTheSpringPageIsTheMetadata() throws IOException {
        List<String> expected = new ArrayList<>(List.of("| property | default | what it sets |", "|---|---|---|"));
        for (ConfigurationMetadataProperty property : metadata().values()) {
            String description = property.getDescription();
            String defaultValue;
            Matcher sentence = DEFAULT_SENTENCE.matcher(description);
            if (property.getDefaultValue() != null) {
                defaultValue = "`" + property.getDefaultValue() + "`";
            } else if (sentence.find()) {
                defaultValue = sentence.group(1);
                description = description.substring(0, sentence.start());
            } else {
                defaultValue = "";
            }
            expected.add("| `" + property.getId() + "` | " + defaultValue + " | " + description.replace("|", "\\|") + " |");
        }
        List<String> lines = Files.readAllLines(ROOT.resolve("docs/spring.md"));
        int marker = lines.indexOf(CHECKED_BY);
        if (marker < 0) {
            fail("docs/spring.md has no line " + CHECKED_BY);
        }
        List<String> table = new ArrayList<>();
        for (int i = marker + 1; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            table.add(lines.get(i));
        }
        assertEquals(String.join("\n", expected), String.join("\n", table),
                "docs/spring.md's properties table, below the checked-by marker, must be this (paste it)");
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
