package dev.pollbridge.stress;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.ReportUtils;

/**
 * Runs this module's jcstress tests and turns the result into a verdict a build can use: jcstress
 * itself exits 0 whatever it observed, so this runner reads the result file back and exits 1 if
 * any test observed a FORBIDDEN outcome, ended in an error (exception, timeout, VM crash), ran no
 * sample, or did not run at all (jcstress silently skips a test with more actors than CPUs).
 *
 * <p>It prints a summary (and writes it to {@code summary.txt} in the working directory): per test
 * the samples, the distinct outcomes observed and the verdict; in total the tests, the observed
 * outcomes (interleavings told apart by their results) and the samples.
 *
 * <p>Arguments are jcstress's own ({@code -m quick}, {@code -t regexp}, {@code -r dir}, ...), plus
 * one preset of ours, {@code -m ci}: jcstress's quick mode (one fork of 5 x 200 ms per test and
 * JVM configuration) in a single JVM configuration (tiered compilation with C2's scheduling
 * randomizers, both actors compiled alike) instead of jcstress's matrix of interpreter, C1 and C2
 * per actor, which takes about 90 s per test on 2 cores. On JDK 17 jcstress still runs each
 * configuration with and without biased locking (two forks per test).
 */
public final class StressRun {

    /** The JVM configuration of the {@code ci} preset. */
    static final String CI_JVM_ARGS = "-XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressGCM -XX:+StressIGVN";

    private StressRun() {}

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        Options options = new Options(expandPreset(args));
        if (!options.parse()) {
            System.exit(2);
        }
        JCStress jcstress = new JCStress(options);
        SortedSet<String> selected = jcstress.getTests();
        if (selected.isEmpty()) {
            System.err.println("jcstress: no test matches '" + options.getTestFilter() + "'");
            System.exit(1);
        }
        try {
            jcstress.run();
        } catch (AssertionError testFailures) {
            // jcstress's last report step throws this when a test failed; it printed the details
            // already, and the summary below counts them from the result file.
        }
        List<TestResult> results = ReportUtils.mergedByName(read(options.getResultFile()));
        results.sort(Comparator.comparing(TestResult::getName));

        StringWriter text = new StringWriter();
        int failed = summarize(selected, results, (System.nanoTime() - start) / 1_000_000_000L, new PrintWriter(text, true));
        System.out.print(text);
        Files.writeString(Path.of("summary.txt"), text.toString(), StandardCharsets.UTF_8);
        System.exit(failed == 0 ? 0 : 1);
    }

    /** Replaces {@code -m ci} by jcstress options (see the class comment); other arguments pass through. */
    static String[] expandPreset(String[] args) {
        List<String> expanded = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-m") && i + 1 < args.length && args[i + 1].equals("ci")) {
                expanded.addAll(List.of("-m", "quick", "-sc", "false", "-jvmArgs", CI_JVM_ARGS));
                i++;
            } else {
                expanded.add(args[i]);
            }
        }
        return expanded.toArray(new String[0]);
    }

    private static Collection<TestResult> read(String resultFile) throws IOException, ClassNotFoundException {
        InProcessCollector collector = new InProcessCollector();
        DiskReadCollector reader = new DiskReadCollector(resultFile, collector);
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        return collector.getTestResults();
    }

    /** Prints the summary; returns the number of failed tests (including those that did not run). */
    private static int summarize(SortedSet<String> selected, List<TestResult> results, long seconds, PrintWriter out) {
        out.println();
        out.println("jcstress summary");
        out.printf("  %-60s %14s %9s  %s%n", "test", "samples", "outcomes", "verdict");
        long samples = 0;
        int outcomes = 0;
        List<String> failures = new ArrayList<>();
        SortedSet<String> missing = new TreeSet<>(selected);
        for (TestResult result : results) {
            missing.remove(result.getName());
            int observed = 0;
            for (String key : result.getStateKeys()) {
                if (result.getCount(key) > 0) {
                    observed++;
                }
            }
            boolean sampled = result.getTotalCount() > 0;
            boolean passed = ReportUtils.statusToPassed(result) && sampled;
            out.printf("  %-60s %,14d %9d  %s%n", shortName(result.getName()), result.getTotalCount(), observed,
                    ReportUtils.statusToLabel(result) + (sampled ? "" : " (no samples)") + (passed ? "" : "  <-- FAILED"));
            samples += result.getTotalCount();
            outcomes += observed;
            if (!passed) {
                failures.add(result.getName());
            }
        }
        for (String name : missing) {
            out.printf("  %-60s %14s %9s  %s%n", shortName(name), "-", "-", "DID NOT RUN  <-- FAILED");
            failures.add(name);
        }
        out.printf("jcstress: %d tests, %d distinct outcomes observed, %,d samples, %d failed, in %d s%n",
                selected.size(), outcomes, samples, failures.size(), seconds);
        for (String name : failures) {
            out.println("  failed: " + name + " (details above, and in the HTML report)");
        }
        return failures.size();
    }

    private static String shortName(String name) {
        String prefix = "dev.pollbridge.runtime.";
        return name.startsWith(prefix) ? name.substring(prefix.length()) : name;
    }
}
