package dev.pollbridge.spring.web;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;

/** The service behind {@link BookController}: it answers with Pollbridge futures and streams. */
interface Catalog {

    /** The book, {@code null} if there is none. */
    PollFuture<Book> find(String isbn);

    /** News about the book, as it happens. */
    PollStream<String> events(String isbn);

    /** A report that takes a while to build. */
    PollFuture<String> report(String name);
}
