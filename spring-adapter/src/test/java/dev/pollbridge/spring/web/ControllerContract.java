package dev.pollbridge.spring.web;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.test.StepVerifier;

/**
 * What a controller returning {@code PollFuture}, {@code PollStream} and {@code JoinHandle}
 * ({@link BookController}) does in a real Spring Boot application, bound to an ephemeral
 * loopback port and called over TCP (WebClient, or a plain socket to disconnect). One subclass
 * per web stack. Nothing is mocked: the adapters come from the auto-configuration, and the
 * catalog's answers are counting probes, so that after the application shut down every future
 * and stream it handed out is checked to have been closed exactly once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ControllerContract {

    static final Duration WAIT = Duration.ofSeconds(10);

    private final List<ProbeFuture<?>> futures = new CopyOnWriteArrayList<>();
    private final List<ProbeStream<?>> streams = new CopyOnWriteArrayList<>();

    ConfigurableApplicationContext app;
    TestCatalog catalog;
    WebClient client;
    int port;

    /** Reactive (WebFlux on reactor-netty) or servlet (MVC on Tomcat). */
    abstract WebApplicationType webApplicationType();

    /** The runtime whose workers poll what the controller returns. */
    abstract PollRuntime pollingRuntime();

    /** The application: Boot's auto-configuration (ours included), the controller, a runtime. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(BookController.class)
    static class BookApplication {

        @Bean
        UncaughtFailures uncaughtFailures() {
            return new UncaughtFailures();
        }

        @Bean
        PollRuntime pollbridgeRuntime(UncaughtFailures uncaught) {
            return PollRuntime.builder().workers(2).threadNamePrefix("web-runtime-").uncaughtFailureHandler(uncaught).build();
        }

        @Bean
        TestCatalog catalog() {
            return new TestCatalog();
        }
    }

    @BeforeAll
    void startApplication() {
        app = new SpringApplicationBuilder(BookApplication.class)
                .web(webApplicationType())
                .properties("server.address=127.0.0.1", "server.port=0", "spring.main.banner-mode=off")
                .run();
        port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
        catalog = app.getBean(TestCatalog.class);
        client = WebClient.create("http://127.0.0.1:" + port);
    }

    @AfterAll
    void stopApplication() {
        UncaughtFailures uncaught = app.getBean(UncaughtFailures.class);
        app.close(); // closes the runtime bean: its tasks are all done after this
        for (ProbeFuture<?> future : futures) {
            await().atMost(WAIT).until(future::isClosed); // a task of PollRuntime.shared() may still be finishing
            assertEquals(1, future.closes(), "closes of a future");
        }
        for (ProbeStream<?> stream : streams) {
            await().atMost(WAIT).until(stream::isClosed);
            assertEquals(1, stream.closes(), "closes of a stream");
        }
        assertEquals(List.of(), uncaught.failures());
    }

    <T> ProbeFuture<T> probeFuture() {
        ProbeFuture<T> probe = new ProbeFuture<>();
        futures.add(probe);
        return probe;
    }

    <T> ProbeStream<T> probeStream() {
        ProbeStream<T> probe = new ProbeStream<>();
        streams.add(probe);
        return probe;
    }

    ResponseEntity<String> get(String path, MediaType accept) {
        return client.get().uri(path).accept(accept)
                .exchangeToMono(response -> response.toEntity(String.class))
                .block(WAIT);
    }

    @Test
    void aFutureIsPolledOnARuntimeWorkerAndItsValueIsTheJsonBody() {
        ProbeFuture<Book> lookup = probeFuture();
        AtomicReference<PollRuntime> pollingRuntime = new AtomicReference<>();
        catalog.willFind(() -> Futures.defer(() -> {
            pollingRuntime.set(PollRuntime.current().orElse(null));
            return lookup;
        }));
        Book book = new Book("978-0-00-000001-1", "Pulling, not pushing");

        StepVerifier.create(client.get().uri("/books/{isbn}", book.isbn()).retrieve().bodyToMono(Book.class))
                .then(() -> await().atMost(WAIT).until(() -> lookup.polls() > 0))
                .then(() -> lookup.complete(book))
                .expectNext(book)
                .expectComplete()
                .verify(WAIT);

        assertSame(pollingRuntime(), pollingRuntime.get());
        await().atMost(WAIT).until(lookup::isClosed);
        assertFalse(lookup.isCancelled());
    }

    @Test
    void aNullValueAndANullFutureAreAnEmptyBody() {
        catalog.willFind(() -> Futures.ready(null));
        catalog.willFind(() -> null);
        for (int i = 0; i < 2; i++) {
            ResponseEntity<String> response = get("/books/none", MediaType.APPLICATION_JSON);
            assertEquals(HttpStatus.OK, response.getStatusCode());
            assertNull(response.getBody());
        }
    }

    @Test
    void aFailedFutureIsA5xxCarryingItsError() {
        catalog.willFind(() -> Futures.failed(new CatalogUnavailableException("catalog offline")));
        ResponseEntity<String> mapped = get("/books/1", MediaType.APPLICATION_JSON);
        assertEquals(HttpStatus.SERVICE_UNAVAILABLE, mapped.getStatusCode());
        assertEquals("catalog offline", mapped.getBody());

        ProbeFuture<Book> broken = probeFuture();
        broken.fail(new IllegalStateException("index corrupt"));
        catalog.willFind(() -> broken);
        ResponseEntity<String> unmapped = get("/books/2", MediaType.APPLICATION_JSON);
        assertEquals(HttpStatus.INTERNAL_SERVER_ERROR, unmapped.getStatusCode());
        await().atMost(WAIT).until(broken::isClosed);
    }

    @Test
    void aStreamIsWrittenEventByEventAsItsItemsAreProduced() {
        ProbeStream<String> news = probeStream();
        catalog.willStream(() -> news);

        // Each item is produced only after the client received the one before: the body streams.
        StepVerifier.create(client.get().uri("/books/{isbn}/events", "1").accept(MediaType.TEXT_EVENT_STREAM)
                        .retrieve().bodyToFlux(String.class))
                .then(() -> news.emit("reprinted"))
                .expectNext("reprinted")
                .then(() -> news.emit("translated"))
                .expectNext("translated")
                .then(() -> news.emit("sold out"))
                .expectNext("sold out")
                .then(news::complete)
                .expectComplete()
                .verify(WAIT);

        await().atMost(WAIT).until(news::isClosed);
        assertFalse(news.isCancelled());
    }

    @Test
    void aJoinHandleResponseCarriesTheTasksResult() {
        ProbeFuture<String> work = probeFuture();
        catalog.willReport(() -> work);

        StepVerifier.create(client.get().uri("/reports/{name}", "q3").retrieve().bodyToMono(String.class))
                .then(() -> await().atMost(WAIT).until(() -> work.polls() > 0))
                .then(() -> work.complete("q3: 42 books"))
                .expectNext("q3: 42 books")
                .expectComplete()
                .verify(WAIT);
        await().atMost(WAIT).until(work::isClosed);
        assertFalse(work.isCancelled());
    }

    @Test
    void aClientThatDisconnectsMidStreamClosesTheStreamExactlyOnce() throws IOException {
        ProbeStream<String> news = probeStream();
        catalog.willStream(() -> news);

        try (Socket socket = connect("/books/1/events", MediaType.TEXT_EVENT_STREAM_VALUE)) {
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), US_ASCII));
            news.emit("first");
            readUntil(in, "data:first");
            assertFalse(news.isClosed());
        } // the client goes away mid-stream

        // A server may notice only when it next writes (a servlet container does): keep producing.
        await().atMost(WAIT).until(() -> {
            news.emit("more");
            return news.isClosed();
        });
        assertTrue(news.isCancelled());
        assertEquals(1, news.closes());
    }

    /** A plain HTTP/1.1 client: the request is sent, the socket is the caller's to close. */
    Socket connect(String path, String accept) throws IOException {
        Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), port);
        socket.setSoTimeout((int) WAIT.toMillis());
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: " + accept + "\r\n\r\n").getBytes(US_ASCII));
        out.flush();
        return socket;
    }

    private static void readUntil(BufferedReader in, String expected) throws IOException {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals(expected)) {
                return;
            }
        }
        throw new AssertionError("the response ended before the line " + expected);
    }
}
