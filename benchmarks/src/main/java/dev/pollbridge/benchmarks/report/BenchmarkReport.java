package dev.pollbridge.benchmarks.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Formats a {@code benchmarks/run.sh} run as Markdown tables.
 *
 * <pre>
 * java benchmarks/src/main/java/dev/pollbridge/benchmarks/report/BenchmarkReport.java \
 *     [--section comparisons|memory|benchmarks|scaling] RESULT.json [MORE.json ...] [MEMORY.jsonl]
 * java benchmarks/src/main/java/dev/pollbridge/benchmarks/report/BenchmarkReport.java \
 *     --section runs RUN1.json [RUN1-jdk25.json RUN1-memory.jsonl] -- RUN2.json [...] [-- RUN3.json ...]
 * </pre>
 *
 * <p>A single-file program on purpose: it needs only a JDK (no build, no Python), so
 * {@code run.sh}, a contributor and the docs test ({@code DocsTest}, which checks every
 * {@code <!-- generated: ... -->} table of {@code docs/performance.md} against this output) all
 * run the same source. Without {@code --section} it prints every table (the scaling table only
 * when the results hold one of its scenarios).
 *
 * <p>Every JMH score is a throughput in units per second (tasks, rounds, yields, elements ...), so
 * a ratio is Pollbridge / anchor: above 1 Pollbridge is faster. Scores are the median of the
 * measurement iterations; "ns" is the cost of one unit, 1e9 / median. Results in another JMH
 * mode (InjectionFairness measures sample time: how long an injected task waits) are skipped.
 *
 * <p>{@code --section runs} compares two or more full runs, each given as its group of files, the
 * groups separated by {@code --}. It prints one table: a row for every comparison whose two
 * benchmarks are in every run (and for the Pollbridge task's memory footprint when every run has
 * a {@code .jsonl}), with the ratio of each run, the spread (largest ratio / smallest - 1, the
 * run-to-run noise) and the target issue 18 sets ({@link #ISSUE_18}), met only when met in every
 * run. A target may also ask that the Pollbridge benchmark be not bimodal: its slowest measurement
 * iteration must score at least {@value #UNIMODAL_MIN_OVER_MEDIAN} of the median of its
 * iterations; the ratio cells of such a row show that min / median. Targets left without a row (a
 * benchmark missing from some run) are named on stderr, so that stdout is only the table.
 */
public final class BenchmarkReport {

    /** One row of the comparison table; {@code target} is a ratio Pollbridge/anchor, or null. */
    record Comparison(String scenario, String mine, String anchor, Double target, String targetText) {
    }

    static final List<Comparison> COMPARISONS = List.of(
            new Comparison("spawn_many", "SpawnMany.pollbridge", "SpawnMany.forkJoin", 1.0, ">= 1x"),
            new Comparison("spawn_many", "SpawnMany.pollbridge", "SpawnMany.reactor", 5.0, ">= 5x"),
            new Comparison("spawn_many_local", "SpawnMany.pollbridgeLocal", "SpawnMany.forkJoinLocal", 1.0, ">= 1x"),
            new Comparison("spawn_many_local", "SpawnMany.pollbridgeLocal", "SpawnMany.reactorLocal", 5.0, ">= 5x"),
            new Comparison("spawn_many (JDK 25)", "SpawnManyVirtual.pollbridge", "SpawnManyVirtual.virtualThreads",
                    2.0, ">= 2x"),
            new Comparison("spawn_many_local (JDK 25)", "SpawnManyVirtual.pollbridgeLocal",
                    "SpawnManyVirtual.virtualThreadsLocal", 2.0, ">= 2x"),
            new Comparison("spawn_many (JDK 25)", "SpawnManyVirtual.pollbridge", "SpawnManyVirtual.forkJoin", null, ""),
            new Comparison("ping_pong", "PingPong.pollbridge", "PingPong.completableFuture", 1.0, ">= 1x"),
            new Comparison("ping_pong", "PingPong.pollbridge", "PingPong.reactor", 5.0, ">= 5x"),
            new Comparison("yield_many", "YieldMany.pollbridge", "YieldMany.forkJoin", 2.0, ">= 2x"),
            new Comparison("yield_many", "YieldMany.pollbridge", "YieldMany.forkJoinFifo", null, ""),
            new Comparison("yield_many", "YieldMany.pollbridge", "YieldMany.reactor", null, ""),
            new Comparison("yield_many (JDK 25)", "YieldManyVirtual.pollbridge", "YieldManyVirtual.virtualThreads",
                    10.0, ">= 10x"),
            new Comparison("yield_many (JDK 25)", "YieldManyVirtual.pollbridge", "YieldManyVirtual.forkJoin", null, ""),
            new Comparison("chained_spawn", "ChainedSpawn.pollbridge", "ChainedSpawn.completableFuture", 1.0, ">= 1x"),
            new Comparison("chained_spawn", "ChainedSpawn.pollbridge", "ChainedSpawn.reactor", 5.0, ">= 5x"),
            new Comparison("stream_bridge", "StreamBridge.pollbridge", "StreamBridge.publishOnUnfused", 0.5, ">= 0.5x"),
            new Comparison("stream_bridge", "StreamBridge.pollbridgeReactiveStreams", "StreamBridge.publishOnUnfused",
                    null, ""),
            new Comparison("stream_bridge", "StreamBridge.pollbridge", "StreamBridge.plainFlux", null, ""),
            new Comparison("stream_bridge", "StreamBridge.pollbridge", "StreamBridge.rxjavaObserveOn", null, ""),
            new Comparison("rxjava_stream_bridge", "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.observeOnUnfused",
                    null, ""),
            new Comparison("rxjava_stream_bridge", "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.observeOnFused",
                    null, ""),
            new Comparison("rxjava_stream_bridge", "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.plainFlowable",
                    null, ""),
            new Comparison("rxjava_observable_bridge", "RxJavaObservableBridge.pollbridge",
                    "RxJavaObservableBridge.observeOnUnfused", null, ""),
            new Comparison("rxjava_observable_bridge", "RxJavaObservableBridge.pollbridge",
                    "RxJavaObservableBridge.observeOnFused", null, ""),
            new Comparison("rxjava_observable_bridge", "RxJavaObservableBridge.pollbridge",
                    "RxJavaObservableBridge.plainObservable", null, ""),
            new Comparison("mono_roundtrip", "MonoRoundTrip.blockOnToFuture", "MonoRoundTrip.monoBlock", 1 / 1.5,
                    "within 1.5x (>= 0.67x)"),
            new Comparison("mono_roundtrip", "MonoRoundTrip.toMonoToFuture", "MonoRoundTrip.subscribeOnParallelBlock",
                    1.0, ">= 1x"),
            new Comparison("mono_roundtrip", "MonoRoundTrip.blockOnToFuture", "MonoRoundTrip.monoHideBlock", null, ""),
            new Comparison("mono_roundtrip", "MonoRoundTrip.toMonoToFuture", "MonoRoundTrip.completableFuture", null, ""),
            new Comparison("cf_chain", "CfChain.pollbridge", "CfChain.completableFuture", null, ""),
            new Comparison("cf_chain", "CfChain.halfMigrated", "CfChain.completableFuture", null, ""),
            new Comparison("timers churn", "Timers.pollbridgeTimeoutReady", "Timers.completableFutureOrTimeoutReady",
                    null, ""),
            new Comparison("timers insert+cancel", "Timers.pollbridgeSleepCancel", "Timers.scheduledExecutorCancel",
                    null, ""),
            new Comparison("timers insert+cancel", "Timers.pollbridgeSleepCancel",
                    "Timers.completableFutureOrTimeoutCancel", null, ""),
            new Comparison("channel", "BoundedChannel.pollbridge", "BoundedChannel.arrayBlockingQueue", null, ""),
            new Comparison("channel", "BoundedChannel.pollbridge", "BoundedChannel.reactorUnicast", null, ""),
            new Comparison("semaphore", "SemaphoreContention.pollbridge", "SemaphoreContention.jdkFair", null, ""),
            new Comparison("broadcast fan-out x8", "BroadcastFanOut.pollbridge", "BroadcastFanOut.reactorMulticast", null, ""),
            new Comparison("broadcast fan-out x8", "BroadcastFanOut.pollbridge", "BroadcastFanOut.reactorMulticastInline",
                    null, ""),
            new Comparison("watch", "WatchUpdates.pollbridgeWatch", "WatchUpdates.atomicReferenceNotify", null, ""),
            new Comparison("mutex", "MutexContention.pollbridge", "MutexContention.reentrantLockPlatform", null, ""),
            new Comparison("mutex (JDK 25)", "MutexContentionVirtual.pollbridge",
                    "MutexContentionVirtual.reentrantLockVirtual", null, ""),
            new Comparison("join_many n=10", "JoinMany.pollbridge10", "JoinMany.allOf10", null, ""),
            new Comparison("join_many n=1,000", "JoinMany.pollbridge1000", "JoinMany.allOf1000", null, ""),
            new Comparison("join_many n=100,000", "JoinMany.pollbridge100000", "JoinMany.allOf100000", null, ""),
            new Comparison("buffer_unordered(16), spawned", "BufferUnordered.pollbridgeSpawned",
                    "BufferUnordered.reactorFlatMapSpawned", null, ""),
            new Comparison("buffer_unordered(16), ready", "BufferUnordered.pollbridgeReady",
                    "BufferUnordered.reactorFlatMapReady", null, ""),
            new Comparison("async_await", "AsyncAwait.awaitSpawned", "AsyncAwait.threadJoinSupplyAsync", null, ""),
            new Comparison("async_await (JDK 25)", "AsyncAwaitVirtual.awaitReady",
                    "AsyncAwaitVirtual.virtualThreadJoinCompleted", null, ""),
            new Comparison("async_await (JDK 25)", "AsyncAwaitVirtual.awaitSpawned",
                    "AsyncAwaitVirtual.virtualThreadJoinSupplyAsync", null, ""),
            // Issue 23: Async in continuation mode, the anchors measured in the same fork.
            new Comparison("async_await, continuation mode (JDK 25)", "AsyncAwaitContinuation.awaitReady",
                    "AsyncAwaitContinuation.virtualThreadJoinCompleted", 1.0, ">= 1x"),
            new Comparison("async_await, continuation mode (JDK 25)", "AsyncAwaitContinuation.awaitSpawned",
                    "AsyncAwaitContinuation.virtualThreadJoinSupplyAsync", 3.0, ">= 3x"),
            new Comparison("async_await, continuation mode (JDK 25)", "AsyncAwaitContinuation.awaitReady",
                    "AsyncAwaitContinuation.kotlinxAwaitCompleted", 1.0, ">= 1x"),
            new Comparison("async_await, continuation mode (JDK 25)", "AsyncAwaitContinuation.awaitSpawned",
                    "AsyncAwaitContinuation.kotlinxAwaitSupplyAsync", 1.0, ">= 1x"),
            new Comparison("async_await, continuation vs thread mode (JDK 25)", "AsyncAwaitContinuation.awaitLoopTen",
                    "AsyncAwaitVirtual.awaitLoopTen", null, ""),
            new Comparison("async_await, continuation vs thread mode (JDK 25)", "AsyncAwaitContinuation.streamItems",
                    "AsyncAwaitVirtual.streamItems", null, ""));

    /**
     * A scenario run at several sizes, one benchmark per size named prefix + size, each scoring
     * units (children) per second: the scaling table shows whether the cost per unit stays flat.
     */
    record Scaling(String scenario, String mine, String anchor, List<Integer> sizes) {
    }

    static final List<Scaling> SCALINGS = List.of(
            new Scaling("join_many", "JoinMany.pollbridge", "JoinMany.allOf", List.of(10, 1_000, 100_000)));

    static final Map<String, Double> MEMORY_TARGETS = Map.of("pollbridge-task", 128.0,
            "async-body-continuation", 400.0); // issue 23: a suspended continuation-mode body

    /**
     * A target issue 18 sets for one row of {@link #COMPARISONS}: Pollbridge / anchor at least
     * {@code ratio}, or, where Pollbridge leads, above 1 ({@code keepsLead}); {@code unimodal} adds
     * that the Pollbridge benchmark's iterations are not bimodal.
     */
    record IssueTarget(String mine, String anchor, double ratio, boolean keepsLead, boolean unimodal) {

        static IssueTarget atLeast(String mine, String anchor, double ratio) {
            return new IssueTarget(mine, anchor, ratio, false, false);
        }

        static IssueTarget keepsLead(String mine, String anchor) {
            return new IssueTarget(mine, anchor, 1.0, true, false);
        }

        boolean metBy(double value) {
            return keepsLead ? value > ratio : value >= ratio;
        }

        String text() {
            if (keepsLead) {
                return "> 1x (keeps its lead)";
            }
            String floor = ">= " + BigDecimal.valueOf(ratio).stripTrailingZeros().toPlainString() + "x";
            return unimodal ? floor + format(", not bimodal (min/median >= %.1f)", UNIMODAL_MIN_OVER_MEDIAN) : floor;
        }
    }

    /** Issue 18's targets, beside (not instead of) the project's goals in {@link #COMPARISONS}. */
    static final List<IssueTarget> ISSUE_18 = List.of(
            IssueTarget.atLeast("SpawnMany.pollbridge", "SpawnMany.forkJoin", 0.8),
            IssueTarget.atLeast("SpawnMany.pollbridgeLocal", "SpawnMany.forkJoinLocal", 0.7),
            IssueTarget.atLeast("PingPong.pollbridge", "PingPong.completableFuture", 0.8),
            IssueTarget.atLeast("YieldMany.pollbridge", "YieldMany.forkJoin", 0.7),
            new IssueTarget("ChainedSpawn.pollbridge", "ChainedSpawn.completableFuture", 0.6, false, true),
            IssueTarget.atLeast("YieldManyVirtual.pollbridge", "YieldManyVirtual.virtualThreads", 5.0),
            IssueTarget.atLeast("SpawnManyVirtual.pollbridge", "SpawnManyVirtual.virtualThreads", 2.5),
            IssueTarget.atLeast("StreamBridge.pollbridge", "StreamBridge.publishOnUnfused", 0.8),
            IssueTarget.keepsLead("SpawnMany.pollbridge", "SpawnMany.reactor"),
            IssueTarget.keepsLead("SpawnMany.pollbridgeLocal", "SpawnMany.reactorLocal"),
            IssueTarget.keepsLead("PingPong.pollbridge", "PingPong.reactor"),
            IssueTarget.keepsLead("YieldMany.pollbridge", "YieldMany.reactor"),
            IssueTarget.keepsLead("ChainedSpawn.pollbridge", "ChainedSpawn.reactor"),
            IssueTarget.keepsLead("CfChain.pollbridge", "CfChain.completableFuture"),
            IssueTarget.keepsLead("Timers.pollbridgeSleepCancel", "Timers.scheduledExecutorCancel"),
            IssueTarget.keepsLead("Timers.pollbridgeSleepCancel", "Timers.completableFutureOrTimeoutCancel"),
            IssueTarget.keepsLead("BoundedChannel.pollbridge", "BoundedChannel.arrayBlockingQueue"),
            IssueTarget.keepsLead("SemaphoreContention.pollbridge", "SemaphoreContention.jdkFair"));

    /** Issue 18's memory target (bytes per pending unit, by subject): keep the Pollbridge task's size. */
    static final Map<String, Double> ISSUE_18_MEMORY = Map.of("pollbridge-task", 128.0);

    /** Bimodal: the slowest measurement iteration scores below this fraction of the iterations' median. */
    static final double UNIMODAL_MIN_OVER_MEDIAN = 0.6;

    static final List<String> SECTIONS = List.of("comparisons", "memory", "benchmarks", "scaling");

    /** The section that compares several runs; not among the sections printed by default. */
    static final String RUNS = "runs";

    private static final String USAGE = "usage: BenchmarkReport [--section comparisons|memory|benchmarks|scaling]"
            + " RESULT.json [MORE.json ...] [MEMORY.jsonl]\n"
            + "       BenchmarkReport --section runs RUN1.json [RUN1-jdk25.json RUN1-memory.jsonl RUN1-machine.txt ...]"
            + " -- RUN2.json [...] [-- RUN3.json ...]";

    /** A JMH result: the median, min and max of all measurement iterations of all forks. */
    record Score(double median, double min, double max, String jdk) {
    }

    private final Map<String, Score> scores = new TreeMap<>();
    private final List<Map<String, Object>> footprints = new ArrayList<>();
    /** From a run's {@code -machine.txt}: {@code CoreToCore}'s readings before and after JMH, in order. */
    private final List<String> coreToCore = new ArrayList<>();
    private final List<String> out = new ArrayList<>();

    public static void main(String[] args) throws IOException {
        List<String> arguments = new ArrayList<>(Arrays.asList(args));
        String section = null;
        if (!arguments.isEmpty() && arguments.get(0).equals("--section")) {
            if (arguments.size() < 2 || !(SECTIONS.contains(arguments.get(1)) || arguments.get(1).equals(RUNS))) {
                fail("unknown or missing section");
            }
            section = arguments.get(1);
            arguments = arguments.subList(2, arguments.size());
        }
        List<List<String>> groups = new ArrayList<>(List.of(new ArrayList<>()));
        for (String argument : arguments) {
            if (argument.equals("--")) {
                groups.add(new ArrayList<>());
            } else {
                groups.get(groups.size() - 1).add(argument);
            }
        }
        List<String> lines;
        if (RUNS.equals(section)) {
            if (groups.size() < 2) {
                fail("--section runs takes two or more runs, their groups of files separated by --");
            }
            List<BenchmarkReport> runs = new ArrayList<>();
            for (List<String> group : groups) {
                runs.add(load(group));
            }
            lines = runs(runs);
        } else {
            if (groups.size() > 1) {
                fail("-- separates runs, which only --section runs takes");
            }
            lines = load(groups.get(0)).render(section == null ? SECTIONS : List.of(section));
        }
        for (String line : lines) {
            System.out.println(line);
        }
    }

    private static void fail(String reason) {
        System.err.println(reason);
        System.err.println(USAGE);
        System.exit(2);
    }

    /** A report of one run: all of its files. */
    private static BenchmarkReport load(List<String> paths) throws IOException {
        if (paths.isEmpty()) {
            fail("no result files (or an empty run between two --)");
        }
        BenchmarkReport report = new BenchmarkReport();
        for (String path : paths) {
            if (!Files.isRegularFile(Path.of(path))) {
                fail("no such file: " + path);
            }
            report.load(Path.of(path));
        }
        return report;
    }

    void load(Path path) throws IOException {
        String text = Files.readString(path, StandardCharsets.UTF_8);
        if (path.toString().endsWith("-machine.txt")) {
            for (String line : text.split("\n")) {
                // run.sh writes "core-to-core before JMH: 35.7 ns per one-way hand-over (...)"
                if (line.startsWith("core-to-core ")) {
                    coreToCore.add(line.substring(line.indexOf(':') + 1).strip().split("\\s+")[0]);
                }
            }
            return;
        }
        if (path.toString().endsWith(".jsonl")) {
            for (String line : text.split("\n")) {
                if (line.strip().startsWith("{")) {
                    footprints.add(Json.object(Json.parse(line.strip())));
                }
            }
            return;
        }
        for (Object entry : Json.list(Json.parse(text))) {
            Map<String, Object> result = Json.object(entry);
            if (!"thrpt".equals(result.get("mode"))) {
                continue; // a latency benchmark (InjectionFairness: sample time) has no throughput to compare
            }
            String[] parts = ((String) result.get("benchmark")).split("\\.");
            String name = parts[parts.length - 2] + "." + parts[parts.length - 1];
            List<Double> samples = new ArrayList<>();
            for (Object fork : Json.list(Json.object(result.get("primaryMetric")).get("rawData"))) {
                for (Object value : Json.list(fork)) {
                    samples.add(((Number) value).doubleValue());
                }
            }
            samples.sort(null);
            Object jdk = result.get("jdkVersion");
            scores.put(name, new Score(median(samples), samples.get(0), samples.get(samples.size() - 1),
                    jdk == null ? "?" : jdk.toString()));
        }
    }

    List<String> render(List<String> sections) {
        boolean printed = false;
        for (String section : sections) {
            if (printed) {
                out.add("");
            }
            printed = switch (section) {
                case "comparisons" -> comparisons();
                case "memory" -> memory();
                case "scaling" -> scaling();
                default -> benchmarks();
            };
        }
        if (!printed && !out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1); // the separator before a last section that had no rows
        }
        return out;
    }

    private boolean comparisons() {
        out.add("| scenario | Pollbridge variant | Pollbridge | anchor | anchor score | ratio | target | met |");
        out.add("|---|---|---|---|---|---|---|---|");
        for (Comparison row : COMPARISONS) {
            Score mine = scores.get(row.mine());
            Score anchor = scores.get(row.anchor());
            if (mine == null && anchor == null) {
                continue;
            }
            String ratio = "";
            String met = "";
            if (mine != null && anchor != null) {
                double value = mine.median() / anchor.median();
                ratio = format("%.2fx", value);
                if (row.target() != null) {
                    met = value >= row.target() ? "met" : "NOT met";
                }
            }
            out.add("| " + row.scenario() + " | " + method(row.mine()) + " | " + cell(mine) + " | "
                    + method(row.anchor()) + " | " + cell(anchor) + " | " + ratio + " | " + row.targetText() + " | "
                    + met + " |");
        }
        return true;
    }

    private boolean memory() {
        if (footprints.isEmpty()) {
            return false;
        }
        out.add("| memory subject | JDK | units | bytes per pending unit | target | met |");
        out.add("|---|---|---|---|---|---|");
        for (Map<String, Object> row : footprints) {
            Double target = MEMORY_TARGETS.get((String) row.get("subject"));
            double bytes = ((Number) row.get("bytesPerUnit")).doubleValue();
            String met = target == null ? "" : bytes <= target ? "met" : "NOT met";
            String targetText = target == null ? "" : format("<= %.0f B", target);
            out.add("| " + row.get("subject") + " | " + row.get("jdk") + " | "
                    + format("%,d", ((Number) row.get("count")).longValue()) + " | " + format("%.1f B", bytes) + " | "
                    + targetText + " | " + met + " |");
        }
        return true;
    }

    private boolean benchmarks() {
        out.add("| benchmark | JDK | median | min | max | ns per unit |");
        out.add("|---|---|---|---|---|---|");
        scores.forEach((name, row) -> out.add("| " + name + " | " + row.jdk() + " | " + rate(row.median()) + " | "
                + rate(row.min()) + " | " + rate(row.max()) + " | " + format("%,.1f", 1e9 / row.median()) + " |"));
        return true;
    }

    private boolean scaling() {
        List<String> rows = new ArrayList<>();
        for (Scaling scaling : SCALINGS) {
            for (int size : scaling.sizes()) {
                Score mine = scores.get(scaling.mine() + size);
                Score anchor = scores.get(scaling.anchor() + size);
                if (mine == null || anchor == null) {
                    continue;
                }
                rows.add("| " + scaling.scenario() + " | " + format("%,d", size) + " | " + cost(mine) + " | "
                        + method(scaling.anchor()) + " | " + cost(anchor) + " | "
                        + format("%.2fx", mine.median() / anchor.median()) + " |");
            }
        }
        if (rows.isEmpty()) {
            return false;
        }
        out.add("| scenario | n | Pollbridge per unit | anchor | anchor per unit | ratio |");
        out.add("|---|---|---|---|---|---|");
        out.addAll(rows);
        return true;
    }

    /**
     * The table of {@code --section runs}: per comparison in every run, each run's ratio, their
     * spread and issue 18's target; then the Pollbridge task's bytes per pending unit, per JDK.
     */
    static List<String> runs(List<BenchmarkReport> runs) {
        List<String> out = new ArrayList<>();
        StringBuilder header = new StringBuilder("| scenario | Pollbridge variant | anchor |");
        StringBuilder rule = new StringBuilder("|---|---|---|");
        for (int run = 1; run <= runs.size(); run++) {
            header.append(" run ").append(run).append(" |");
            rule.append("---|");
        }
        out.add(header.append(" spread | issue-18 target | met in every run |").toString());
        out.add(rule.append("---|---|---|").toString());
        List<IssueTarget> shown = new ArrayList<>();
        for (Comparison row : COMPARISONS) {
            IssueTarget target = ISSUE_18.stream()
                    .filter(t -> t.mine().equals(row.mine()) && t.anchor().equals(row.anchor()))
                    .findFirst().orElse(null);
            List<Double> ratios = new ArrayList<>();
            StringBuilder cells = new StringBuilder();
            boolean met = true;
            for (BenchmarkReport run : runs) {
                Score mine = run.scores.get(row.mine());
                Score anchor = run.scores.get(row.anchor());
                if (mine == null || anchor == null) {
                    break;
                }
                double ratio = mine.median() / anchor.median();
                ratios.add(ratio);
                cells.append(format(" %.2fx", ratio));
                if (target != null) {
                    met &= target.metBy(ratio);
                    if (target.unimodal()) {
                        double shape = mine.min() / mine.median();
                        boolean bimodal = shape < UNIMODAL_MIN_OVER_MEDIAN;
                        met &= !bimodal;
                        cells.append(format(" (min/median %.2f%s)", shape, bimodal ? ": bimodal" : ""));
                    }
                }
                cells.append(" |");
            }
            if (ratios.size() < runs.size()) {
                continue;
            }
            if (target != null) {
                shown.add(target);
            }
            out.add("| " + row.scenario() + " | " + method(row.mine()) + " | " + method(row.anchor()) + " |" + cells
                    + " " + spread(ratios) + " | " + (target == null ? "" : target.text()) + " | "
                    + (target == null ? "" : met ? "yes" : "no") + " |");
        }
        new TreeMap<>(ISSUE_18_MEMORY).forEach((subject, limit) -> {
            for (String jdk : runs.get(0).footprintJdks(subject)) {
                List<Double> bytes = new ArrayList<>();
                for (BenchmarkReport run : runs) {
                    run.footprint(subject, jdk).ifPresent(bytes::add);
                }
                if (bytes.size() < runs.size()) {
                    continue;
                }
                StringBuilder cells = new StringBuilder();
                bytes.forEach(value -> cells.append(format(" %.1f B |", value)));
                boolean met = bytes.stream().allMatch(value -> value <= limit);
                out.add("| memory per pending unit (JDK " + jdk + ") | " + subject + " |  |" + cells + " "
                        + spread(bytes) + " | " + format("<= %.0f B (keeps it)", limit) + " | " + (met ? "yes" : "no")
                        + " |");
            }
        });
        if (runs.stream().noneMatch(run -> run.coreToCore.isEmpty())) {
            // The host's placement of the two vCPUs, which every executor row moves with.
            StringBuilder cells = new StringBuilder();
            runs.forEach(run -> cells.append(' ').append(String.join(" / ", run.coreToCore)).append(" ns |"));
            out.add("| host: `CoreToCore` before / after JMH |  |  |" + cells + " |  |  |");
        }
        List<String> missing = new ArrayList<>();
        for (IssueTarget target : ISSUE_18) {
            if (!shown.contains(target)) {
                missing.add(target.mine() + " / " + target.anchor());
            }
        }
        if (!missing.isEmpty()) {
            System.err.println("issue-18 targets without a row (a benchmark missing from some run): "
                    + String.join(", ", missing));
        }
        return out;
    }

    /** Largest / smallest - 1, as a percentage. */
    private static String spread(List<Double> values) {
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        return format("%.1f%%", (max / min - 1) * 100);
    }

    /** The major JDK versions this run measured {@code subject}'s footprint on, in file order. */
    private List<String> footprintJdks(String subject) {
        return footprints.stream().filter(row -> subject.equals(row.get("subject")))
                .map(row -> majorVersion(row.get("jdk"))).distinct().collect(Collectors.toList());
    }

    /** Bytes per pending unit of {@code subject} on major JDK {@code jdk}, if this run measured it. */
    private Optional<Double> footprint(String subject, String jdk) {
        return footprints.stream()
                .filter(row -> subject.equals(row.get("subject")) && jdk.equals(majorVersion(row.get("jdk"))))
                .map(row -> ((Number) row.get("bytesPerUnit")).doubleValue()).findFirst();
    }

    private static String majorVersion(Object jdk) {
        return String.valueOf(jdk).split("\\.")[0];
    }

    /** ns per unit at the median, then from the fastest to the slowest iteration. */
    private static String cost(Score score) {
        return format("%,.0f ns (%,.0f to %,.0f)", 1e9 / score.median(), 1e9 / score.max(), 1e9 / score.min());
    }

    private static String cell(Score score) {
        return score == null ? "n/a" : rate(score.median()) + " (" + format("%,.0f", 1e9 / score.median()) + " ns)";
    }

    static String rate(double value) {
        if (value >= 1e9) {
            return format("%.2f G/s", value / 1e9);
        }
        if (value >= 1e6) {
            return format("%.2f M/s", value / 1e6);
        }
        if (value >= 1e3) {
            return format("%.2f k/s", value / 1e3);
        }
        return format("%.1f /s", value);
    }

    private static String method(String benchmark) {
        return benchmark.substring(benchmark.indexOf('.') + 1);
    }

    /** Sorted input; the mean of the two middle values for an even count. */
    static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }

    /** Just enough JSON for JMH's result files: objects, arrays, strings, numbers, literals. */
    static final class Json {

        private final String text;
        private int at;

        private Json(String text) {
            this.text = text;
        }

        static Object parse(String text) {
            Json json = new Json(text);
            Object value = json.value();
            json.skipSpace();
            if (json.at != text.length()) {
                throw json.error("trailing characters");
            }
            return value;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(Object value) {
            return (Map<String, Object>) value;
        }

        @SuppressWarnings("unchecked")
        static List<Object> list(Object value) {
            return (List<Object>) value;
        }

        private Object value() {
            skipSpace();
            if (at >= text.length()) {
                throw error("unexpected end");
            }
            char c = text.charAt(at);
            switch (c) {
                case '{':
                    return objectValue();
                case '[':
                    return arrayValue();
                case '"':
                    return string();
                default:
                    break;
            }
            for (String literal : new String[] {"true", "false", "null", "NaN"}) {
                if (text.startsWith(literal, at)) {
                    at += literal.length();
                    return switch (literal) {
                        case "true" -> Boolean.TRUE;
                        case "false" -> Boolean.FALSE;
                        case "NaN" -> Double.NaN;
                        default -> null;
                    };
                }
            }
            return number();
        }

        private Map<String, Object> objectValue() {
            Map<String, Object> object = new LinkedHashMap<>();
            at++;
            skipSpace();
            if (peek('}')) {
                return object;
            }
            do {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                object.put(key, value());
                skipSpace();
            } while (peek(','));
            expect('}');
            return object;
        }

        private List<Object> arrayValue() {
            List<Object> array = new ArrayList<>();
            at++;
            skipSpace();
            if (peek(']')) {
                return array;
            }
            do {
                array.add(value());
                skipSpace();
            } while (peek(','));
            expect(']');
            return array;
        }

        private String string() {
            expect('"');
            StringBuilder value = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw error("unterminated string");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return value.toString();
                }
                if (c != '\\') {
                    value.append(c);
                    continue;
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'n' -> value.append('\n');
                    case 't' -> value.append('\t');
                    case 'r' -> value.append('\r');
                    case 'b' -> value.append('\b');
                    case 'f' -> value.append('\f');
                    case 'u' -> {
                        value.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> value.append(escaped);
                }
            }
        }

        private Double number() {
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            if (start == at) {
                throw error("unexpected character '" + text.charAt(at) + "'");
            }
            return Double.parseDouble(text.substring(start, at));
        }

        private void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        /** Consumes {@code c} if it is next. */
        private boolean peek(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("expected '" + c + "'");
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("JSON: " + what + " at offset " + at);
        }
    }
}
