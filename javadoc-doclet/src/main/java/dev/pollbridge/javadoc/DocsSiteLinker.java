package dev.pollbridge.javadoc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Rewrites generated Javadoc pages so that the docs they cite are links into the docs site:
 *
 * <ul>
 *   <li>"rule 4", "Rule 4", "rules 5 and 6", "rules 4-9" (the sixteen rules of the pull model) link
 *       each number to {@code concepts.html#rule-N}; a Reactive Streams rule ("rule 2.13") is left
 *       alone;
 *   <li>{@code docs/reactor.md} and {@code docs/runtime.md#failures} link to {@code reactor.html}
 *       and {@code runtime.html#failures}.
 * </ul>
 *
 * Only text is rewritten: not tags or their attributes, not text already inside a link, not the
 * page's head, scripts or styles. The rewrite is a pure function of the page, so the javadoc jar
 * stays reproducible.
 */
final class DocsSiteLinker {

    private static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z]+)[^>]*>");
    private static final Pattern CITATION = Pattern.compile(
            "\\b(?<rules>[Rr]ules? \\d{1,2}(?:(?:, and |, | and | or |-|\u2013)\\d{1,2})*)\\b(?![.,]\\d)"
                    + "|\\bdocs/(?<page>[\\w-]+)\\.md(?:#(?<anchor>[\\w-]+))?");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,2}");
    private static final int RULES = 16;

    private final String site;

    DocsSiteLinker(String site) {
        this.site = site.endsWith("/") ? site : site + "/";
    }

    /** Rewrites every page under {@code directory}; the number of links added. */
    int linkAll(Path directory) throws IOException {
        List<Path> pages;
        try (Stream<Path> walk = Files.walk(directory)) {
            pages = walk.filter(path -> path.toString().endsWith(".html")).sorted().collect(Collectors.toList());
        }
        int links = 0;
        for (Path page : pages) {
            String html = Files.readString(page, StandardCharsets.UTF_8);
            int[] count = {0};
            String linked = link(html, count);
            if (count[0] > 0) {
                Files.writeString(page, linked, StandardCharsets.UTF_8);
                links += count[0];
            }
        }
        return links;
    }

    /** The page with its citations linked; {@code count[0]} grows by the links added. */
    String link(String html, int[] count) {
        StringBuilder out = new StringBuilder(html.length() + 256);
        Matcher tag = TAG.matcher(html);
        int textStart = 0;
        int inLink = 0;
        int inSkipped = 0; // head, script, style
        while (tag.find()) {
            String text = html.substring(textStart, tag.start());
            out.append(inLink > 0 || inSkipped > 0 ? text : linkText(text, count));
            String name = tag.group(2).toLowerCase(java.util.Locale.ROOT);
            int delta = tag.group(1).isEmpty() ? 1 : -1;
            if (name.equals("a")) {
                inLink = Math.max(0, inLink + delta);
            } else if (name.equals("head") || name.equals("script") || name.equals("style")) {
                inSkipped = Math.max(0, inSkipped + delta);
            }
            out.append(tag.group());
            textStart = tag.end();
        }
        String rest = html.substring(textStart);
        out.append(inLink > 0 || inSkipped > 0 ? rest : linkText(rest, count));
        return out.toString();
    }

    private String linkText(String text, int[] count) {
        Matcher citation = CITATION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (citation.find()) {
            String replacement;
            if (citation.group("page") != null) {
                String anchor = citation.group("anchor") == null ? "" : "#" + citation.group("anchor");
                replacement = anchor(site + citation.group("page") + ".html" + anchor, citation.group());
                count[0]++;
            } else {
                replacement = linkRules(citation.group("rules"), count);
            }
            citation.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        citation.appendTail(out);
        return out.toString();
    }

    /** "rule 4" becomes one link; in "rules 5 and 6" each number is a link. */
    private String linkRules(String words, int[] count) {
        if (NUMBER.matcher(words).results().mapToInt(n -> Integer.parseInt(n.group())).anyMatch(n -> n < 1 || n > RULES)) {
            return words; // not the rules of the pull model
        }
        Matcher number = NUMBER.matcher(words);
        boolean single = !words.toLowerCase(java.util.Locale.ROOT).startsWith("rules");
        StringBuilder out = new StringBuilder();
        while (number.find()) {
            String href = site + "concepts.html#rule-" + Integer.parseInt(number.group());
            if (single) {
                count[0]++;
                return anchor(href, words);
            }
            number.appendReplacement(out, Matcher.quoteReplacement(anchor(href, number.group())));
            count[0]++;
        }
        number.appendTail(out);
        return out.toString();
    }

    private static String anchor(String href, String text) {
        return "<a href=\"" + href + "\">" + text + "</a>";
    }
}
