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
 * One Markdown file as the docs checks see it: its lines, its fenced code blocks, and the marker
 * comment ({@code <!-- kind: argument -->}) on the line right above each block or table.
 */
final class Markdown {

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(```+|~~~+)\\s*([\\w+-]*)\\s*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*([\\w-]+):\\s*(.*?)\\s*-->\\s*$");

    /** A {@code <!-- kind: argument -->} comment. */
    record Marker(String kind, String argument) {}

    /**
     * A fenced block: {@code open} and {@code close} are the 0-based lines of its fences;
     * {@code content} is what lies between them, without the fence's own indentation.
     */
    record Block(Markdown file, int open, int close, String language, String indent, List<String> content,
                 Marker marker) {

        /** Where the block starts, as {@code path:line} (1-based). */
        String location() {
            return file.path + ":" + (open + 1);
        }
    }

    /** A table (consecutive lines starting with {@code |}) that has a marker right above it. */
    record Table(Markdown file, int first, int last, List<String> lines, Marker marker) {

        String location() {
            return file.path + ":" + (first + 1);
        }
    }

    final Path path;
    final List<String> lines;

    private Markdown(Path path, List<String> lines) {
        this.path = path;
        this.lines = lines;
    }

    static Markdown read(Path path) {
        try {
            return new Markdown(path, new ArrayList<>(Files.readAllLines(path, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The marker on line {@code index}, or null. */
    Marker markerAt(int index) {
        if (index < 0) {
            return null;
        }
        Matcher matcher = MARKER.matcher(lines.get(index));
        return matcher.matches() ? new Marker(matcher.group(1), matcher.group(2)) : null;
    }

    List<Block> blocks() {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            int close = i + 1;
            while (close < lines.size() && !isClosingFence(lines.get(close), indent, fence)) {
                close++;
            }
            if (close == lines.size()) {
                throw new AssertionError(path + ":" + (i + 1) + ": a code fence is never closed");
            }
            List<String> content = new ArrayList<>();
            for (String line : lines.subList(i + 1, close)) {
                content.add(line.startsWith(indent) ? line.substring(indent.length()) : line.strip());
            }
            blocks.add(new Block(this, i, close, open.group(3), indent, content, markerAt(i - 1)));
            i = close;
        }
        return blocks;
    }

    private static boolean isClosingFence(String line, String indent, String fence) {
        String stripped = line.strip();
        return line.startsWith(indent) && stripped.startsWith(fence) && stripped.chars().allMatch(c -> c == fence.charAt(0));
    }

    /** Tables outside code blocks whose line above is a marker. */
    List<Table> markedTables() {
        List<Table> tables = new ArrayList<>();
        boolean[] inBlock = codeLines();
        for (int i = 1; i < lines.size(); i++) {
            Marker marker = markerAt(i - 1);
            if (marker == null || inBlock[i] || !lines.get(i).startsWith("|")) {
                continue;
            }
            int last = i;
            while (last + 1 < lines.size() && lines.get(last + 1).startsWith("|")) {
                last++;
            }
            tables.add(new Table(this, i, last, List.copyOf(lines.subList(i, last + 1)), marker));
        }
        return tables;
    }

    /** The text outside fenced blocks, with inline code spans blanked, line by line. */
    List<String> prose() {
        boolean[] inBlock = codeLines();
        List<String> prose = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            prose.add(inBlock[i] ? "" : lines.get(i).replaceAll("`[^`]*`", "``"));
        }
        return prose;
    }

    private boolean[] codeLines() {
        boolean[] inBlock = new boolean[lines.size()];
        for (Block block : blocks()) {
            for (int i = block.open(); i <= block.close(); i++) {
                inBlock[i] = true;
            }
        }
        return inBlock;
    }

    /** Replaces lines {@code from..to} (inclusive) with {@code replacement}; see {@link #write}. */
    void replace(int from, int to, List<String> replacement) {
        lines.subList(from, to + 1).clear();
        lines.addAll(from, replacement);
    }

    void write() {
        try {
            Files.write(path, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
