package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The published Javadoc (each module's {@code target/reports/apidocs}, built in the package phase
 * of the modules this one depends on) links out:
 *
 * <ul>
 *   <li>to the Javadoc of every library a module's API names, through the element lists of
 *       javadoc-links/ (the root pom.xml's offlineLinks);
 *   <li>every "rule N" and every {@code docs/page.md} it cites is a link to that page of the docs
 *       site (javadoc-doclet), and every such link names a page and anchor that exist in docs/.
 * </ul>
 *
 * Runs unless the build skips the javadoc ({@code -Dmaven.javadoc.skip}).
 */
class JavadocLinksTest {

    /** The root pom.xml's docs.site.url. */
    private static final String SITE = System.getProperty("docs.site.url", "https://pollbridge.github.io/pollbridge/");
    private static final boolean SKIPPED = Boolean.getBoolean("maven.javadoc.skip");

    /** For each published module, the Javadoc sites its pages must link to (the JDK's for all). */
    private static final Map<String, List<String>> LIBRARIES = new LinkedHashMap<>();

    static {
        String jdk = "https://docs.oracle.com/en/java/javase/17/docs/api/";
        LIBRARIES.put("bridge-api", List.of(jdk));
        LIBRARIES.put("core-runtime", List.of(jdk, "https://javadoc.io/doc/org.reactivestreams/reactive-streams/"));
        LIBRARIES.put("reactor-adapter", List.of(jdk, "https://javadoc.io/doc/io.projectreactor/reactor-core/",
                "https://javadoc.io/doc/org.reactivestreams/reactive-streams/"));
        LIBRARIES.put("rxjava-adapter", List.of(jdk, "https://javadoc.io/doc/io.reactivex.rxjava3/rxjava/"));
        LIBRARIES.put("completablefuture-adapter", List.of(jdk));
        LIBRARIES.put("spring-adapter", List.of(jdk, "https://javadoc.io/doc/org.springframework/spring-core/"));
        LIBRARIES.put("blockhound-integration", List.of(jdk, "https://javadoc.io/doc/io.projectreactor.tools/blockhound/"));
        LIBRARIES.put("context-propagation", List.of(jdk, "https://javadoc.io/doc/io.micrometer/context-propagation/"));
        LIBRARIES.put("micrometer-metrics", List.of(jdk, "https://javadoc.io/doc/io.micrometer/micrometer-core/"));
        LIBRARIES.put("test-kit", List.of(jdk));
        LIBRARIES.put("test-runtime", List.of(jdk, "https://javadoc.io/doc/io.projectreactor/reactor-test/",
                "https://javadoc.io/doc/io.reactivex.rxjava3/rxjava/"));
    }

    private static final Pattern HREF = Pattern.compile("href=\"([^\"]+)\"");
    private static final Pattern LINK_ELEMENT = Pattern.compile("<a\\b[^>]*>.*?</a>", Pattern.DOTALL);
    private static final Pattern UNLINKED = Pattern.compile("docs/[\\w-]+\\.md|\\b[Rr]ules? (\\d{1,2})\\b(?![.,]\\d)");

    @Test
    void everyModuleLinksToTheLibrariesItsApiNames() throws IOException {
        if (SKIPPED) {
            return;
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, List<String>> module : LIBRARIES.entrySet()) {
            Set<String> hrefs = hrefs(apidocs(module.getKey()));
            for (String library : module.getValue()) {
                if (hrefs.stream().noneMatch(href -> href.startsWith(library))) {
                    problems.add(module.getKey() + ": its Javadoc has no link to " + library);
                }
            }
        }
        DocsTest.assertNoProblems(problems);
    }

    @Test
    void rulesAndDocsPagesAreLinksToTheSite() throws IOException {
        if (SKIPPED) {
            return;
        }
        List<String> problems = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        int siteLinks = 0;
        for (Path page : pages()) {
            String html = Files.readString(page, StandardCharsets.UTF_8);
            String body = html.substring(Math.max(0, html.indexOf("<body")));
            String unlinked = LINK_ELEMENT.matcher(body.replaceAll("(?s)<script.*?</script>", "")).replaceAll("");
            Matcher citation = UNLINKED.matcher(unlinked.replaceAll("<[^>]+>", ""));
            while (citation.find()) {
                if (citation.group(1) == null || Integer.parseInt(citation.group(1)) <= 16) {
                    problems.add(DocsTest.ROOT.relativize(page) + ": '" + citation.group() + "' is not a link to the docs site");
                }
            }
            Matcher href = HREF.matcher(html);
            while (href.find()) {
                if (!href.group(1).startsWith(SITE)) {
                    continue;
                }
                siteLinks++;
                String target = href.group(1).substring(SITE.length());
                String[] parts = target.split("#", 2);
                Path doc = DocsTest.ROOT.resolve("docs").resolve(parts[0].replaceAll("\\.html$", ".md"));
                if (!Files.isRegularFile(doc)) {
                    problems.add(DocsTest.ROOT.relativize(page) + ": links to " + href.group(1) + ", but docs/ has no such page");
                } else if (parts.length == 2 && !anchors.computeIfAbsent(doc, DocsTest::anchorsOf).contains(parts[1])) {
                    problems.add(DocsTest.ROOT.relativize(page) + ": links to " + href.group(1) + ", but the page has no such anchor");
                }
            }
        }
        assertFalse(siteLinks == 0, "no Javadoc page links to the docs site");
        DocsTest.assertNoProblems(problems.stream().distinct().collect(Collectors.toList()));
    }

    private static Path apidocs(String module) {
        Path apidocs = DocsTest.ROOT.resolve(module).resolve("target/reports/apidocs");
        if (!Files.isDirectory(apidocs)) {
            throw new AssertionError(apidocs + " does not exist: build the module's javadoc first (mvn package), or"
                    + " skip this test with -Dmaven.javadoc.skip");
        }
        return apidocs;
    }

    /** Every generated page of every published module listed above. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        for (String module : LIBRARIES.keySet()) {
            try (Stream<Path> walk = Files.walk(apidocs(module))) {
                walk.filter(path -> path.toString().endsWith(".html") && !path.toString().contains("/legal/")).forEach(pages::add);
            }
        }
        return pages;
    }

    private static Set<String> hrefs(Path apidocs) throws IOException {
        try (Stream<Path> walk = Files.walk(apidocs)) {
            return walk.filter(path -> path.toString().endsWith(".html"))
                    .flatMap(path -> {
                        try {
                            return HREF.matcher(Files.readString(path, StandardCharsets.UTF_8)).results().map(m -> m.group(1));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .collect(Collectors.toSet());
        }
    }
}
