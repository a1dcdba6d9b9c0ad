package dev.pollbridge.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A region of a source file between {@code tag::name[]} and {@code end::name[]} (the Asciidoctor
 * convention), written in a comment: {@code // tag::join[]} in Java, {@code <!-- tag::bom[] -->}
 * in XML. Lines holding other tag markers inside the region are left out, so regions may nest or
 * overlap. Several regions with the same tag are joined in order (imports, then a method body).
 * Each region is dedented by its smallest indentation and trailing spaces are dropped.
 */
final class TaggedRegion {

    private static final Pattern TAG_LINE = Pattern.compile(".*\\b(tag|end)::([\\w.-]+)\\[\\].*");

    private TaggedRegion() {}

    /**
     * The lines of region {@code tag} in {@code file}.
     *
     * @throws AssertionError naming the file and tag if the region is missing, opened again before
     *     its end, or never closed
     */
    static List<String> extract(Path file, String tag) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> snippet = new ArrayList<>();
        List<String> region = null;
        int opened = -1;
        for (int i = 0; i < lines.size(); i++) {
            Matcher matcher = TAG_LINE.matcher(lines.get(i));
            if (!matcher.matches()) {
                if (region != null) {
                    region.add(lines.get(i).stripTrailing());
                }
                continue;
            }
            if (!matcher.group(2).equals(tag)) {
                continue; // another region's marker: left out
            }
            if (matcher.group(1).equals("tag")) {
                if (region != null) {
                    throw new AssertionError(file + ":" + (i + 1) + ": tag::" + tag + "[] is opened again before its end");
                }
                region = new ArrayList<>();
                opened = i;
            } else if (region != null) {
                snippet.addAll(dedent(region)); // several regions of one tag are joined, each dedented
                region = null;
            }
        }
        if (region != null) {
            throw new AssertionError(file + ":" + (opened + 1) + ": tag::" + tag + "[] has no end::" + tag + "[]");
        }
        if (opened < 0) {
            throw new AssertionError(file + ": no tag::" + tag + "[] in this file");
        }
        return snippet;
    }

    static List<String> dedent(List<String> lines) {
        int indent = lines.stream()
                .filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length())
                .min()
                .orElse(0);
        List<String> dedented = new ArrayList<>();
        for (String line : lines) {
            dedented.add(line.isBlank() ? "" : line.substring(indent).stripTrailing());
        }
        return dedented;
    }
}
