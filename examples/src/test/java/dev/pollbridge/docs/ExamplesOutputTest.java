package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.pollbridge.examples.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The examples print what the docs say they print. Runs {@link Main#runAll} (what the README's
 * run command runs) once, cuts its output at each {@code == Title} heading, and compares every
 * block marked {@code <!-- output: fully.qualified.Example -->} with that example's part (with or
 * without its heading line). The output blocks of docs/examples.md must be all of it, in order.
 * A block that names a class {@code runAll} does not run (the mains of getting-started.md's
 * project) is compared with what that class's {@code main} prints.
 */
class ExamplesOutputTest {

    /** Each example's output, by the simple name its heading starts with, in the order printed. */
    private static final Map<String, List<String>> PRINTED = new LinkedHashMap<>();

    @BeforeAll
    static void runTheExamples() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        PrintStream original = System.out;
        System.setOut(capture); // the README's example prints to System.out, as the README shows
        try {
            Main.runAll(capture);
        } finally {
            System.setOut(original);
        }
        String output = bytes.toString(StandardCharsets.UTF_8);
        original.print(output);
        List<String> part = null;
        for (String line : output.lines().toList()) {
            if (line.startsWith("== ")) {
                part = new ArrayList<>();
                PRINTED.put(line.substring(3).split(":")[0], part);
            }
            if (part != null) {
                part.add(line.stripTrailing());
            }
        }
        PRINTED.values().forEach(ExamplesOutputTest::trimTrailingBlankLines);
    }

    @Test
    void everyOutputBlockIsWhatItsExamplePrints() {
        List<String> problems = new ArrayList<>();
        int blocks = 0;
        for (Markdown doc : DocsTest.docs()) {
            boolean changed = false;
            List<Markdown.Block> all = doc.blocks();
            for (int i = all.size() - 1; i >= 0; i--) { // bottom up: replacing keeps earlier line numbers
                Markdown.Block block = all.get(i);
                if (block.marker() == null || !block.marker().kind().equals("output")) {
                    continue;
                }
                blocks++;
                String example = block.marker().argument();
                List<String> printed = PRINTED.get(example.substring(example.lastIndexOf('.') + 1));
                if (printed != null && !block.content().isEmpty() && !block.content().get(0).startsWith("== ")) {
                    printed = printed.subList(1, printed.size()); // a block may leave out the example's heading
                } else if (printed == null) {
                    printed = printedByMain(example);
                }
                if (printed == null) {
                    problems.add(block.location() + ": " + example + " printed nothing; Main.runAll runs " + PRINTED.keySet());
                } else if (!printed.equals(block.content())) {
                    if (DocsTest.UPDATE) {
                        doc.replace(block.open() + 1, block.close() - 1, printed);
                        changed = true;
                    } else {
                        problems.add(block.location() + ": " + example + " printed something else\n"
                                + DocsTest.firstDifference(printed, block.content()));
                    }
                }
            }
            if (changed) {
                doc.write();
            }
        }
        assertFalse(blocks == 0, "no output blocks found");
        DocsTest.assertNoProblems(problems);
    }

    @Test
    void examplesMdShowsTheWholeOutputInOrder() {
        Markdown examples = Markdown.read(DocsTest.ROOT.resolve("docs/examples.md"));
        List<String> documented = new ArrayList<>();
        for (Markdown.Block block : examples.blocks()) {
            if (block.marker() != null && block.marker().kind().equals("output")) {
                String example = block.marker().argument();
                documented.add(example.substring(example.lastIndexOf('.') + 1));
            }
        }
        assertEquals(List.copyOf(PRINTED.keySet()), documented,
                "docs/examples.md must show every example's output, in the order Main.runAll runs them");
    }

    /** What {@code className}'s {@code main} prints, or null if there is no such class. */
    private static List<String> printedByMain(String className) {
        Method main;
        try {
            main = Class.forName(className).getMethod("main", String[].class);
        } catch (ReflectiveOperationException e) {
            return null;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            main.invoke(null, (Object) new String[0]);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(className + ".main failed", e);
        } finally {
            System.setOut(original);
        }
        List<String> lines = new ArrayList<>(bytes.toString(StandardCharsets.UTF_8).lines().map(String::stripTrailing).toList());
        trimTrailingBlankLines(lines);
        return lines;
    }

    private static void trimTrailingBlankLines(List<String> lines) {
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
            lines.remove(lines.size() - 1);
        }
    }
}
