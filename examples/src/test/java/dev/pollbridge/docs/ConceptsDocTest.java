package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The snippets of docs/concepts.md, run. */
class ConceptsDocTest {

    record User(String name) {}

    record Page(String body) {}

    /** Counts its loads, so the test can see that building the future loaded nothing. */
    static final class Cache {
        final AtomicInteger loads = new AtomicInteger();

        User load(long id) {
            loads.incrementAndGet();
            return new User("user-" + id);
        }
    }

    static final class Client {
        final ProbeFuture<Page> inFlight = new ProbeFuture<>();

        PollFuture<Page> fetch(String url) {
            return inFlight;
        }
    }

    @Test
    void lazy() {
        Cache cache = new Cache();
        long id = 7;
        // tag::lazy[]
        PollFuture<User> user = Futures.lazy(() -> cache.load(id)); // nothing has run yet
        PollFuture<String> name = user.map(User::name);             // still nothing
        // end::lazy[]
        assertEquals(0, cache.loads.get());
        try (MockTask<String> task = MockTask.spawn(name)) {
            assertReady(task.poll(), "user-7");
        }
        assertEquals(1, cache.loads.get());
    }

    @Test
    void close() {
        Client client = new Client();
        String url = "https://example.org";
        // tag::close[]
        PollFuture<Page> fetch = client.fetch(url);
        // ... the page is no longer needed:
        fetch.close(); // unsubscribes, cancels the CompletableFuture, closes its children
        // end::close[]
        assertTrue(client.inFlight.isCancelled());
    }

    @Test
    void oneOwner() {
        Cache cache = new Cache();
        // tag::one-owner[]
        PollFuture<User> user = Futures.lazy(() -> cache.load(7));
        PollFuture<String> name = user.map(User::name);         // map owns user from now on
        // user.map(User::name) again: IllegalStateException, user already has an owner (rule 11)

        Supplier<PollFuture<User>> load = () -> Futures.lazy(() -> cache.load(7));
        PollFuture<String> first = load.get().map(User::name);   // one new future per owner
        PollFuture<String> second = load.get().map(User::name);
        // end::one-owner[]
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> user.map(User::name));
        assertTrue(refused.getMessage().contains("rule 11"), refused.getMessage());
        for (PollFuture<String> each : List.of(name, first, second)) {
            try (MockTask<String> task = MockTask.spawn(each)) {
                assertReady(task.poll(), "user-7");
            }
        }
    }

    @Test
    void mockTask() {
        // tag::mock-task[]
        OneShot<String> source = new OneShot<>();
        try (MockTask<String> task = MockTask.spawn(source.map(String::toUpperCase))) {
            assertPending(task.poll());       // pending, and the waker is stored (rule 5)
            source.complete("x");
            assertTrue(task.isWoken());       // the producer woke the task (rule 6)
            assertReady(task.poll(), "X");
        }
        // end::mock-task[]
    }
}
