package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Nothing a user needs is out of reach: every page of docs/ can be reached from docs/index.md by
 * following links, every artifact the BOM publishes is named in README.md, docs/index.md and
 * docs/getting-started.md, whose table gives each one's JPMS module as its module-info declares it,
 * and docs/architecture.md has a row for every module of the build.
 */
class DocsCoverageTest {

    private static final Path INDEX = DocsTest.ROOT.resolve("docs/index.md");
    private static final List<String> MODULE_LISTS = List.of("README.md", "docs/index.md", "docs/getting-started.md");

    @Test
    void everyPageIsReachableFromTheIndex() {
        Set<Path> reached = new LinkedHashSet<>();
        Deque<Path> toVisit = new ArrayDeque<>(List.of(INDEX));
        while (!toVisit.isEmpty()) {
            Path page = toVisit.poll();
            if (!reached.add(page)) {
                continue;
            }
            Markdown doc = Markdown.read(page);
            for (String line : doc.prose()) {
                Matcher link = DocsTest.LINK.matcher(line);
                while (link.find()) {
                    String target = link.group(2).replaceAll("#.*", "");
                    if (target.isEmpty() || target.matches("^[a-z]+:.*")) {
                        continue;
                    }
                    Path resolved = page.getParent().resolve(target).normalize();
                    if (DocsTest.pages().contains(resolved)) {
                        toVisit.add(resolved);
                    }
                }
            }
        }
        List<String> unreached = DocsTest.pages().stream()
                .filter(page -> !reached.contains(page))
                .map(page -> DocsTest.ROOT.relativize(page) + " is linked from no page reachable from docs/index.md")
                .toList();
        DocsTest.assertNoProblems(unreached);
    }

    @Test
    void everyPublishedArtifactIsNamedInTheReadmeTheIndexAndGettingStarted() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String list : MODULE_LISTS) {
            String text = Files.readString(DocsTest.ROOT.resolve(list));
            for (String artifact : DocsTest.publishedArtifacts()) {
                if (!text.contains("`" + artifact + "`")) {
                    problems.add(list + " does not name `" + artifact + "`, which the BOM publishes");
                }
            }
        }
        DocsTest.assertNoProblems(problems);
    }

    /** architecture.md's module table has a row for every module of the reactor. */
    @Test
    void architectureNamesEveryModuleOfTheBuild() throws IOException {
        String architecture = Files.readString(DocsTest.ROOT.resolve("docs/architecture.md"));
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(DocsTest.ROOT.resolve("pom.xml")));
        List<String> problems = new ArrayList<>();
        while (module.find()) {
            if (!architecture.contains("| `" + module.group(1) + "` |")) {
                problems.add("docs/architecture.md has no row for the module `" + module.group(1) + "` of the root pom.xml");
            }
        }
        DocsTest.assertNoProblems(problems);
    }

    /** The module column of getting-started's artifact table is each jar's module-info. */
    @Test
    void gettingStartedGivesEachArtifactsModuleName() throws IOException {
        Map<String, String> declared = declaredModules();
        Markdown page = Markdown.read(DocsTest.ROOT.resolve("docs/getting-started.md"));
        Pattern row = Pattern.compile("^\\| `(pollbridge-[\\w-]+)`[^|]*\\|[^|]*\\| (?:`([\\w.]+)`)? *\\|");
        Map<String, String> documented = new LinkedHashMap<>();
        for (String line : page.lines) {
            Matcher matcher = row.matcher(line);
            if (matcher.find()) {
                documented.put(matcher.group(1), matcher.group(2));
            }
        }
        Map<String, String> published = new LinkedHashMap<>();
        for (String artifact : DocsTest.publishedArtifacts()) {
            published.put(artifact, declared.get(artifact)); // null for the BOM: no jar, no module
        }
        assertEquals(published, documented,
                "docs/getting-started.md's table: one row per published artifact, with its module-info's module");
    }

    /** Artifact id to JPMS module name, for every module directory with a module-info.java. */
    private static Map<String, String> declaredModules() throws IOException {
        Pattern artifactId = Pattern.compile("</parent>.*?<artifactId>([^<]+)</artifactId>", Pattern.DOTALL);
        Pattern module = Pattern.compile("(?m)^(?:open )?module ([\\w.]+)");
        Map<String, String> modules = new LinkedHashMap<>();
        try (Stream<Path> dirs = Files.list(DocsTest.ROOT)) {
            for (Path dir : (Iterable<Path>) dirs::iterator) {
                Path info = dir.resolve("src/main/java/module-info.java");
                if (!Files.isRegularFile(info) || !Files.isRegularFile(dir.resolve("pom.xml"))) {
                    continue;
                }
                Matcher id = artifactId.matcher(Files.readString(dir.resolve("pom.xml")));
                Matcher name = module.matcher(Files.readString(info));
                if (id.find() && name.find()) {
                    modules.put(id.group(1), name.group(1));
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return modules;
    }
}
