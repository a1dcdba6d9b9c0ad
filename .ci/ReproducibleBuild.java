import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Two builds of the same sources give byte-identical published files (project.build.outputTimestamp
 * in the root pom.xml): every jar, sources jar and javadoc jar of every artifact the BOM publishes.
 *
 * <p>Build one is a clean build installed into a local repository of its own; build two is
 * {@code mvn clean package} of the same tree, with the same JDK. Then each file of build two is
 * compared byte for byte with what build one installed.
 *
 * <p>Usage: {@code java .ci/ReproducibleBuild.java --work WORK}. If {@code WORK/repo} already holds
 * an install of {@code WORK/pollbridge} (what .ci/FreshProject.java leaves: the install step of
 * getting-started.md is build one), that is build one; otherwise this copies the repository to
 * {@code WORK/pollbridge} and builds it once first.
 */
public class ReproducibleBuild {

    private static final Path ROOT = Path.of("").toAbsolutePath();

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !args[0].equals("--work")) {
            throw new IllegalArgumentException("usage: java .ci/ReproducibleBuild.java --work DIR");
        }
        Path work = Path.of(args[1]).toAbsolutePath();
        Path tree = work.resolve("pollbridge");
        Path repo = work.resolve("repo");
        String version = find(Files.readString(ROOT.resolve("bom/pom.xml")), "<version>([^<]+)</version>");
        Map<String, Path> published = publishedModules();
        if (!Files.isDirectory(repo.resolve("dev/pollbridge"))) {
            Files.createDirectories(work);
            copyRepository(tree);
            mvn(tree, repo, "clean", "install", "-DskipTests");
        }
        mvn(tree, repo, "clean", "package", "-DskipTests");

        int identical = 0;
        List<String> differ = new ArrayList<>();
        for (Map.Entry<String, Path> artifact : published.entrySet()) {
            Path installed = repo.resolve("dev/pollbridge").resolve(artifact.getKey()).resolve(version);
            Path target = tree.resolve(ROOT.relativize(artifact.getValue())).resolve("target");
            for (String classifier : List.of("", "-sources", "-javadoc")) {
                String name = artifact.getKey() + "-" + version + classifier + ".jar";
                Path first = installed.resolve(name);
                Path second = target.resolve(name);
                if (!Files.isRegularFile(first) || !Files.isRegularFile(second)) {
                    differ.add(name + ": missing from " + (Files.isRegularFile(first) ? "build two" : "build one"));
                } else if (Arrays.equals(Files.readAllBytes(first), Files.readAllBytes(second))) {
                    identical++;
                } else {
                    differ.add(name + ": the two builds differ (compare " + first + " and " + second + ")");
                }
            }
        }
        differ.forEach(problem -> System.out.println("NOT REPRODUCIBLE " + problem));
        System.out.println("reproducible build, published jars of two builds byte for byte: "
                + identical + " passed, " + differ.size() + " failed");
        if (!differ.isEmpty() || identical == 0) {
            System.exit(1);
        }
    }

    /** Artifact id to module directory, for every artifact the BOM manages that has a jar. */
    static Map<String, Path> publishedModules() throws IOException {
        String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
        List<String> managed = new ArrayList<>();
        Matcher id = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(
                bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>")));
        while (id.find()) {
            managed.add(id.group(1));
        }
        Map<String, Path> modules = new LinkedHashMap<>();
        Pattern own = Pattern.compile("</parent>.*?<artifactId>([^<]+)</artifactId>", Pattern.DOTALL);
        try (Stream<Path> dirs = Files.list(ROOT)) {
            for (Path dir : (Iterable<Path>) dirs.sorted()::iterator) {
                Path pom = dir.resolve("pom.xml");
                if (Files.isRegularFile(pom)) {
                    Matcher artifact = own.matcher(Files.readString(pom));
                    if (artifact.find() && managed.contains(artifact.group(1))) {
                        modules.put(artifact.group(1), dir);
                    }
                }
            }
        }
        if (modules.size() != managed.size()) {
            throw new AssertionError("no module directory for some of " + managed + ": found " + modules.keySet());
        }
        return modules;
    }

    static void mvn(Path dir, Path repo, String... goals) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-ntp", "-q"));
        command.addAll(List.of(goals));
        command.add("-Dmaven.repo.local=" + repo);
        System.out.println("== " + String.join(" ", command) + " (in " + dir + ")");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed");
        }
    }

    /** The files a fresh clone has: tracked, and untracked but not ignored. */
    static void copyRepository(Path target) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
                .directory(ROOT.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String listing = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (git.waitFor() != 0) {
            throw new AssertionError("git ls-files failed");
        }
        for (String name : listing.split("\0")) {
            Path source = ROOT.resolve(name);
            if (!name.isEmpty() && Files.isRegularFile(source)) {
                Files.createDirectories(target.resolve(name).getParent());
                Files.copy(source, target.resolve(name));
            }
        }
    }

    private static String find(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        if (!matcher.find()) {
            throw new AssertionError("no " + regex);
        }
        return matcher.group(1);
    }
}
