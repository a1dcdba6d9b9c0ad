package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.task.Coop;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The snippets of docs/runtime.md, run. */
class RuntimeDocTest {

    record User(long id) {}

    static PollFuture<User> loadUser(long id) {
        return Futures.lazy(() -> new User(id));
    }

    /** A file whose read fails with a checked exception. */
    static final class File {
        final IOException failure = new IOException("disk on fire");

        PollFuture<byte[]> read() {
            return Futures.failed(failure);
        }
    }

    static byte[] fallback() {
        return new byte[] {0};
    }

    @Test
    void create() {
        long id = 42;
        User loaded;
        // tag::create[]
        try (PollRuntime runtime = PollRuntime.create()) {         // one worker per available processor
            JoinHandle<User> handle = runtime.spawn(loadUser(id));
            User user = runtime.blockOn(handle);            // waits on this (non-worker) thread
            // end::create[]
            loaded = user;
            // tag::create[]
        }
        // end::create[]
        assertEquals(new User(42), loaded);
    }

    @Test
    void failures() {
        File file = new File();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            IOException seen = null;
            // tag::failures-block-on[]
            try {
                runtime.blockOn(file.read());                  // fails with an IOException
            } catch (CompletionException e) {                  // checked: wrapped, once
                IOException cause = (IOException) e.getCause();  // the very instance the future failed with
                // end::failures-block-on[]
                seen = cause;
                // tag::failures-block-on[]
            }
            // end::failures-block-on[]
            assertSame(file.failure, seen);

            // tag::failures-await[]
            PollFuture<byte[]> bytes = Async.run(() -> {
                try {
                    return Async.await(file.read(), IOException.class); // declares it: thrown as it is
                } catch (IOException e) {
                    return fallback();
                }
            });
            // end::failures-await[]
            assertArrayEquals(fallback(), runtime.blockOn(bytes));
        }
    }

    /** A remote call that does not answer in time. */
    static final class SlowClient {
        final ProbeFuture<String> call = new ProbeFuture<>();

        PollFuture<String> call() {
            return call;
        }
    }

    @Test
    void blockOnWithATimeLimit() {
        SlowClient client = new SlowClient();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            boolean timedOut = false;
            // tag::block-on-timeout[]
            try {
                String reply = runtime.blockOn(client.call(), Duration.ofMillis(50)); // at most 50 ms of this thread
                // end::block-on-timeout[]
                assertEquals("never", reply);
                // tag::block-on-timeout[]
            } catch (CompletionException e) {
                if (e.getCause() instanceof TimeoutException) {
                    // end::block-on-timeout[]
                    timedOut = true;
                    // tag::block-on-timeout[]
                    // not ready in time: the call was closed (cancelled)
                }
            }
            // end::block-on-timeout[]
            assertTrue(timedOut);
            assertTrue(client.call.isCancelled());
        }
    }

    /** A source that is always ready, as a cache is. */
    static final class Cache {
        int get(String key) {
            return key.length();
        }
    }

    @Test
    void budgetAndYield() {
        Cache cache = new Cache();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            // tag::proceed[]
            PollFuture<Integer> cached = cx -> {
                if (!Coop.proceed(cx)) {              // the task's budget is spent: woken, back next turn
                    return Poll.pending();
                }
                return Poll.ready(cache.get("key"));
            };
            // end::proceed[]
            assertEquals(3, runtime.blockOn(runtime.spawn(cached)));
            PollFuture<Integer> crunched = Async.run(() -> {
                int sum = 0;
                // tag::yield-now[]
                for (int chunk = 0; chunk < 1_000; chunk++) {
                    sum += crunch(chunk);                     // CPU work in short steps
                    Async.await(PollRuntime.yieldNow());          // let the worker's other tasks run
                }
                // end::yield-now[]
                return sum;
            });
            assertEquals(499_500, runtime.blockOn(runtime.spawn(crunched)));
        }
    }

    private static int crunch(int chunk) {
        return chunk;
    }

    @Test
    void schedulerOptions() {
        // tag::scheduler-options[]
        PollRuntime runtime = PollRuntime.builder()
                .stuckWorkerThreshold(Duration.ofMillis(500)) // report a worker stuck in one poll for 0.5 s, while stuck
                .lifoSlot(true)                                // the default; false queues woken tasks instead
                .build();
        // end::scheduler-options[]
        try (runtime) {
            assertEquals(Integer.valueOf(1), runtime.blockOn(runtime.spawn((PollFuture<Integer>) cx -> Poll.ready(1))));
        }
    }
}
