package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.ChannelClosedException;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.runtime.sync.Semaphore;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The snippets of docs/sync.md, run. */
class SyncDocTest {

    record Config(String name) {}

    record Order(int id) {}

    private final Runtime runtime = Runtime.builder().workers(2).build();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void promise() throws InterruptedException {
        Config loaded = new Config("prod");
        // tag::promise[]
        Promise<Config> promise = Promise.create();
        PollFuture<Config> config = promise.future();    // give this to the consumer
        JoinHandle<Config> consumer = runtime.spawn(config);
        // end::promise[]
        Thread producer = new Thread(() -> {
            // tag::promise[]
            promise.complete(loaded);                     // any thread; wakes the consumer
            // end::promise[]
        });
        producer.start();
        producer.join();
        assertEquals(loaded, runtime.blockOn(consumer));
    }

    @Test
    void channel() {
        Order order = new Order(1);
        // tag::channel[]
        Channel<Order> orders = Channel.bounded(256);
        PollFuture<Void> sent = orders.send(order);      // waits while the channel is full
        PollFuture<Order> next = orders.receive();       // waits while it is empty
        PollStream<Order> all = orders.stream();         // ends after close() and the last item
        // end::channel[]
        runtime.blockOn(sent);
        assertEquals(order, runtime.blockOn(next));
        assertTrue(orders.trySend(new Order(2)));
        // tag::channel[]
        orders.close();                                  // no more sends; receivers drain what is left
        // end::channel[]
        assertEquals(List.of(new Order(2)), runtime.blockOn(all.collect(Collectors.toList())));
        assertThrows(ChannelClosedException.class, () -> runtime.blockOn(orders.send(order))); // unchecked: as it is
    }

    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    @Test
    void semaphore() {
        // tag::semaphore[]
        Semaphore connections = new Semaphore(20);        // the database allows 20 at once
        // end::semaphore[]
        List<PollFuture<Integer>> queries = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            int id = i;
            // tag::semaphore[]

            PollFuture<Integer> guarded = Async.run(() -> {
                try (Permit permit = Async.await(connections.acquire())) { // waits for a free one
                    return query(id);                                       // at most 20 run this
                }                                                           // close() gives it back
            });
            // end::semaphore[]
            queries.add(runtime.spawn(guarded));
        }
        assertEquals(100, runtime.blockOn(Futures.joinAll(queries)).size());
        assertTrue(mostAtOnce.get() <= 20, "at most 20 at once, saw " + mostAtOnce.get());
        assertEquals(20, connections.availablePermits());
    }

    private int query(int id) throws InterruptedException {
        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
        Thread.sleep(1); // simulates the database's work (an Async body may block its own thread)
        running.decrementAndGet();
        return id * 2;
    }
}
