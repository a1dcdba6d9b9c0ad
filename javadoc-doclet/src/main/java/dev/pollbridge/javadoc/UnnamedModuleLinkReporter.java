package dev.pollbridge.javadoc;

import com.sun.source.util.DocTreePath;
import java.io.PrintWriter;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import jdk.javadoc.doclet.Reporter;

/**
 * Passes every message on, except one warning, which it turns into a note: "The code being
 * documented uses modules but the packages defined in URL are in the unnamed module". Javadoc
 * prints it for every link from modular code (ours) to the docs of a library built without
 * modules (Reactor, RxJava, Spring, Micrometer, ...), and links them all the same (JDK-8240169).
 * The build fails on any warning (doclint), so this one, which says nothing is wrong, must not
 * count as one.
 */
final class UnnamedModuleLinkReporter implements Reporter {

    private final Reporter reporter;

    UnnamedModuleLinkReporter(Reporter reporter) {
        this.reporter = reporter;
    }

    static boolean isUnnamedModuleLinkWarning(Diagnostic.Kind kind, String message) {
        return kind == Diagnostic.Kind.WARNING
                && message.toLowerCase(Locale.ROOT).contains("uses modules but the packages defined in")
                && message.contains("unnamed module");
    }

    @Override
    public void print(Diagnostic.Kind kind, String message) {
        reporter.print(isUnnamedModuleLinkWarning(kind, message) ? Diagnostic.Kind.NOTE : kind, message);
    }

    @Override
    public void print(Diagnostic.Kind kind, DocTreePath path, String message) {
        reporter.print(kind, path, message);
    }

    @Override
    public void print(Diagnostic.Kind kind, Element element, String message) {
        reporter.print(kind, element, message);
    }

    @Override
    public void print(Diagnostic.Kind kind, FileObject file, int start, int pos, int end, String message) {
        reporter.print(kind, file, start, pos, end, message);
    }

    @Override
    public PrintWriter getStandardWriter() {
        return reporter.getStandardWriter();
    }

    @Override
    public PrintWriter getDiagnosticWriter() {
        return reporter.getDiagnosticWriter();
    }
}
