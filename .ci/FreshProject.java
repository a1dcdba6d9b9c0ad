import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A newcomer's first hour, replayed: makes a new project from docs/getting-started.md alone, on an
 * empty local Maven repository, and runs it on each JDK given.
 *
 * <ol>
 *   <li>Copies the repository's files (what a fresh clone has: tracked and untracked, not ignored)
 *       to {@code WORK/pollbridge} and runs there the {@code mvn} lines of the page's install
 *       step (the block under {@code <!-- checked-by: .ci/FreshProject.java -->}), with
 *       {@code -Dmaven.repo.local=WORK/repo}: an empty local repository of its own, never
 *       ~/.m2. Everything else comes from Maven Central, as for a user.
 *   <li>Writes every block the page marks {@code <!-- file: examples/getting-started/PATH -->}
 *       to {@code WORK/hello/PATH}: the pom.xml and the mains, exactly as the page shows them.
 *   <li>For each JDK, from a clean {@code target}: runs each command the page shows to run a main
 *       ({@code mvn ... exec:java -Dexec.mainClass=X}) and compares what it prints with the
 *       page's {@code <!-- output: X -->} block.
 * </ol>
 *
 * Usage: {@code java .ci/FreshProject.java [--work DIR] [--jdk JAVA_HOME]... [--reuse-install]}
 * (default JDK: the one running this; {@code --reuse-install} skips step 1 when WORK has it
 * already, for trying changes to the page). It leaves WORK in place: .ci/ReproducibleBuild.java
 * reuses its build.
 */
public class FreshProject {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final String PROJECT = "examples/getting-started/";
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*([\\w-]+):\\s*(.*?)\\s*-->\\s*$");
    private static final Pattern MAIN_CLASS = Pattern.compile("-Dexec\\.mainClass=(\\S+)");
    /** Maven 3.8 writes colour resets even in batch mode; a terminal shows nothing for them. */
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");

    public static void main(String[] args) throws Exception {
        Path work = null;
        boolean reuseInstall = false;
        List<Path> jdks = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--work" -> work = Path.of(args[++i]).toAbsolutePath();
                case "--jdk" -> jdks.add(Path.of(args[++i]));
                case "--reuse-install" -> reuseInstall = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (work == null) {
            work = Files.createTempDirectory("fresh-project");
        }
        if (jdks.isEmpty()) {
            jdks.add(Path.of(System.getProperty("java.home")));
        }
        List<Block> page = blocks(ROOT.resolve("docs/getting-started.md"));
        Path repo = work.resolve("repo");
        if (!(reuseInstall && Files.isDirectory(repo))) {
            install(page, work.resolve("pollbridge"), repo, jdks.get(0));
        }

        Path hello = work.resolve("hello");
        deleteRecursively(hello);
        Map<String, List<String>> outputs = new LinkedHashMap<>();
        List<String> runs = new ArrayList<>();
        for (Block block : page) {
            if (block.marker != null && block.marker.kind.equals("file")) {
                check(block.marker.argument.startsWith(PROJECT), block.marker.argument + " is not in " + PROJECT);
                Path file = hello.resolve(block.marker.argument.substring(PROJECT.length()));
                Files.createDirectories(file.getParent());
                Files.write(file, block.lines(), StandardCharsets.UTF_8);
            } else if (block.marker != null && block.marker.kind.equals("output")) {
                outputs.put(block.marker.argument, block.lines());
            } else if (block.marker == null && block.lines().size() == 1 && MAIN_CLASS.matcher(block.lines().get(0)).find()) {
                runs.add(block.lines().get(0));
            }
        }
        check(Files.isRegularFile(hello.resolve("pom.xml")), "getting-started.md shows no " + PROJECT + "pom.xml");
        check(!runs.isEmpty(), "getting-started.md shows no command that runs a main");

        int passed = 0;
        List<String> failed = new ArrayList<>();
        for (Path jdk : jdks) {
            deleteRecursively(hello.resolve("target"));
            for (String command : runs) {
                Matcher main = MAIN_CLASS.matcher(command);
                main.find();
                String name = main.group(1) + " on " + jdk;
                List<String> expected = outputs.get(main.group(1));
                check(expected != null, "getting-started.md runs " + main.group(1) + " but shows no <!-- output: " + main.group(1) + " -->");
                long start = System.nanoTime();
                List<String> printed = run(hello, jdk, command, repo, false);
                log(name + ": " + command + " (" + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms)");
                if (printed.equals(expected)) {
                    passed++;
                } else {
                    failed.add(name);
                    System.out.println("FAILED " + name + "\n  expected: " + expected + "\n  printed:  " + printed);
                }
            }
        }
        System.out.println("fresh project from docs/getting-started.md: " + passed + " passed, " + failed.size() + " failed");
        if (!failed.isEmpty()) {
            System.exit(1);
        }
    }

    /** Step 1: the page's install step, in a copy of the repository, into an empty local repository. */
    static void install(List<Block> page, Path clone, Path repo, Path jdk) throws IOException, InterruptedException {
        deleteRecursively(clone);
        copyRepository(clone);
        Files.createDirectories(repo);
        try (Stream<Path> inRepo = Files.list(repo)) {
            check(inRepo.findAny().isEmpty(), "the local repository " + repo + " is not empty");
        }
        List<String> install = page.stream()
                .filter(block -> block.marker("checked-by", ".ci/FreshProject.java"))
                .flatMap(block -> block.lines().stream())
                .filter(line -> line.startsWith("mvn "))
                .toList();
        check(!install.isEmpty(), "getting-started.md shows no install step (a block under <!-- checked-by: .ci/FreshProject.java -->)");
        for (String command : install) {
            log("install step: " + command + " (in a copy of the repository, local repository " + repo + ")");
            run(clone, jdk, command, repo, true);
        }
    }

    /** Runs one command line (split on spaces, as the page shows it) in {@code dir}; its stdout lines. */
    static List<String> run(Path dir, Path jdk, String command, Path repo, boolean showOutput)
            throws IOException, InterruptedException {
        List<String> words = new ArrayList<>(List.of(command.trim().split("\\s+")));
        words.add("-Dmaven.repo.local=" + repo);
        ProcessBuilder builder = new ProcessBuilder(words).directory(dir.toFile());
        builder.environment().put("JAVA_HOME", jdk.toString());
        builder.environment().remove("MAVEN_OPTS");
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        if (showOutput) {
            builder.redirectOutput(ProcessBuilder.Redirect.INHERIT);
        }
        Process process = builder.start();
        String output = showOutput ? "" : new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(20, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        if (process.exitValue() != 0) {
            System.out.print(output);
            throw new AssertionError("`" + command + "` in " + dir + " exited with " + process.exitValue());
        }
        List<String> lines = new ArrayList<>(ANSI.matcher(output).replaceAll("").lines().map(String::stripTrailing).toList());
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** The files a fresh clone has: tracked, and untracked but not ignored (work in progress). */
    static void copyRepository(Path target) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
                .directory(ROOT.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String listing = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        check(git.waitFor() == 0, "git ls-files failed");
        for (String name : listing.split("\0")) {
            Path source = ROOT.resolve(name);
            if (name.isEmpty() || !Files.isRegularFile(source)) {
                continue; // deleted in the work tree
            }
            Path copy = target.resolve(name);
            Files.createDirectories(copy.getParent());
            Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    record Marker(String kind, String argument) {}

    record Block(Marker marker, List<String> lines) {
        boolean marker(String kind, String argument) {
            return marker != null && marker.kind.equals(kind) && marker.argument.equals(argument);
        }
    }

    /** The page's fenced blocks, each with the marker on the line above it (as DocsTest reads them). */
    static List<Block> blocks(Path markdown) throws IOException {
        List<String> lines = Files.readAllLines(markdown, StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("```")) {
                continue;
            }
            Matcher marker = i > 0 ? MARKER.matcher(lines.get(i - 1)) : null;
            int close = i + 1;
            while (!lines.get(close).startsWith("```")) {
                close++;
            }
            blocks.add(new Block(marker != null && marker.matches() ? new Marker(marker.group(1), marker.group(2)) : null,
                    List.copyOf(lines.subList(i + 1, close))));
            i = close;
        }
        return blocks;
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted((a, b) -> b.compareTo(a)).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    static void check(boolean condition, String problem) {
        if (!condition) {
            throw new AssertionError(problem);
        }
    }

    static void log(String line) {
        System.out.println("== " + line);
    }
}
