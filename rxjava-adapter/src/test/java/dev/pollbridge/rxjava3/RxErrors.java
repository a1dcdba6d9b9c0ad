package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reactivex.rxjava3.exceptions.UndeliverableException;
import io.reactivex.rxjava3.functions.Consumer;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Collects what reaches {@code RxJavaPlugins.onError} during one test, and puts the previous
 * handler back after it. Register with {@code @RegisterExtension final RxErrors rxErrors = new RxErrors();}.
 * {@link #errors()} unwraps RxJava's {@link UndeliverableException} so tests see the original instance.
 */
final class RxErrors implements BeforeEachCallback, AfterEachCallback {

    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private Consumer<? super Throwable> previous;

    @Override
    public void beforeEach(ExtensionContext context) {
        previous = RxJavaPlugins.getErrorHandler();
        errors.clear();
        RxJavaPlugins.setErrorHandler(errors::add);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        RxJavaPlugins.setErrorHandler(previous);
    }

    /** Forgets the errors so far (a test with several cases). */
    void clear() {
        errors.clear();
    }

    /** The errors so far as {@code RxJavaPlugins} passed them to the handler (wrapped or not). */
    List<Throwable> raw() {
        return List.copyOf(errors);
    }

    /** The errors so far, each unwrapped from an {@code UndeliverableException}. */
    List<Throwable> errors() {
        return errors.stream().map(RxErrors::unwrap).toList();
    }

    /** Waits (up to 5 s) until exactly {@code count} errors arrived; returns them. */
    List<Throwable> awaitCount(int count) {
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> errors.size() >= count);
        assertEquals(count, errors.size(), () -> "errors: " + errors);
        return errors();
    }

    /** Waits for exactly one error and returns it. */
    Throwable awaitOne() {
        return awaitCount(1).get(0);
    }

    void assertNone() {
        assertEquals(List.of(), errors());
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof UndeliverableException ? error.getCause() : error;
    }
}
