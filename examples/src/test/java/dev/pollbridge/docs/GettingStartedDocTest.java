package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

// tag::imports[]
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
// end::imports[]
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/getting-started.md. Its whole files (the project in examples/getting-started/) compile in
 * this module, {@code DocsTest} keeps the page equal to them, and {@code ExamplesOutputTest} runs
 * their mains against the output the page shows; .ci/FreshProject.java builds that project for
 * real, on an empty local repository.
 */
class GettingStartedDocTest {

    @Test
    void theImportsCompile() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            JoinHandle<Integer> task = runtime.spawn(Futures.lazy(() -> 6 * 7));
            PollFuture<Integer> awaited = Async.run(() -> Async.await(task));
            assertEquals(42, runtime.blockOn(awaited));
        }
    }

    @Test
    void timeoutFailsWithTimeoutException() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            CompletionException e = assertThrows(CompletionException.class,
                    () -> runtime.blockOn(runtime.timeout(runtime.sleep(Duration.ofSeconds(5)), Duration.ofMillis(50))));
            assertInstanceOf(TimeoutException.class, e.getCause());
        }
    }

    /** The fresh project pins the plugin versions the build itself uses, so both move together. */
    @Test
    void theProjectPinsThePluginVersionsOfTheBuild() throws IOException {
        String root = Files.readString(DocsTest.ROOT.resolve("pom.xml"));
        String project = Files.readString(DocsTest.ROOT.resolve("examples/getting-started/pom.xml"));
        assertEquals(property(root, "compiler-plugin.version"), pluginVersion(project, "maven-compiler-plugin"));
        assertEquals(property(root, "exec-plugin.version"), pluginVersion(project, "exec-maven-plugin"));
        assertEquals(property(root, "maven.compiler.release"), property(project, "maven.compiler.release"));
    }

    private static String property(String pom, String name) {
        return find(pom, "<" + Pattern.quote(name) + ">([^<]+)</");
    }

    private static String pluginVersion(String pom, String artifactId) {
        return find(pom, "<artifactId>" + artifactId + "</artifactId>\\s*<version>([^<]+)</version>");
    }

    private static String find(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        if (!matcher.find()) {
            throw new AssertionError("no " + regex);
        }
        return matcher.group(1);
    }
}
