package dev.pollbridge.benchmarks.memory;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Measures the heap retained per pending unit of work of one {@link Subject}.
 *
 * <h2>Method</h2>
 * <ol>
 *   <li>Warm-up: create, await pending, release and finish {@code count / 10} units, so that classes
 *       are loaded, lambdas linked and the subject's pools have grown to their working size.</li>
 *   <li>Allocate the array that will keep the units' write ends (so its slots are not counted), then
 *       take the baseline: used heap after {@link System#gc()} repeated until it is stable
 *       (two readings within 64 KiB).</li>
 *   <li>Create {@code count} units (1,000,000 by default), keep each write end in the array, wait
 *       until every unit has reached its pending state, and take the used heap after GC again.</li>
 *   <li>Report (after - baseline) / count, then release every unit and wait for all to finish (which
 *       also proves each was really pending and reachable).</li>
 * </ol>
 * Run in a fresh JVM per subject ({@code run.sh} does), with a fixed heap and
 * {@code -XX:+UseParallelGC}: its full GC compacts the whole heap, so the used heap after it is the
 * live bytes (with G1 the reading carries a few bytes per unit of slack). The number includes
 * everything the unit retains: for a Pollbridge task its task object, state, waker, the user's
 * future and the promise; for a CompletableFuture the source, the stage and the dependent future.
 *
 * <p>Usage: {@code java -XX:+UseParallelGC -Xms6g -Xmx6g -cp benchmarks.jar dev.pollbridge.benchmarks.memory.MemoryFootprint
 * SUBJECT [COUNT]}. Prints one line of JSON: subject, count, bytesPerUnit, jdk. With
 * {@code -Dfootprint.histogram=true} it also prints, to standard error, the classes that make up the
 * footprint (the difference of two live-object class histograms, per unit).
 */
public final class MemoryFootprint {

    /**
     * The subjects by name; {@code virtual-thread} is in the Java 21 source set, {@code async-body}
     * (thread mode) and {@code async-body-continuation} (continuation mode, with the export) need
     * Java 21+ to run.
     */
    static final Map<String, String> SUBJECTS = new TreeMap<>(Map.of(
            "pollbridge-task", "dev.pollbridge.benchmarks.memory.PollbridgeTask",
            "completable-future", "dev.pollbridge.benchmarks.memory.CompletableFutureThenApply",
            "reactor-sinks-one", "dev.pollbridge.benchmarks.memory.ReactorSinksOne",
            "virtual-thread", "dev.pollbridge.benchmarks.memory.ParkedVirtualThread",
            "async-body", "dev.pollbridge.benchmarks.memory.SuspendedAsyncBody",
            "async-body-continuation", "dev.pollbridge.benchmarks.memory.SuspendedContinuationBody"));

    private static final long STABLE_BYTES = 64 * 1024;
    private static final boolean HISTOGRAM = Boolean.getBoolean("footprint.histogram");
    private static final int MAX_GCS = 20;

    private MemoryFootprint() {}

    /** Measures one subject; see the class Javadoc. */
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || !SUBJECTS.containsKey(args[0])) {
            System.err.println("usage: MemoryFootprint SUBJECT [COUNT]; subjects: " + SUBJECTS.keySet());
            System.exit(2);
        }
        String name = args[0];
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        Subject subject = load(name);
        try {
            int warmUp = Math.max(1, count / 10);
            measureOnce(subject, warmUp, 0);
            double bytesPerUnit = measureOnce(subject, count, warmUp);
            System.out.printf(Locale.ROOT, "{\"subject\":\"%s\",\"count\":%d,\"bytesPerUnit\":%.1f,\"jdk\":\"%s\"}%n",
                    name, count, bytesPerUnit, System.getProperty("java.version"));
        } finally {
            subject.close();
        }
    }

    private static Subject load(String name) throws ReflectiveOperationException {
        try {
            return (Subject) Class.forName(SUBJECTS.get(name)).getConstructor().newInstance();
        } catch (ClassNotFoundException | UnsupportedClassVersionError e) {
            throw new IllegalStateException(name + " needs the Java 21+ build of the benchmarks (run.sh builds it with JDK 25)", e);
        }
    }

    /** Creates, measures and releases {@code count} units, after {@code earlier} units of earlier rounds. */
    private static double measureOnce(Subject subject, int count, int earlier) throws InterruptedException {
        Object[] kept = new Object[count];
        long before = usedAfterGc();
        ClassHistogram baseline = HISTOGRAM ? ClassHistogram.take() : null;
        for (int i = 0; i < count; i++) {
            kept[i] = subject.create(i);
        }
        subject.awaitPending(earlier + count);
        long after = usedAfterGc();
        if (baseline != null) {
            System.err.println("classes per pending unit (" + count + " units):");
            ClassHistogram.take().growthSince(baseline, count).forEach(System.err::println);
        }
        for (Object unit : kept) {
            subject.release(unit);
        }
        subject.awaitFinished(earlier + count);
        return (double) (after - before) / count;
    }

    private static long usedAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < MAX_GCS; i++) {
            System.gc();
            Thread.sleep(20);
            long used = memory.getHeapMemoryUsage().getUsed();
            if (Math.abs(used - previous) < STABLE_BYTES) {
                return used;
            }
            previous = used;
        }
        return previous;
    }
}
