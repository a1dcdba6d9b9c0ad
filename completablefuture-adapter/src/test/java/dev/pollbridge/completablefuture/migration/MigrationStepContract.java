package dev.pollbridge.completablefuture.migration;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What must not change while the order pipeline is migrated: the same invoice lines, the same
 * failures (type and message), and the same cancellation (cancelling the result stops the remote
 * call in flight, exactly once, and nothing is audited). One thin subclass per step.
 */
abstract class MigrationStepContract {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private static PollRuntime runtime;
    private static ExecutorService pool;

    private Shop shop;
    private OrderHistory history;
    private OrderPipeline pipeline;
    private Services services;

    /** The runtime the migrated stages run on. */
    static PollRuntime runtime() {
        return runtime;
    }

    Shop shop() {
        return shop;
    }

    Services services() {
        return services;
    }

    /** Builds this step's pipeline. */
    abstract OrderPipeline create(Services services);

    @BeforeAll
    static void start() {
        runtime = PollRuntime.builder().workers(2).blockingThreads(2).threadNamePrefix("migration-").build();
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        runtime.close();
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(5, TimeUnit.SECONDS));
    }

    @BeforeEach
    void build() {
        shop = new Shop();
        history = new OrderHistory(pool);
        services = new Services(shop, new UserDirectory(), history, pool, runtime);
        pipeline = create(services);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "user=42;sku=book;qty=2;coupon=SAVE10 | 42 (Ada): 2 x book = 25.64 EUR",
        "user=7;sku=pen;qty=5                 | 7 (Grace): 5 x pen = 11.94 EUR",
        "user=7;sku=book;qty=1;coupon=SAVE10  | 7 (Grace): 1 x book = 13.50 EUR",
    })
    void sameResults(String rawOrder, String invoice) throws Exception {
        assertEquals(invoice, pipeline.process(rawOrder).get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(List.of(invoice), shop.auditLog());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "user=42;sku=book                  | java.lang.IllegalArgumentException | missing field 'qty' in: user=42;sku=book",
        "user=42;sku=book;qty=-1           | java.lang.IllegalArgumentException | quantity must be positive: -1",
        "user=42;sku=book;qty=1;coupon=X   | java.lang.IllegalArgumentException | unknown coupon: X",
        "user=99;sku=book;qty=1            | java.util.NoSuchElementException   | no user 99",
        "user=42;sku=lamp;qty=1            | java.util.NoSuchElementException   | no price for sku lamp",
    })
    void sameErrors(String rawOrder, Class<? extends Throwable> type, String message) {
        CompletableFuture<String> result = pipeline.process(rawOrder);

        ExecutionException viaGet = assertThrows(ExecutionException.class,
                () -> result.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(type, viaGet.getCause().getClass());
        assertEquals(message, viaGet.getCause().getMessage());
        CompletionException viaJoin = assertThrows(CompletionException.class, result::join);
        assertEquals(type, viaJoin.getCause().getClass());
        assertEquals(message, viaJoin.getCause().getMessage());
        assertEquals(List.of(), shop.auditLog());
    }

    @Test
    void cancellingTheResultStopsTheRemoteCallInFlight() {
        history.hold();
        CompletableFuture<String> result = pipeline.process("user=42;sku=book;qty=2");
        await().atMost(PATIENCE).until(() -> history.heldCalls().size() == 1);
        OrderHistory.Call inFlight = history.heldCalls().get(0);

        assertTrue(result.cancel(true));

        await().atMost(PATIENCE).until(inFlight::stopped);
        assertEquals(1, inFlight.stopSignals());
        assertTrue(result.isCancelled());
        assertThrows(CancellationException.class, result::join);
        assertEquals(List.of(), shop.auditLog());
        assertEquals(1, history.heldCalls().size(), "no stage after the cancelled one started");
    }
}
