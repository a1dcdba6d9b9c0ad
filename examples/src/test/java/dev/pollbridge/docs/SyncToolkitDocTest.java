package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.sync.Barrier;
import dev.pollbridge.runtime.sync.BroadcastReceiver;
import dev.pollbridge.runtime.sync.BroadcastSender;
import dev.pollbridge.runtime.sync.CancellationToken;
import dev.pollbridge.runtime.sync.ChannelClosedException;
import dev.pollbridge.runtime.sync.DropGuard;
import dev.pollbridge.runtime.sync.LaggedException;
import dev.pollbridge.runtime.sync.Mutex;
import dev.pollbridge.runtime.sync.MutexGuard;
import dev.pollbridge.runtime.sync.RwLock;
import dev.pollbridge.runtime.sync.RwLockReadGuard;
import dev.pollbridge.runtime.sync.RwLockWriteGuard;
import dev.pollbridge.runtime.sync.WatchReceiver;
import dev.pollbridge.runtime.sync.WatchSender;
import dev.pollbridge.runtime.task.TaskScope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The snippets of docs/sync.md for watch, broadcast, the locks, the barrier and the cancellation
 * token, run (the page's other snippets are in {@link SyncDocTest}; a file of their own keeps the
 * two groups of primitives apart).
 */
class SyncToolkitDocTest {

    record Config(String name) {}

    record Quote(String symbol, int price) {}

    record Account(int balance) {}

    private final PollRuntime runtime = PollRuntime.builder().workers(2).build();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void watch() {
        // tag::watch[]
        WatchSender<Config> config = WatchSender.create(new Config("v1"));
        WatchReceiver<Config> reader = config.subscribe();        // has seen v1
        PollFuture<String> applied = Async.run(() -> {
            Async.await(reader.changed());                        // waits for a value it has not seen
            return reader.borrowAndUpdate().name();               // the latest; now seen
        });
        // end::watch[]
        JoinHandle<String> applying = runtime.spawn(applied);
        // tag::watch[]
        config.send(new Config("v2"));                            // false (and not stored) if no receiver is open
        // end::watch[]
        assertEquals("v2", runtime.blockOn(applying));
        // tag::watch-modify[]
        boolean changed = config.sendIfModified(current ->
                current.name().equals("v2") ? current : new Config("v2")); // the same instance: nobody is told
        config.sendReplace(new Config("v3"));                     // stored even with no receiver open
        // end::watch-modify[]
        assertFalse(changed);
        assertEquals("v3", reader.borrow().name());
        // tag::watch-close[]
        config.close();                                           // the last sender: the sending side is gone
        PollFuture<Void> next = reader.changed();                 // completes once more for v3, unseen...
        // end::watch-close[]
        runtime.blockOn(next);
        // tag::watch-close[]
        PollFuture<Void> end = reader.changed();                  // ...then fails with ChannelClosedException
        // end::watch-close[]
        assertThrows(ChannelClosedException.class, () -> runtime.blockOn(end));
        reader.close();
    }

    @Test
    void broadcast() {
        // tag::broadcast[]
        BroadcastSender<Quote> quotes = BroadcastSender.create(64); // holds the last 64 for slow receivers
        BroadcastReceiver<Quote> screen = quotes.subscribe();       // every value sent from now on
        BroadcastReceiver<Quote> audit = quotes.subscribe();
        int receivers = quotes.send(new Quote("ACME", 10));        // 2: both will see it (0: none, not stored)
        PollFuture<Quote> next = screen.receive();
        // end::broadcast[]
        assertEquals(2, receivers);
        assertEquals(new Quote("ACME", 10), runtime.blockOn(next));
        for (int price = 11; price <= 100; price++) {
            quotes.send(new Quote("ACME", price));                  // more than audit's 64 behind
        }
        quotes.close();
        AtomicInteger missed = new AtomicInteger();
        List<Quote> recorded = new ArrayList<>();
        runtime.blockOn(Async.run(() -> {
            while (true) {
                // tag::broadcast-lag[]
                try {
                    Quote quote = Async.await(audit.receive());
                    recorded.add(quote);
                } catch (LaggedException lagged) {
                    missed.addAndGet((int) lagged.missed()); // overwritten before audit took them; it goes on
                }
                // end::broadcast-lag[]
                catch (ChannelClosedException end) {
                    return null;
                }
            }
        }));
        assertEquals(91, recorded.size() + missed.get());
        assertEquals(64, recorded.size());
        screen.close();
        audit.close();
    }

    @Test
    void mutex() {
        // tag::mutex[]
        Mutex<Account> account = new Mutex<>(new Account(100));
        PollFuture<Integer> withdraw = Async.run(() -> {
            try (MutexGuard<Account> guard = Async.await(account.lock())) { // FIFO; no thread held while waiting
                guard.set(new Account(guard.get().balance() - 30));        // only the guard reaches the data
                return guard.get().balance();
            }                                                                // close() unlocks, once
        });
        // end::mutex[]
        assertEquals(70, runtime.blockOn(withdraw));
        assertTrue(account.tryLock().isPresent());
    }

    @Test
    void rwLock() {
        RwLock<Map<String, Integer>> prices = new RwLock<>(Map.of("ACME", 10));
        // tag::rwlock[]
        PollFuture<Integer> price = Async.run(() -> {
            try (RwLockReadGuard<Map<String, Integer>> read = Async.await(prices.read())) { // many at once
                return read.get().get("ACME");
            }
        });
        PollFuture<Void> update = Async.run(() -> {
            try (RwLockWriteGuard<Map<String, Integer>> write = Async.await(prices.write())) { // alone
                write.set(Map.of("ACME", 11));
            }
            return null;
        });
        // end::rwlock[]
        runtime.blockOn(update);
        assertEquals(11, runtime.blockOn(price));
    }

    @Test
    void barrier() {
        AtomicInteger announced = new AtomicInteger();
        List<PollFuture<Boolean>> shards = new ArrayList<>();
        // tag::barrier[]
        Barrier loaded = new Barrier(3);
        for (int shard = 0; shard < 3; shard++) {
            PollFuture<Boolean> serving = Async.run(() -> {
                boolean leader = Async.await(loaded.arriveAndWait()); // waits for all three
                if (leader) {
                    announced.incrementAndGet();                      // exactly one of the three
                }
                return leader;
            });
            // end::barrier[]
            shards.add(runtime.spawn(serving));
            // tag::barrier[]
        }
        // end::barrier[]
        assertEquals(1, runtime.blockOn(Futures.joinAll(shards)).stream().filter(leader -> leader).count());
        assertEquals(1, announced.get());
    }

    @Test
    void token() {
        // tag::token[]
        CancellationToken shutdown = new CancellationToken();
        CancellationToken request = shutdown.childToken();              // cancelled by shutdown, or alone
        PollFuture<String> reply = request.runUntilCancelled(runtime.sleep(Duration.ofHours(1)).map(x -> "slow"));
        JoinHandle<String> handling = runtime.spawn(reply);
        shutdown.cancel();                                               // every descendant too
        // end::token[]
        assertThrows(CancellationException.class, () -> runtime.blockOn(handling));
        assertTrue(request.isCancelled());
    }

    @Test
    void tokenIntegration() {
        CancellationToken shutdown = new CancellationToken();
        // tag::token-integration[]
        JoinHandle<Void> worker = runtime.spawn(runtime.sleep(Duration.ofHours(1)), shutdown); // a task the token aborts
        TaskScope<Void> scope = TaskScope.<Void>open(runtime).closeOn(shutdown);               // a scope it closes
        scope.spawn(runtime.sleep(Duration.ofHours(1)));
        try (DropGuard cancelOnExit = shutdown.dropGuard()) {
            // ... however this block ends, the token is cancelled at its end
        }
        // end::token-integration[]
        assertThrows(CancellationException.class, () -> runtime.blockOn(worker));
        assertThrows(CancellationException.class, () -> runtime.blockOn(scope.joinAll()));
        assertTrue(scope.isClosed());
    }
}
