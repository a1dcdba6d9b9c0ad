package dev.pollbridge.runtime.internal.scheduler;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.LogCapture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.internal.task.Task;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The watchdog's sampling, driven by hand with made-up clock values, so the outcome of each sample
 * is exact: a turn is acted on only when it is seen twice, reported once per turn when it passed
 * the threshold, and its LIFO task is moved to the global queue. The runtime's own watchdog is
 * off (both reports off, one worker: no LIFO rescue), so only the samples made here count.
 */
@Timeout(60)
class WatchdogTest {

    private static final long MS = 1_000_000L;

    @Test
    void aTurnIsReportedOnceWhenItWasSeenPastTheThresholdAndANewTurnStartsOver() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch polling = new CountDownLatch(1);
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("watchdog-sample-")
                .stuckWorkerThreshold(ChronoUnit.FOREVER.getDuration())
                .slowPollThreshold(ChronoUnit.FOREVER.getDuration()).build();
                LogCapture log = LogCapture.recording("sampler")) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            Watchdog watchdog = new Watchdog(engine, 100 * MS, Long.MAX_VALUE, false);
            runtime.spawn(cx -> {
                polling.countDown();
                awaitLatch(release);
                return Poll.ready(null);
            }).close();
            try {
                polling.await();

                sampleOn("sampler", watchdog, 0);            // first sight of the turn
                sampleOn("sampler", watchdog, 99 * MS);      // seen again, under the threshold
                assertEquals(0, log.messages().size());
                sampleOn("sampler", watchdog, 100 * MS);     // at the threshold: reported
                sampleOn("sampler", watchdog, 500 * MS);     // still the same turn: not again
                assertEquals(1, log.messages().size(), () -> "" + log.messages());
                assertTrue(log.messages().get(0).contains("for at least 100.000 ms"), log.messages().get(0));
            } finally {
                release.countDown(); // before the runtime closes: close joins the stuck worker
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> engine.workers[0].runningTask() == null);
            sampleOn("sampler", watchdog, 600 * MS);     // idle: forgets the turn
            assertEquals(1, log.messages().size());
        } finally {
            release.countDown();
        }
    }

    @Test
    void aTaskWaitingInTheLifoSlotOfAWorkerInOneTurnIsMovedToTheGlobalQueue() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch slotFilled = new CountDownLatch(1);
        CountDownLatch childRan = new CountDownLatch(1);
        // One worker and reports off: the runtime starts no watchdog of its own.
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("watchdog-lifo-")
                .stuckWorkerThreshold(ChronoUnit.FOREVER.getDuration())
                .slowPollThreshold(ChronoUnit.FOREVER.getDuration()).build()) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            Worker worker = engine.workers[0];
            Watchdog sampler = new Watchdog(engine, Long.MAX_VALUE, Long.MAX_VALUE, true);
            runtime.spawn(cx -> {
                runtime.spawn(childCx -> {
                    childRan.countDown();
                    return Poll.ready(null);
                }).close();
                slotFilled.countDown();
                awaitLatch(release);
                return Poll.ready(null);
            }).close();
            try {
                slotFilled.await();
                Task<?> child = worker.peekLifo();
                assertTrue(child != null, "the spawned child waits in the LIFO slot");
                sampler.sample(() -> 0);
                assertSame(child, worker.peekLifo(), "a turn seen once is left alone");
                sampler.sample(() -> 10 * MS);
                assertNull(worker.peekLifo(), "seen twice: the slot's task was moved out");
                assertEquals(1, engine.global.size(), "to the global queue");
            } finally {
                release.countDown(); // before the runtime closes: close joins the stuck worker
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> childRan.getCount() == 0);
        }
    }

    @Test
    void aLongTurnMarkThatArrivesAfterItsTurnEndedIsNotTakenForALaterTurn() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("watchdog-late-mark-")
                .slowPollThreshold(Duration.ofMillis(100)).build();
                LogCapture log = LogCapture.recording("watchdog-late-mark-")) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            Worker worker = engine.workers[0];
            AtomicReference<Task<?>> first = new AtomicReference<>();
            runtime.blockOn(runtime.spawn(cx -> {
                first.set(Task.current());
                return Poll.ready(null);
            }));
            await().atMost(Duration.ofSeconds(20)).until(() -> worker.runningTask() == null);
            long ended = worker.polls();
            // What a watchdog descheduled between its sample and its mark does: marks a turn that
            // is over, as if it had run for a second.
            worker.markLongTurn(ended, System.nanoTime() - 1_000 * MS, first.get());
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            await().atMost(Duration.ofSeconds(20)).until(() -> worker.polls() > ended && worker.runningTask() == null);
            assertEquals(0, log.messages().size(), () -> "the next turn is not reported: " + log.messages());
        }
    }

    @Test
    void thePeriodIsAQuarterOfTheThresholdBetweenOneAndTenMilliseconds() {
        assertEquals(10 * MS, Watchdog.periodFor(Long.MAX_VALUE));
        assertEquals(10 * MS, Watchdog.periodFor(1_000 * MS));
        assertEquals(5 * MS, Watchdog.periodFor(20 * MS));
        assertEquals(1 * MS, Watchdog.periodFor(1 * MS));
    }

    private static void sampleOn(String threadName, Watchdog watchdog, long now) throws InterruptedException {
        Thread sampler = new Thread(() -> watchdog.sample(() -> now), threadName);
        sampler.start();
        sampler.join();
    }

    private static void awaitLatch(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
