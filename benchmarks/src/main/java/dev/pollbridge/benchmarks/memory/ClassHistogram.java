package dev.pollbridge.benchmarks.memory;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The live-object class histogram of this JVM ({@code GC.class_histogram}, which runs a full GC
 * first), used to show which classes make up a footprint: the difference of two histograms divided
 * by the unit count.
 */
final class ClassHistogram {

    private final Map<String, long[]> instancesAndBytes;

    private ClassHistogram(Map<String, long[]> instancesAndBytes) {
        this.instancesAndBytes = instancesAndBytes;
    }

    /** Takes a histogram of the live objects now. */
    static ClassHistogram take() {
        String text;
        try {
            text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {null}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("GC.class_histogram is not available", e);
        }
        Map<String, long[]> rows = new HashMap<>();
        for (String line : text.split("\n")) {
            // "   1:        123456      7890123  java.lang.Object (java.base@17)"
            String[] fields = line.trim().split("\\s+");
            if (fields.length >= 4 && fields[0].endsWith(":")) {
                rows.put(fields[3], new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[2])});
            }
        }
        return new ClassHistogram(rows);
    }

    /** Lines "bytes/unit instances/unit class" for the classes that grew by at least 0.1 B per unit. */
    List<String> growthSince(ClassHistogram baseline, int units) {
        List<Map.Entry<String, long[]>> grown = new ArrayList<>();
        for (Map.Entry<String, long[]> row : instancesAndBytes.entrySet()) {
            long[] before = baseline.instancesAndBytes.getOrDefault(row.getKey(), new long[2]);
            long[] delta = {row.getValue()[0] - before[0], row.getValue()[1] - before[1]};
            if (delta[1] * 10 >= units) {
                grown.add(Map.entry(row.getKey(), delta));
            }
        }
        grown.sort((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]));
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, long[]> row : grown) {
            lines.add(String.format(Locale.ROOT, "%8.1f B  %6.2f objects  %s",
                    (double) row.getValue()[1] / units, (double) row.getValue()[0] / units, row.getKey()));
        }
        return lines;
    }
}
