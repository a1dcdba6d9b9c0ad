package dev.pollbridge.test;

import dev.pollbridge.api.PollFuture;
import java.util.NoSuchElementException;

/**
 * {@link PollFutureContract} subjects for the awaits of one item of a library's publisher
 * ({@code first}, {@code last}, {@code single} and their {@code OrNull}/{@code OrDefault} forms,
 * as Reactor's and RxJava's adapters have them): how each is driven and what it must give is the
 * same for every library. The caller makes the await from its library's source and hands over a
 * {@link Feed} that drives that source.
 */
public final class OneItemSubjects {

    private OneItemSubjects() {}

    /**
     * The test's side of a library's source of strings, counted.
     */
    public interface Feed {

        /**
         * Emits {@code item}.
         *
         * @param item the item
         */
        void next(String item);

        /** Ends the source. */
        void complete();

        /**
         * Fails the source.
         *
         * @param error the failure
         */
        void fail(Throwable error);

        /**
         * The source's subscriptions and cancels, as the contract counts them.
         *
         * @return the source as an upstream
         */
        Upstream upstream();
    }

    /**
     * {@code first}: the first item completes it, an empty end fails it with
     * {@link NoSuchElementException}.
     *
     * @param feed drives the source
     * @param await the await of {@code feed}'s source
     * @return a new subject
     */
    public static FutureSubject<String> first(Feed feed, PollFuture<String> await) {
        return FutureSubject.of(await)
                .completesWith("item", () -> feed.next("item"))
                .fails(feed::complete, NoSuchElementException.class)
                .upstream(feed.upstream());
    }

    /**
     * The forms that end empty with a value ({@code firstOrNull}, {@code firstOrDefault},
     * {@code lastOrNull}, {@code singleOrNull}): an empty end completes it with {@code expected}.
     *
     * @param feed drives the source
     * @param await the await of {@code feed}'s source
     * @param expected its value at an empty end
     * @return a new subject
     */
    public static FutureSubject<String> orDefault(Feed feed, PollFuture<String> await, String expected) {
        return FutureSubject.of(await)
                .completesWith(expected, feed::complete)
                .failsWith(feed::fail)
                .upstream(feed.upstream());
    }

    /**
     * {@code last}: two items and the end complete it with the second, an empty end fails it with
     * {@link NoSuchElementException}.
     *
     * @param feed drives the source
     * @param await the await of {@code feed}'s source
     * @return a new subject
     */
    public static FutureSubject<String> last(Feed feed, PollFuture<String> await) {
        return FutureSubject.of(await)
                .completesWith("second", () -> {
                    feed.next("first");
                    feed.next("second");
                    feed.complete();
                })
                .fails(feed::complete, NoSuchElementException.class)
                .upstream(feed.upstream());
    }

    /**
     * {@code single}: one item and the end complete it, a second item fails it with
     * {@link IllegalArgumentException}.
     *
     * @param feed drives the source
     * @param await the await of {@code feed}'s source
     * @return a new subject
     */
    public static FutureSubject<String> single(Feed feed, PollFuture<String> await) {
        return FutureSubject.of(await)
                .completesWith("item", () -> {
                    feed.next("item");
                    feed.complete();
                })
                .fails(() -> {
                    feed.next("first");
                    feed.next("second");
                }, IllegalArgumentException.class)
                .upstream(feed.upstream());
    }
}
