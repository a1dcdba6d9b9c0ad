package dev.pollbridge.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.tck.IdentityProcessorVerification;
import org.reactivestreams.tck.PublisherVerification;
import org.reactivestreams.tck.SubscriberBlackboxVerification;
import org.reactivestreams.tck.SubscriberWhiteboxVerification;

/**
 * Keeps the TCK tables of docs/reactive-streams.md true. Runs in the {@code integration-test}
 * phase, after Surefire ran the TCK: the tables marked
 * {@code <!-- checked-by: tck-tests/src/test/java/dev/pollbridge/tck/TckTableIT.java -->} must list
 * exactly the TCK verification classes of this module, and the results table must equal the counts
 * in {@code target/surefire-reports}. On a mismatch the failure prints the table to paste.
 */
class TckTableIT {

    private static final Path ROOT = Path.of(System.getProperty("pollbridge.root", "..")).toAbsolutePath().normalize();
    private static final Path DOC = ROOT.resolve("docs/reactive-streams.md");
    private static final Path MODULE = ROOT.resolve("tck-tests");
    private static final String MARKER =
            "<!-- checked-by: tck-tests/src/test/java/dev/pollbridge/tck/TckTableIT.java -->";
    private static final List<Class<?>> TCK_BASES = List.of(PublisherVerification.class,
            SubscriberWhiteboxVerification.class, SubscriberBlackboxVerification.class,
            IdentityProcessorVerification.class);
    private static final Pattern TESTCASE = Pattern.compile(
            "<testcase name=\"([^\"]+)\"[^>]*?(/>|>(.*?)</testcase>)", Pattern.DOTALL);

    private static Set<String> verificationClasses;
    private static List<List<String>> markedTables;

    @BeforeAll
    static void read() throws IOException {
        verificationClasses = findVerificationClasses();
        markedTables = tablesAfterMarker(Files.readAllLines(DOC, StandardCharsets.UTF_8));
        assertEquals(2, markedTables.size(), DOC + " should have two tables marked " + MARKER);
    }

    @Test
    void theClassTableListsEveryVerificationClass() {
        Set<String> listed = markedTables.get(0).stream()
                .skip(2)
                .map(row -> row.split("\\|")[1].strip().replace("`", ""))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(simpleNames(verificationClasses), listed,
                "the first table of " + DOC.getFileName() + " must name every TCK verification class, one per row");
    }

    @Test
    void theResultsTableEqualsTheSurefireReports() throws IOException {
        Path reports = MODULE.resolve("target/surefire-reports");
        assumeFalse(!Files.isDirectory(reports) || verificationClasses.stream()
                        .noneMatch(name -> Files.exists(reports.resolve("TEST-" + name + ".xml"))),
                "the TCK did not run in this build (no surefire reports): nothing to check");
        List<String> expected = resultsTable(reports);
        List<String> actual = markedTables.get(1);
        if (!expected.equals(actual)) {
            fail("The TCK results table in " + DOC + " is out of date. It should read:\n\n"
                    + String.join("\n", expected) + "\n");
        }
    }

    private static List<String> resultsTable(Path reports) throws IOException {
        List<String> table = new ArrayList<>();
        table.add("| class | required pass | required skip | optional pass | optional skip | stochastic pass/skip"
                + " | untested (skipped by the TCK) | failed |");
        table.add("|---|---|---|---|---|---|---|---|");
        int[] total = new int[8];
        for (String name : verificationClasses) {
            Path report = reports.resolve("TEST-" + name + ".xml");
            if (!Files.exists(report)) {
                fail("no Surefire report for " + name + ": run the whole tck-tests module (no -Dtest) before this check,"
                        + " or skip it with -DskipITs");
            }
            int[] counts = count(Files.readString(report, StandardCharsets.UTF_8));
            for (int i = 0; i < counts.length; i++) {
                total[i] += counts[i];
            }
            table.add(row("`" + name.substring(name.lastIndexOf('.') + 1) + "`", counts));
        }
        int tests = 0;
        for (int count : total) {
            tests += count;
        }
        table.add(row("all " + verificationClasses.size() + " classes, " + tests + " tests", total));
        return table;
    }

    /** Counts per column: required pass/skip, optional pass/skip, stochastic pass/skip, untested, failed. */
    private static int[] count(String report) {
        int[] counts = new int[8];
        Matcher testcase = TESTCASE.matcher(report);
        while (testcase.find()) {
            String name = testcase.group(1);
            String body = testcase.group(3) == null ? "" : testcase.group(3);
            boolean failed = body.contains("<failure") || body.contains("<error");
            boolean skipped = body.contains("<skipped");
            if (failed) {
                counts[7]++;
            } else if (name.startsWith("untested_")) {
                counts[6]++;
            } else {
                int column = name.startsWith("required_") ? 0 : name.startsWith("optional_") ? 2
                        : name.startsWith("stochastic_") ? 4 : -1;
                if (column < 0) {
                    fail("a TCK test of unknown kind: " + name);
                }
                counts[column + (skipped ? 1 : 0)]++;
            }
        }
        return counts;
    }

    private static String row(String label, int[] c) {
        return "| " + label + " | " + c[0] + " | " + c[1] + " | " + c[2] + " | " + c[3] + " | " + c[4] + "/" + c[5]
                + " | " + c[6] + " | " + c[7] + " |";
    }

    private static List<List<String>> tablesAfterMarker(List<String> lines) {
        List<List<String>> tables = new ArrayList<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).strip().equals(MARKER)) {
                List<String> table = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                    table.add(lines.get(j));
                }
                tables.add(table);
            }
        }
        return tables;
    }

    /** Concrete classes of this module's test classes that extend a TCK verification, by name. */
    private static Set<String> findVerificationClasses() throws IOException {
        Path classes = MODULE.resolve("target/test-classes");
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                if (name.contains("$")) {
                    continue;
                }
                Class<?> type;
                try {
                    type = Class.forName(name, false, TckTableIT.class.getClassLoader());
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
                if (!Modifier.isAbstract(type.getModifiers()) && TCK_BASES.stream().anyMatch(base -> base.isAssignableFrom(type))) {
                    found.add(name);
                }
            }
        }
        return found;
    }

    private static Set<String> simpleNames(Set<String> names) {
        Map<String, String> simple = new TreeMap<>();
        for (String name : names) {
            simple.put(name.substring(name.lastIndexOf('.') + 1), name);
        }
        return new TreeSet<>(simple.keySet());
    }
}
