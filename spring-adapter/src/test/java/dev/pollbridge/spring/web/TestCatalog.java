package dev.pollbridge.spring.web;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/**
 * A {@link Catalog} whose answers each test prepares: every call takes the next prepared answer
 * (a supplier, so that an answer may be {@code null}) and fails if the test prepared none.
 */
final class TestCatalog implements Catalog {

    private final Queue<Supplier<PollFuture<Book>>> finds = new ConcurrentLinkedQueue<>();
    private final Queue<Supplier<PollStream<String>>> events = new ConcurrentLinkedQueue<>();
    private final Queue<Supplier<PollFuture<String>>> reports = new ConcurrentLinkedQueue<>();

    void willFind(Supplier<PollFuture<Book>> answer) {
        finds.add(answer);
    }

    void willStream(Supplier<PollStream<String>> answer) {
        events.add(answer);
    }

    void willReport(Supplier<PollFuture<String>> answer) {
        reports.add(answer);
    }

    @Override
    public PollFuture<Book> find(String isbn) {
        return next(finds, "find");
    }

    @Override
    public PollStream<String> events(String isbn) {
        return next(events, "events");
    }

    @Override
    public PollFuture<String> report(String name) {
        return next(reports, "report");
    }

    private static <T> T next(Queue<Supplier<T>> answers, String call) {
        Supplier<T> answer = answers.poll();
        if (answer == null) {
            throw new IllegalStateException("the test prepared no answer for " + call);
        }
        return answer.get();
    }
}
