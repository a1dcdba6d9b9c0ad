package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.time.Clock;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The defaults the docs state are the code's (issue: getting-started once said the workers were
 * not daemon threads while {@link PollRuntimeBuilder} made daemon threads).
 *
 * <ul>
 *   <li>The builder table of docs/runtime.md (marked {@code checked-by} this class) has one row per
 *       {@link PollRuntimeBuilder} setting, and its default column is what a new builder holds.
 *   <li>A runtime from {@link PollRuntime#create()} really has those defaults where a user sees them:
 *       daemon workers, named by the prefix, one per processor.
 *   <li>Where any page restates a default or a bound in prose (see {@link #facts()}), it states the
 *       code's value.
 * </ul>
 */
class DefaultsTest {

    private static final Pattern SETTING = Pattern.compile("^`(\\w+)\\(");

    @Test
    void theBuilderTableOfRuntimeMdIsTheBuilders() throws ReflectiveOperationException {
        Map<String, String> documented = builderTable();
        Set<String> settings = new TreeSet<>();
        for (Method method : PollRuntimeBuilder.class.getDeclaredMethods()) {
            if (Modifier.isPublic(method.getModifiers()) && method.getReturnType() == PollRuntimeBuilder.class) {
                settings.add(method.getName());
            }
        }
        assertEquals(settings, new TreeSet<>(documented.keySet()),
                "docs/runtime.md's builder table has one row per PollRuntimeBuilder setting");
        PollRuntimeBuilder builder = PollRuntime.builder();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> row : documented.entrySet()) {
            if (row.getKey().equals("uncaughtFailureHandler")) {
                continue; // a method reference; what it does (log at ERROR) is the runtime's own tests' to check
            }
            Field field = PollRuntimeBuilder.class.getDeclaredField(row.getKey());
            field.setAccessible(true); // the builder's own state: the tests run on the class path
            String expected = asDocumented(row.getKey(), field.get(builder));
            if (!row.getValue().equals(expected)) {
                problems.add("docs/runtime.md: the default of " + row.getKey() + "(...) is " + expected
                        + ", the table says " + row.getValue());
            }
        }
        DocsTest.assertNoProblems(problems);
    }

    @Test
    void aDefaultRuntimeHasTheDocumentedThreads() {
        try (PollRuntime runtime = PollRuntime.create()) {
            Thread worker = runtime.blockOn(runtime.spawn(Futures.lazy(Thread::currentThread)));
            assertEquals("`" + worker.isDaemon() + "`", builderTable().get("daemon"),
                    "docs/runtime.md: whether a default runtime's workers are daemon threads");
            assertTrue(worker.getName().startsWith(builderTable().get("threadNamePrefix").replace("`", "")),
                    worker.getName());
            assertEquals(java.lang.Runtime.getRuntime().availableProcessors(), runtime.metrics().perWorker().size());
        }
    }

    @Test
    void proseStatesTheCodesDefaults() {
        List<String> problems = new ArrayList<>();
        Map<Pattern, Supplier<String>> facts = facts();
        for (Markdown doc : DocsTest.docs()) {
            List<String> prose = proseWithCode(doc);
            for (int i = 0; i < prose.size(); i++) {
                for (Map.Entry<Pattern, Supplier<String>> fact : facts.entrySet()) {
                    Matcher matcher = fact.getKey().matcher(prose.get(i));
                    while (matcher.find()) {
                        String expected = fact.getValue().get();
                        String stated = matcher.group();
                        for (int group = 1; group <= matcher.groupCount(); group++) {
                            stated = matcher.group(group) != null ? matcher.group(group) : stated;
                        }
                        if (!stated.equals(expected)) {
                            problems.add(doc.path + ":" + (i + 1) + ": '" + matcher.group() + "' but the code's value is "
                                    + expected);
                        }
                    }
                }
            }
        }
        DocsTest.assertNoProblems(problems);
    }

    /**
     * Phrases that restate a default, each with the code's value its group must equal. A phrase
     * that must never appear (it contradicts the code) has no group and an impossible value.
     */
    private static Map<Pattern, Supplier<String>> facts() {
        PollRuntimeBuilder builder = PollRuntime.builder();
        Map<Pattern, Supplier<String>> facts = new LinkedHashMap<>();
        boolean daemon = (boolean) field(builder, "daemon");
        facts.put(Pattern.compile(daemon ? "(?i)\\b(?:threads|they) are not daemon|\\bnot daemon threads"
                        : "(?i)\\bdaemon threads by default"),
                () -> "(a runtime's threads are " + (daemon ? "" : "not ") + "daemon threads by default)");
        facts.put(Pattern.compile("threshold \\((\\d+ ms) by default\\)"),
                () -> millis((Duration) field(builder, "slowPollThreshold")));
        facts.put(Pattern.compile("`?stuckWorkerThreshold`? \\(default (\\d+ m?s)"),
                () -> millis((Duration) field(builder, "stuckWorkerThreshold")));
        facts.put(Pattern.compile("`?blockingThreads`? \\((\\d+) by default\\)"),
                () -> String.valueOf(field(builder, "blockingThreads")));
        facts.put(Pattern.compile("prefetch[^(]{0,12}\\(default \\**(\\d+)"),
                () -> String.valueOf(ReactiveStreamsBridge.DEFAULT_PREFETCH));
        facts.put(Pattern.compile("at most (\\d+) daemon platform threads|(\\d+) running bodies"),
                DefaultsTest::asyncPlatformThreads);
        return facts;
    }

    /** The bound of the Async pool on Java 17 (an internal constant: the tests run on the class path). */
    private static String asyncPlatformThreads() {
        try {
            return String.valueOf(Class.forName("dev.pollbridge.runtime.internal.async.BodyLaunchers")
                    .getField("DEFAULT_MAX_THREADS").getInt(null));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The setting name and default column of docs/runtime.md's table marked checked-by this class. */
    private static Map<String, String> builderTable() {
        Markdown runtime = Markdown.read(DocsTest.ROOT.resolve("docs/runtime.md"));
        Markdown.Table table = runtime.markedTables().stream()
                .filter(t -> t.marker().kind().equals("checked-by") && t.marker().argument().endsWith("/DefaultsTest.java"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("docs/runtime.md has no table marked <!-- checked-by: "
                        + "examples/src/test/java/dev/pollbridge/docs/DefaultsTest.java -->"));
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : table.lines().subList(2, table.lines().size())) {
            String[] cells = line.split("\\|");
            Matcher setting = SETTING.matcher(cells[1].strip());
            if (!setting.find()) {
                throw new AssertionError(table.location() + ": no `setting(...)` in " + line);
            }
            rows.put(setting.group(1), cells[2].strip());
        }
        return rows;
    }

    /** How the table writes a builder field's default value. */
    private static String asDocumented(String setting, Object value) {
        return switch (setting) {
            case "workers" -> value.equals(java.lang.Runtime.getRuntime().availableProcessors()) ? "processors" : value.toString();
            case "threadFactory" -> value == null ? "none" : value.toString();
            case "clock" -> value == Clock.system() ? "`Clock.system()`" : value.toString();
            case "globalQueueInterval" -> value.equals(0) ? "tuned" : value.toString();
            default -> value instanceof Boolean || value instanceof String ? "`" + value + "`"
                    : value instanceof Duration duration ? millis(duration)
                    : String.valueOf(value);
        };
    }

    private static String millis(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static Object field(Object target, String name) {
        try {
            Field field = target.getClass().getDeclaredField(name);
            field.setAccessible(true);
            return field.get(target);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The text outside fenced blocks, inline code included (defaults are often written as code). */
    private static List<String> proseWithCode(Markdown doc) {
        List<String> blanked = doc.prose();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < blanked.size(); i++) {
            lines.add(blanked.get(i).isEmpty() ? "" : doc.lines.get(i));
        }
        return lines;
    }
}
