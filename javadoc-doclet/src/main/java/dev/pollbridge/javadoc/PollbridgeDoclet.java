package dev.pollbridge.javadoc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.tools.Diagnostic;
import jdk.javadoc.doclet.DocletEnvironment;
import jdk.javadoc.doclet.Reporter;
import jdk.javadoc.doclet.StandardDoclet;

/**
 * The standard doclet, then {@link DocsSiteLinker} over the pages it wrote: every "rule N" of the
 * pull model and every page of docs/ that the Javadoc cites (as {@code docs/reactor.md}) becomes a
 * link to that page of the docs site. Takes one option of its own, {@code --docs-site URL} (the
 * site's root, ending in {@code /}); every standard option works as usual.
 *
 * <p>Rewriting the generated pages, rather than the comments, keeps the sources readable (they say
 * {@code rule 4} and {@code docs/reactor.md}, which a reader of the source can follow in the
 * repository) and links every new citation without anyone remembering to.
 */
public class PollbridgeDoclet extends StandardDoclet {

    private Path outputDirectory = Path.of(".");
    private String docsSite;

    @Override
    public String getName() {
        return "PollbridgeDoclet";
    }

    @Override
    public void init(Locale locale, Reporter reporter) {
        super.init(locale, new UnnamedModuleLinkReporter(reporter));
    }

    @Override
    public Set<? extends Option> getSupportedOptions() {
        Set<Option> options = new HashSet<>();
        for (Option option : super.getSupportedOptions()) {
            options.add(option.getNames().contains("-d") ? new RecordingOption(option, value -> outputDirectory = Path.of(value)) : option);
        }
        options.add(new RecordingOption("--docs-site", "<url>", "the docs site's root URL, ending in /", value -> docsSite = value));
        return options;
    }

    @Override
    public boolean run(DocletEnvironment environment) {
        if (!super.run(environment)) {
            return false;
        }
        if (docsSite == null) {
            getReporter().print(Diagnostic.Kind.ERROR, "PollbridgeDoclet needs --docs-site <url>");
            return false;
        }
        try {
            int links = new DocsSiteLinker(docsSite).linkAll(outputDirectory);
            getReporter().print(Diagnostic.Kind.NOTE, links + " links to the docs site (" + docsSite + ")");
            return true;
        } catch (IOException | UncheckedIOException e) {
            getReporter().print(Diagnostic.Kind.ERROR, "linking to the docs site failed: " + e);
            return false;
        }
    }

    /** An option that hands its one argument to a consumer, and to the option it wraps, if any. */
    private static final class RecordingOption implements Option {

        private final Option wrapped;
        private final List<String> names;
        private final String parameters;
        private final String description;
        private final java.util.function.Consumer<String> consumer;

        RecordingOption(Option wrapped, java.util.function.Consumer<String> consumer) {
            this.wrapped = wrapped;
            this.names = wrapped.getNames();
            this.parameters = wrapped.getParameters();
            this.description = wrapped.getDescription();
            this.consumer = consumer;
        }

        RecordingOption(String name, String parameters, String description, java.util.function.Consumer<String> consumer) {
            this.wrapped = null;
            this.names = List.of(name);
            this.parameters = parameters;
            this.description = description;
            this.consumer = consumer;
        }

        @Override
        public int getArgumentCount() {
            return 1;
        }

        @Override
        public String getDescription() {
            return description;
        }

        @Override
        public Kind getKind() {
            return wrapped == null ? Kind.STANDARD : wrapped.getKind();
        }

        @Override
        public List<String> getNames() {
            return names;
        }

        @Override
        public String getParameters() {
            return parameters;
        }

        @Override
        public boolean process(String option, List<String> arguments) {
            consumer.accept(arguments.get(0));
            return wrapped == null || wrapped.process(option, arguments);
        }
    }
}
