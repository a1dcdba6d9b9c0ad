package dev.pollbridge.spring.web;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The controller of the test application; {@code docs/spring.md} quotes it between the tags. */
// tag::controller[]
@RestController
class BookController {

    private final Catalog catalog;
    private final PollRuntime runtime;

    BookController(Catalog catalog, PollRuntime runtime) {
        this.catalog = catalog;
        this.runtime = runtime;
    }

    /** One value: 200 with the book as JSON, 200 with no body for null, or the failure. */
    @GetMapping("/books/{isbn}")
    PollFuture<Book> book(@PathVariable("isbn") String isbn) {
        return catalog.find(isbn);
    }

    /** Many values: one server-sent event per item, written as the stream yields it. */
    @GetMapping(path = "/books/{isbn}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    PollStream<String> events(@PathVariable("isbn") String isbn) {
        return catalog.events(isbn);
    }

    /** A task started now; the response carries its result. */
    @GetMapping("/reports/{name}")
    JoinHandle<String> report(@PathVariable("name") String name) {
        return runtime.spawn(catalog.report(name));
    }

    /** The exception a future failed with, as it is: Spring hands it to this handler. */
    @ExceptionHandler
    ResponseEntity<String> unavailable(CatalogUnavailableException failure) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(failure.getMessage());
    }
}
// end::controller[]
