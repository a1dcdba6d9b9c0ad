package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the Markdown docs from rotting (CONTRIBUTING.md, "Docs that cannot rot"):
 *
 * <ul>
 *   <li>every {@code java} block, and every block in another compiled language, is a copy of a
 *       tagged region of a compiled source, named by a {@code <!-- snippet: path#tag -->} marker
 *       on the line above it, or of a whole file, named by {@code <!-- file: path -->};
 *   <li>every {@code xml} block is such a snippet or file, or a {@code <!-- maven: ... -->} block;
 *       the Pollbridge coordinates in any of them, and the {@code dev.pollbridge:artifact:version}
 *       coordinates in any block (Gradle), are ones the BOM publishes, in the current version;
 *   <li>a block or table marked {@code <!-- generated: command -->} equals the command's output;
 *   <li>every relative link and anchor resolves, every "rule N" of the pull model links to its
 *       rule in concepts.md, and every {@code docs/page.md#anchor} that Java code cites (the
 *       slow-poll log message, Javadoc) exists.
 * </ul>
 *
 * Run with {@code -Ddocs.update=true} to rewrite snippets and generated tables from their sources
 * instead of failing; review the diff before committing.
 */
class DocsTest {

    static final Path ROOT = Path.of(System.getProperty("pollbridge.root", "..")).toAbsolutePath().normalize();
    static final boolean UPDATE = Boolean.getBoolean("docs.update");

    /** The markers these checks know; any other marker above a block or table is a typo. */
    private static final Set<String> MARKERS = Set.of("snippet", "file", "maven", "not-compiled", "output", "generated", "checked-by");

    /** Languages a block may show without a source to copy from (commands, output, diagrams). */
    private static final Set<String> TEXT_LANGUAGES = Set.of("", "sh", "bash", "shell", "console", "text", "mermaid");

    static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
    private static final Pattern ANCHOR_TAG = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    /** A pull-model rule (not a Reactive Streams rule such as 2.13). */
    private static final Pattern RULE = Pattern.compile("\\b([Rr]ules?) (\\d+)\\b(?![.,]\\d)");

    /**
     * The Markdown files checked: those at the root (README, CONTRIBUTING), every page of docs/
     * (subdirectories included), and the benchmarks' README.
     */
    static List<Markdown> docs() {
        List<Path> files = new ArrayList<>(pages());
        try (Stream<Path> list = Files.list(ROOT)) {
            list.filter(path -> path.toString().endsWith(".md")).forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        files.add(ROOT.resolve("benchmarks/README.md"));
        return files.stream().sorted().map(Markdown::read).collect(Collectors.toList());
    }

    /** The pages of docs/, subdirectories included (not hidden ones: the site's tooling). */
    static List<Path> pages() {
        Path docs = ROOT.resolve("docs");
        try (Stream<Path> walk = Files.walk(docs)) {
            return walk.filter(path -> path.toString().endsWith(".md"))
                    .filter(path -> !docs.relativize(path).toString().startsWith("."))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyCodeBlockInACompiledLanguageComesFromASource() {
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            for (Markdown.Block block : doc.blocks()) {
                String kind = block.marker() == null ? null : block.marker().kind();
                String language = block.language();
                boolean copied = "snippet".equals(kind) || "file".equals(kind);
                boolean ok = switch (language) {
                    case "java" -> copied;
                    case "xml" -> copied || "maven".equals(kind);
                    default -> TEXT_LANGUAGES.contains(language) || copied || "not-compiled".equals(kind);
                };
                if (kind != null && !MARKERS.contains(kind)) {
                    problems.add(block.location() + ": unknown marker '" + kind + "', expected one of " + MARKERS);
                } else if (!ok) {
                    problems.add(block.location() + ": a ```" + language + " block needs a marker on the line above,"
                            + " e.g. <!-- snippet: examples/src/test/java/dev/pollbridge/docs/RuntimeDocTest.java#create -->"
                            + " (see CONTRIBUTING.md)");
                }
            }
        }
        assertNoProblems(problems);
    }

    @Test
    void everySnippetEqualsItsTaggedRegion() {
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            boolean changed = false;
            List<Markdown.Block> blocks = doc.blocks();
            for (int i = blocks.size() - 1; i >= 0; i--) { // bottom up: replacing keeps earlier line numbers
                Markdown.Block block = blocks.get(i);
                String kind = block.marker() == null ? "" : block.marker().kind();
                if (!kind.equals("snippet") && !kind.equals("file")) {
                    continue;
                }
                String target = block.marker().argument();
                int hash = target.indexOf('#');
                if (kind.equals("snippet") == hash < 0) {
                    problems.add(block.location() + ": " + kind + " marker '" + target + "' needs "
                            + (kind.equals("snippet") ? "path#tag" : "a path without #"));
                    continue;
                }
                Path source = ROOT.resolve(hash < 0 ? target : target.substring(0, hash));
                if (!Files.isRegularFile(source)) {
                    problems.add(block.location() + ": " + kind + " source " + source + " does not exist");
                    continue;
                }
                List<String> expected;
                try {
                    expected = hash < 0 ? wholeFile(source) : TaggedRegion.extract(source, target.substring(hash + 1));
                } catch (AssertionError missing) {
                    problems.add(block.location() + ": " + missing.getMessage());
                    continue;
                }
                List<String> actual = hash < 0 ? block.content() : TaggedRegion.dedent(block.content());
                if (!expected.equals(actual)) {
                    if (UPDATE) {
                        doc.replace(block.open() + 1, block.close() - 1,
                                expected.stream().map(line -> line.isEmpty() ? "" : block.indent() + line).toList());
                        changed = true;
                    } else {
                        problems.add(block.location() + ": differs from " + target + "\n" + firstDifference(expected, actual));
                    }
                }
            }
            if (changed) {
                doc.write();
            }
        }
        assertNoProblems(problems);
    }

    /** The current version, as the BOM declares it. */
    static String currentVersion() throws IOException {
        return firstMatch(Files.readString(ROOT.resolve("bom/pom.xml")), "<version>([^<]+)</version>");
    }

    /** The artifacts users can depend on: the BOM, and every artifact it manages. */
    static Set<String> publishedArtifacts() throws IOException {
        String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
        Set<String> published = new LinkedHashSet<>();
        published.add("pollbridge-bom");
        Matcher managed = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(
                bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>")));
        while (managed.find()) {
            published.add(managed.group(1));
        }
        return published;
    }

    @Test
    void mavenBlocksNamePublishedArtifactsInTheCurrentVersion() throws IOException {
        String version = currentVersion();
        Set<String> published = publishedArtifacts();
        List<String> problems = new ArrayList<>();
        Pattern gradle = Pattern.compile("\"dev\\.pollbridge:([\\w.-]+)(?::([^\"]+))?\"");
        for (Markdown doc : docs()) {
            for (Markdown.Block block : doc.blocks()) {
                Matcher coordinates = gradle.matcher(String.join("\n", block.content()));
                while (coordinates.find()) {
                    if (!published.contains(coordinates.group(1))) {
                        problems.add(block.location() + ": dev.pollbridge:" + coordinates.group(1)
                                + " is not an artifact the BOM publishes " + published);
                    }
                    if (coordinates.group(2) != null && !coordinates.group(2).equals(version)) {
                        problems.add(block.location() + ": version " + coordinates.group(2) + " is not the current " + version);
                    }
                }
                boolean pom = block.language().equals("xml") && block.marker() != null
                        && block.marker().kind().equals("file");
                if (block.marker() == null || !(block.marker().kind().equals("maven") || pom)) {
                    continue;
                }
                String xml = String.join("\n", block.content());
                Matcher dependency = Pattern.compile("<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>"
                        + "(?:\\s*<version>([^<]+)</version>)?").matcher(xml);
                int found = 0;
                while (dependency.find()) {
                    found++;
                    if (!dependency.group(1).equals("dev.pollbridge")) {
                        continue;
                    }
                    if (!published.contains(dependency.group(2))) {
                        problems.add(block.location() + ": dev.pollbridge:" + dependency.group(2)
                                + " is not an artifact the BOM publishes " + published);
                    }
                    if (dependency.group(3) != null && !dependency.group(3).equals(version)) {
                        problems.add(block.location() + ": version " + dependency.group(3) + " is not the current " + version);
                    }
                }
                if (found == 0) {
                    problems.add(block.location() + ": a maven block names no groupId/artifactId");
                }
            }
        }
        assertNoProblems(problems);
    }

    @Test
    void generatedTablesAndBlocksEqualTheirGeneratorsOutput() throws Exception {
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            boolean changed = false;
            List<Markdown.Table> tables = doc.markedTables();
            for (int i = tables.size() - 1; i >= 0; i--) {
                Markdown.Table table = tables.get(i);
                if (!table.marker().kind().equals("generated")) {
                    continue;
                }
                List<String> expected = run(table.marker().argument());
                if (!expected.equals(table.lines())) {
                    if (UPDATE) {
                        doc.replace(table.first(), table.last(), expected);
                        changed = true;
                    } else {
                        problems.add(table.location() + ": differs from the output of `" + table.marker().argument()
                                + "`\n" + firstDifference(expected, table.lines()));
                    }
                }
            }
            if (changed) {
                doc.write();
            }
        }
        assertNoProblems(problems);
    }

    /**
     * A {@code generated} or {@code checked-by} marker sits right above its table or block: one
     * followed by anything else would be skipped by the checks above, and its numbers never checked.
     */
    @Test
    void everyTableMarkerHasItsTableOrBlockRightBelow() {
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            for (int i = 0; i + 1 < doc.lines.size(); i++) {
                Markdown.Marker marker = doc.markerAt(i);
                if (marker == null || !(marker.kind().equals("generated") || marker.kind().equals("checked-by"))) {
                    continue;
                }
                String next = doc.lines.get(i + 1).strip();
                if (!next.startsWith("|") && !next.startsWith("```")) {
                    problems.add(doc.path + ":" + (i + 1) + ": a " + marker.kind()
                            + " marker with no table or block right below it (put a line `| |` there and run with"
                            + " -Ddocs.update=true to generate it)");
                }
            }
        }
        assertNoProblems(problems);
    }

    @Test
    void checkedByMarkersNameAnExistingChecker() {
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            for (Markdown.Table table : doc.markedTables()) {
                if (table.marker().kind().equals("checked-by")
                        && !Files.isRegularFile(ROOT.resolve(table.marker().argument()))) {
                    problems.add(table.location() + ": checker " + table.marker().argument() + " does not exist");
                }
            }
            for (Markdown.Block block : doc.blocks()) {
                if (block.marker() != null && block.marker().kind().equals("checked-by")
                        && !Files.isRegularFile(ROOT.resolve(block.marker().argument()))) {
                    problems.add(block.location() + ": checker " + block.marker().argument() + " does not exist");
                }
            }
        }
        assertNoProblems(problems);
    }

    /** The version tables (README.md, docs/compatibility.md) name the versions the root POM pins. */
    @Test
    void versionTablesNameThePinnedVersions() throws IOException {
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        Map<String, String> pinned = Map.of(
                "Reactor", firstMatch(pom, "<reactor.version>([^<]+)<"),
                "RxJava", firstMatch(pom, "<rxjava.version>([^<]+)<"),
                "Reactive Streams", firstMatch(pom, "<reactive-streams.version>([^<]+)<"),
                "Java", firstMatch(pom, "<maven.compiler.release>([^<]+)<"));
        List<String> problems = new ArrayList<>();
        int tables = 0;
        for (Markdown doc : docs()) {
            for (Markdown.Table table : doc.markedTables()) {
                if (!table.marker().kind().equals("checked-by")
                        || !table.marker().argument().endsWith("/DocsTest.java")) {
                    continue;
                }
                tables++;
                pinned.forEach((library, version) -> {
                    boolean listed = table.lines().stream().map(row -> row.split("\\|"))
                            .anyMatch(cells -> cells.length > 2 && cells[1].strip().startsWith(library)
                                    && cells[2].strip().startsWith(version));
                    if (!listed) {
                        problems.add(table.location() + ": no row for " + library + " " + version
                                + " (the version the root pom.xml pins)");
                    }
                });
            }
        }
        assertEquals(2, tables, "README.md and docs/compatibility.md each have a version table marked checked-by DocsTest");
        assertNoProblems(problems);
    }

    /**
     * docs/compatibility.md also names the Spring, Spring Boot and Micrometer versions the root POM
     * pins, and the Reactor and Micrometer versions that Spring Boot's BOM manages, on which the
     * starter's tests run (spring-boot-starter/pom.xml).
     */
    @Test
    void theCompatibilityTableNamesTheSpringAndMicrometerVersions() throws IOException {
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        String starter = Files.readString(ROOT.resolve("spring-boot-starter/pom.xml"));
        Map<String, String> pinned = Map.of(
                "Spring Framework", firstMatch(pom, "<spring.version>([^<]+)<"),
                "Spring Boot", firstMatch(pom, "<spring-boot.version>([^<]+)<"),
                "Micrometer (", firstMatch(pom, "<micrometer.version>([^<]+)<"),
                "Reactor in a Spring Boot application", firstMatch(starter, "<spring-boot.reactor.version>([^<]+)<"),
                "Micrometer in a Spring Boot application", firstMatch(starter, "<spring-boot.micrometer.version>([^<]+)<"));
        Markdown.Table table = Markdown.read(ROOT.resolve("docs/compatibility.md")).markedTables().stream()
                .filter(marked -> marked.marker().argument().endsWith("/DocsTest.java"))
                .findFirst().orElseThrow();
        List<String> problems = new ArrayList<>();
        pinned.forEach((library, version) -> {
            boolean listed = table.lines().stream().map(row -> row.split("\\|"))
                    .anyMatch(cells -> cells.length > 2 && cells[1].strip().startsWith(library)
                            && cells[2].strip().startsWith(version));
            if (!listed) {
                problems.add(table.location() + ": no row for " + library + " " + version);
            }
        });
        assertNoProblems(problems);
    }

    /** The slow-poll warning quoted in faq.md is the line the runtime logs, word for word. */
    @Test
    void theSlowPollWarningInTheFaqIsTheOneTheRuntimeLogs() throws ReflectiveOperationException {
        Method message = Class.forName("dev.pollbridge.runtime.internal.scheduler.SlowPollReporter")
                .getDeclaredMethod("message", String.class, long.class, long.class, String.class, boolean.class);
        message.setAccessible(true); // package-private: the tests run on the class path
        String logged = (String) message.invoke(null, "task-7 (com.example.Fetch)", 250_000_000L, 100_000_000L,
                "app-worker-0", true); // a default runtime's watchdog timed it
        Markdown faq = Markdown.read(ROOT.resolve("docs/faq.md"));
        List<String> quoted = faq.blocks().stream()
                .filter(block -> block.marker() != null && block.marker().kind().equals("checked-by"))
                .map(block -> String.join("\n", block.content()))
                .toList();
        assertEquals(List.of("WARNING: " + logged), quoted);
    }

    @Test
    void relativeLinksAndAnchorsResolve() {
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            List<String> prose = doc.prose();
            for (int i = 0; i < prose.size(); i++) {
                Matcher link = LINK.matcher(prose.get(i));
                while (link.find()) {
                    String target = link.group(2);
                    if (target.matches("^[a-z]+:.*")) {
                        continue; // https:, mailto:
                    }
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    Path resolved = file.isEmpty() ? doc.path : doc.path.getParent().resolve(file).normalize();
                    if (!Files.exists(resolved)) {
                        problems.add(doc.path + ":" + (i + 1) + ": link target " + target + " does not exist");
                        continue;
                    }
                    if (hash >= 0) {
                        String anchor = target.substring(hash + 1);
                        Set<String> known = anchors.computeIfAbsent(resolved, DocsTest::anchorsOf);
                        if (!known.contains(anchor)) {
                            problems.add(doc.path + ":" + (i + 1) + ": no anchor #" + anchor + " in " + resolved);
                        }
                    }
                }
            }
        }
        assertNoProblems(problems);
    }

    @Test
    void everyDocCitedInJavaSourcesExists() throws IOException {
        Pattern cited = Pattern.compile("docs/([\\w-]+\\.md)(?:#([\\w-]+))?");
        List<String> problems = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path main : (Iterable<Path>) modules.map(module -> module.resolve("src/main/java"))::iterator) {
                if (Files.isDirectory(main)) {
                    try (Stream<Path> files = Files.walk(main)) {
                        files.filter(path -> path.toString().endsWith(".java")).forEach(sources::add);
                    }
                }
            }
        }
        for (Path source : sources) {
            Matcher citation = cited.matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (citation.find()) {
                Path doc = ROOT.resolve("docs").resolve(citation.group(1));
                if (!Files.exists(doc)) {
                    problems.add(source + ": cites " + citation.group() + ", which does not exist");
                } else if (citation.group(2) != null && !anchorsOf(doc).contains(citation.group(2))) {
                    problems.add(source + ": cites " + citation.group() + ", but the page has no such anchor");
                }
            }
        }
        assertNoProblems(problems);
    }

    @Test
    void everyRuleOfThePullModelIsALinkToConcepts() {
        List<String> problems = new ArrayList<>();
        for (Markdown doc : docs()) {
            String toConcepts = doc.path.getFileName().toString().equals("concepts.md") ? ""
                    : doc.path.getParent().relativize(ROOT.resolve("docs/concepts.md")).toString();
            List<String> prose = doc.prose();
            for (int i = 0; i < prose.size(); i++) {
                String line = prose.get(i);
                Matcher rule = RULE.matcher(line);
                while (rule.find()) {
                    String number = rule.group(2);
                    String wanted = "[rule " + number + "](" + toConcepts + "#rule-" + number + ")";
                    String written = "[" + rule.group(1) + " " + number + "](" + toConcepts + "#rule-" + number + ")";
                    boolean linked = !rule.group(1).endsWith("s") && rule.start() > 0
                            && line.startsWith(written, rule.start() - 1);
                    int n = Integer.parseInt(number);
                    if (n < 1 || n > 16) {
                        problems.add(doc.path + ":" + (i + 1) + ": there is no rule " + number + " (concepts.md has 1 to 16)");
                    } else if (!linked) {
                        problems.add(doc.path + ":" + (i + 1) + ": write " + wanted + " (one link per rule)");
                    }
                }
            }
        }
        assertNoProblems(problems);
    }

    /** GitHub's anchors: one per heading (lower case, punctuation dropped, spaces to dashes) and per {@code <a id>}. */
    static Set<String> anchorsOf(Path file) {
        Set<String> anchors = new LinkedHashSet<>();
        if (!file.toString().endsWith(".md")) {
            return anchors;
        }
        Markdown doc = Markdown.read(file);
        Map<String, Integer> seen = new HashMap<>();
        List<String> prose = doc.prose();
        for (int i = 0; i < prose.size(); i++) {
            Matcher anchorTag = ANCHOR_TAG.matcher(doc.lines.get(i));
            while (anchorTag.find()) {
                anchors.add(anchorTag.group(1));
            }
            Matcher heading = HEADING.matcher(prose.get(i).isEmpty() ? "" : doc.lines.get(i));
            if (heading.matches()) {
                String slug = heading.group(1).toLowerCase(java.util.Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-');
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
        }
        return anchors;
    }

    /**
     * Runs {@code command} (split on spaces, no shell) in the repository root; its stdout lines. A
     * leading {@code java} is the JDK running this test, so the check needs nothing else installed.
     */
    static List<String> run(String command) throws IOException, InterruptedException {
        List<String> words = new ArrayList<>(Arrays.asList(command.split("\\s+")));
        if (words.get(0).equals("java")) {
            words.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        }
        Process process = new ProcessBuilder(words)
                .directory(ROOT.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            fail("`" + command + "` failed");
        }
        return output.lines().map(String::stripTrailing).collect(Collectors.toList());
    }

    /** A whole file's lines, for a {@code file} marker. */
    static List<String> wholeFile(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String firstDifference(List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            String want = i < expected.size() ? expected.get(i) : "(nothing)";
            String got = i < actual.size() ? actual.get(i) : "(nothing)";
            if (!want.equals(got)) {
                return "  line " + (i + 1) + " of the block\n  source: " + want + "\n  doc:    " + got
                        + "\n  (run the docs tests with -Ddocs.update=true to copy the source into the doc)";
            }
        }
        return "";
    }

    private static String firstMatch(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        if (!matcher.find()) {
            throw new AssertionError("no " + regex);
        }
        return matcher.group(1);
    }

    static void assertNoProblems(List<String> problems) {
        if (!problems.isEmpty()) {
            fail(problems.size() + " problem(s) in the docs:\n" + String.join("\n", problems));
        }
    }
}
