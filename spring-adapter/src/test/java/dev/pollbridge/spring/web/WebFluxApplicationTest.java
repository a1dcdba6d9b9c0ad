package dev.pollbridge.spring.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.http.MediaType;

/**
 * {@link ControllerContract} on Spring WebFlux and reactor-netty. WebFlux looks adapters up in
 * its {@code webFluxAdapterRegistry} bean, which the auto-configuration gave the application's
 * {@code PollRuntime} bean.
 */
class WebFluxApplicationTest extends ControllerContract {

    @Override
    WebApplicationType webApplicationType() {
        return WebApplicationType.REACTIVE;
    }

    @Override
    PollRuntime pollingRuntime() {
        return app.getBean(PollRuntime.class);
    }

    @Test
    void theAutoConfigurationRegisteredTheAdaptersInTheWebFluxRegistry() {
        ReactiveAdapterRegistry webFlux = app.getBean("webFluxAdapterRegistry", ReactiveAdapterRegistry.class);
        for (Class<?> type : List.of(PollFuture.class, PollStream.class, JoinHandle.class)) {
            assertSame(type, webFlux.getAdapter(type).getReactiveType());
        }
    }

    @Test
    void aClientThatDisconnectsBeforeTheValueClosesTheFutureExactlyOnce() throws IOException {
        ProbeFuture<Book> lookup = probeFuture();
        catalog.willFind(() -> lookup);

        try (Socket ignored = connect("/books/slow", MediaType.APPLICATION_JSON_VALUE)) {
            await().atMost(WAIT).until(() -> lookup.polls() > 0);
        } // the client goes away while the future is pending: reactor-netty notices at once

        await().atMost(WAIT).until(lookup::isClosed);
        assertTrue(lookup.isCancelled());
        assertEquals(1, lookup.closes());
    }
}
