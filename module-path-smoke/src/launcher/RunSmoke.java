import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs the smoke program in a child JVM, once on the module path and once on the class path, and
 * fails (exit status 1) unless both runs exit with 0, end with the program's OK line, and print
 * no warning about {@code sun.misc.Unsafe}. The JDK prints that warning itself (JEP 471/498), to
 * the child's standard error, which only a parent process can see; hence this launcher.
 *
 * <p>Started by the build as a single-file source program ({@code java RunSmoke.java ...}, no
 * compilation step) with the JDK that runs Maven.
 *
 * <p>Arguments: the {@code java} executable, the path (module path and class path alike: the
 * smoke module's classes and every dependency jar), the main module, the main class.
 */
public final class RunSmoke {

    private static final String OK = "module-path-smoke: OK";
    /** Lines that mean something of ours (or a dependency of ours) touched sun.misc.Unsafe. */
    private static final List<String> FORBIDDEN = List.of("sun.misc.unsafe", "terminally deprecated");
    private static final long TIMEOUT_SECONDS = 180;

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: RunSmoke <java> <path> <module> <main class>");
        }
        String java = args[0];
        String path = args[1];
        String module = args[2];
        String mainClass = args[3];
        List<String> failures = new ArrayList<>();
        // Java 21+: Async in continuation mode, with the export each path needs (docs/async.md#modes);
        // and once on the module path without it, where Async logs the flag and runs on threads.
        boolean continuations = Runtime.version().feature() >= 21; // <java> is the JDK running this file
        List<String> moduleExport = continuations
                ? List.of("--add-exports", "java.base/jdk.internal.vm=dev.pollbridge.runtime") : List.of();
        List<String> classExport = continuations
                ? List.of("--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED") : List.of();
        String expected = continuations ? "CONTINUATION" : "PLATFORM_THREAD";
        failures.addAll(run("module path", concat(java, moduleExport,
                List.of("--module-path", path, "--module", module + "/" + mainClass, "module", expected))));
        failures.addAll(run("class path", concat(java, classExport, List.of("-cp", path, mainClass, "classpath", expected))));
        if (continuations) {
            List<String> noExport = run("module path, no export", concat(java, List.of(),
                    List.of("--module-path", path, "--module", module + "/" + mainClass, "module", "VIRTUAL_THREAD")));
            failures.addAll(noExport);
            if (noExport.isEmpty() && lastLines.stream().noneMatch(line -> line.contains(
                    "--add-exports java.base/jdk.internal.vm=dev.pollbridge.runtime to run them as continuations"))) {
                failures.add("module path, no export: Async did not log the flag that enables continuation mode");
            }
        }
        if (!failures.isEmpty()) {
            System.out.println("[smoke] FAILED:");
            failures.forEach(failure -> System.out.println("[smoke]   " + failure));
            System.exit(1);
        }
        System.out.println("[smoke] passed on the module path and the class path, Java " + Runtime.version());
    }

    private static List<String> concat(String java, List<String> options, List<String> rest) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(options);
        command.addAll(rest);
        return command;
    }

    /** The output of the last child {@link #run}. */
    private static List<String> lastLines = List.of();

    /** Runs one child; returns what was wrong with it (empty if nothing). */
    private static List<String> run(String name, List<String> command) throws IOException, InterruptedException {
        System.out.println("[smoke] " + name + ": " + String.join(" ", command));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    System.out.println("  " + line);
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "smoke-output");
        reader.start();

        List<String> failures = new ArrayList<>();
        if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            child.destroyForcibly().waitFor();
            failures.add(name + ": did not finish within " + TIMEOUT_SECONDS + " s (killed)");
        }
        reader.join();
        synchronized (lines) {
            lastLines = List.copyOf(lines);
        }
        if (child.exitValue() != 0) {
            failures.add(name + ": exit status " + child.exitValue());
        }
        synchronized (lines) {
            if (lines.isEmpty() || !lines.get(lines.size() - 1).equals(OK)) {
                failures.add(name + ": the last line is not '" + OK + "'");
            }
            for (String line : lines) {
                String lower = line.toLowerCase(Locale.ROOT);
                if (FORBIDDEN.stream().anyMatch(lower::contains)) {
                    failures.add(name + ": mentions sun.misc.Unsafe: " + line);
                }
            }
        }
        return failures;
    }
}
