package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.ChannelClosedException;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.runtime.sync.PromiseFuture;
import dev.pollbridge.runtime.sync.Receiver;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.runtime.sync.SemaphoreClosedException;
import dev.pollbridge.runtime.sync.SendPermit;
import dev.pollbridge.runtime.sync.Sender;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The snippets of docs/sync.md, run. */
class SyncDocTest {

    record Config(String name) {}

    record Order(int id) {}

    private final PollRuntime runtime = PollRuntime.builder().workers(2).build();

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

    @Test
    void promiseClose() {
        // tag::promise-close[]
        Promise<Config> promise = Promise.create();
        PromiseFuture<Config> config = promise.future();
        JoinHandle<Config> consumer = runtime.spawn(config);
        runtime.spawn(Async.run(() -> {
            try (promise) {                                // a producer that fails still closes it
                if (promise.isClosed()) {
                    return null;                           // the reader went away: skip the work
                }
                promise.complete(load());                  // load() throws: the reader is not left waiting
            }
            return null;
        })).close();
        // the consumer gets the config, or a ChannelClosedException if the producer gave up
        // end::promise-close[]
        ChannelClosedException gaveUp = assertThrows(ChannelClosedException.class, () -> runtime.blockOn(consumer));
        assertTrue(gaveUp.getMessage().contains("closed without a value"));

        Promise<Config> answered = Promise.create();
        PromiseFuture<Config> reader = answered.future();
        answered.complete(new Config("test"));
        // tag::promise-try[]
        Poll<Config> now = reader.tryReceive();          // pending, or the outcome (then it is taken)
        // end::promise-try[]
        assertEquals(new Config("test"), now.value());
    }

    private static Config load() {
        throw new IllegalStateException("the config server is down");
    }

    @Test
    void channelHandles() {
        // tag::channel-handles[]
        Channel<Order> orders = Channel.bounded(64);
        try (Sender<Order> own = orders.sender()) {                 // held while the producers get theirs
            for (String till : List.of("front", "back")) {
                Sender<Order> sender = orders.sender();             // one handle per producer
                runtime.spawn(Async.run(() -> {
                    try (sender) {                                  // the last sender to close ends the channel
                        for (int i = 0; i < 3; i++) {
                            Async.await(sender.send(new Order(i)));
                        }
                    }
                    return null;
                })).close();
            }
        }
        int received = 0;
        try (Receiver<Order> kitchen = orders.receiver()) {         // closing the last receiver refuses sends
            for (List<Order> batch = runtime.blockOn(kitchen.receiveMany(16)); !batch.isEmpty();
                    batch = runtime.blockOn(kitchen.receiveMany(16))) { // up to 16 at once; empty: all senders done
                received += batch.size();
            }
        }
        // end::channel-handles[]
        assertEquals(6, received);
        assertTrue(orders.isClosed());
    }

    @Test
    void channelReserve() {
        Channel<Order> orders = Channel.bounded(1);
        PollFuture<Boolean> producer = Async.run(() -> {
            // tag::reserve[]
            try (SendPermit<Order> slot = Async.await(orders.reserve())) { // waits for room; hands nothing over yet
                Order order = prepare();                    // if this throws, close() gives the slot back
                return slot.send(order);                    // cannot wait, cannot be dropped half-way
            }
            // end::reserve[]
        });
        assertTrue(runtime.blockOn(producer));
        // tag::try-receive[]
        Optional<Order> ready = orders.tryReceive();        // empty if nothing is buffered now
        // end::try-receive[]
        assertEquals(Optional.of(new Order(7)), ready);
    }

    private static Order prepare() {
        return new Order(7);
    }

    @Test
    void semaphoreMany() {
        // tag::semaphore-many[]
        Semaphore memory = new Semaphore(64);             // 64 MiB of buffers
        PollFuture<Permit> big = memory.acquireMany(48);    // fair: a large request is not starved
        memory.addPermits(16);                            // grow the pool
        memory.close();                                   // waiting acquires fail with SemaphoreClosedException
        // end::semaphore-many[]
        try (Permit permit = runtime.blockOn(big)) {
            fail("closed before the first poll: " + permit);
        } catch (SemaphoreClosedException expected) {
            assertEquals(80, memory.totalPermits());
        }
        assertThrows(SemaphoreClosedException.class, () -> memory.tryAcquire(1));
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
