package dev.pollbridge.runtime.internal.scheduler;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The idle word's counters must come back to "everyone parked, nobody searching" once a runtime
 * goes quiet after mixed load: a leaked searching count would silence every producer's unpark.
 */
@Tag("stress")
@Timeout(60)
class IdleAccountingTest {

    @Test
    void countersReturnToAllParkedAfterLoad() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("idle-accounting-").build()) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            for (int round = 0; round < 3; round++) {
                int tasks = 50_000;
                CountDownLatch done = new CountDownLatch(2 * tasks);
                for (int i = 0; i < tasks; i++) {
                    runtime.executor().execute(done::countDown);
                }
                runtime.executor().execute(() -> {
                    for (int i = 0; i < tasks; i++) {
                        runtime.executor().execute(done::countDown);
                    }
                });
                AtomicInteger value = new AtomicInteger();
                for (int i = 0; i < 2_000; i++) {
                    runtime.blockOn(runtime.spawn(cx -> Poll.ready(value.incrementAndGet())));
                }
                assertEquals(true, done.await(30, TimeUnit.SECONDS));
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                        .until(() -> engine.idle.parkedNow() == 2 && engine.idle.searchingNow() == 0);
            }
        }
    }
}
