package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NotifyTest {

    private final Notify notify = new Notify();

    @Test
    void notifyOneWithoutWaitersStoresASinglePermit() {
        notify.notifyOne();
        notify.notifyOne();
        try (MockTask<Void> first = MockTask.spawn(notify.notified());
                MockTask<Void> second = MockTask.spawn(notify.notified())) {
            assertReady(first.poll(), null);
            assertPending(second.poll());
        }
    }

    @Test
    void notifyOneWakesTheLongestWaitingOnly() {
        try (MockTask<Void> first = MockTask.spawn(notify.notified());
                MockTask<Void> second = MockTask.spawn(notify.notified())) {
            assertPending(first.poll());
            assertPending(second.poll());
            notify.notifyOne();
            assertTrue(first.isWoken());
            assertFalse(second.isWoken());
            assertReady(first.poll(), null);
            assertPending(second.poll());
            assertThrows(IllegalStateException.class, first::poll);
        }
    }

    @Test
    void notifyWaitersWakesAllCurrentWaitersAndStoresNothing() {
        try (MockTask<Void> first = MockTask.spawn(notify.notified());
                MockTask<Void> second = MockTask.spawn(notify.notified())) {
            assertPending(first.poll());
            assertPending(second.poll());
            notify.notifyWaiters();
            assertReady(first.poll(), null);
            assertReady(second.poll(), null);
        }
        try (MockTask<Void> later = MockTask.spawn(notify.notified())) {
            assertPending(later.poll());
        }
    }

    @Test
    void aNotifiedFutureCountsAsWaitingFromItsCreation() {
        try (MockTask<Void> created = MockTask.spawn(notify.notified())) {
            notify.notifyWaiters(); // before the first poll
            assertReady(created.poll(), null);
        }
    }

    @Test
    void droppingAChosenWaiterPassesTheNotificationOn() {
        MockTask<Void> chosen = MockTask.spawn(notify.notified());
        try (MockTask<Void> next = MockTask.spawn(notify.notified())) {
            assertPending(chosen.poll());
            assertPending(next.poll());
            notify.notifyOne();
            chosen.close();
            assertTrue(next.isWoken());
            assertReady(next.poll(), null);
        }
        MockTask<Void> alone = MockTask.spawn(notify.notified());
        assertPending(alone.poll());
        notify.notifyOne();
        alone.close();
        try (MockTask<Void> after = MockTask.spawn(notify.notified())) {
            assertReady(after.poll(), null); // stored as the permit
        }
    }

    @Test
    void droppingAWaiterLeavesTheQueue() {
        MockTask<Void> dropped = MockTask.spawn(notify.notified());
        assertPending(dropped.poll());
        dropped.close();
        notify.notifyOne();
        assertEquals(0, dropped.wakeCount());
        try (MockTask<Void> next = MockTask.spawn(notify.notified())) {
            assertReady(next.poll(), null); // the notification became the permit
        }
    }

    @Test
    void theLatestWakerIsWoken() {
        PollFuture<Void> notified = notify.notified();
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(notified.poll(Context.of(first)));
        assertPending(notified.poll(Context.of(second)));
        notify.notifyOne();
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        notified.close();
    }

    @Test
    void noWakeUpIsLostBetweenACheckAndAWait() throws Exception {
        int signals = 20_000;
        AtomicInteger produced = new AtomicInteger();
        Thread producer = new Thread(() -> {
            for (int i = 0; i < signals; i++) {
                produced.incrementAndGet();
                notify.notifyOne();
            }
        }, "notifier");
        producer.setDaemon(true);
        ParkingPoller poller = new ParkingPoller(TimeUnit.SECONDS.toMillis(10));
        producer.start();
        int consumed = 0;
        while (consumed < signals) {
            PollFuture<Void> notified = notify.notified();
            int available = produced.get();
            if (available > consumed) {
                consumed = available;
                notified.close();
                continue;
            }
            poller.await(notified); // fails at the deadline if the wake-up was lost
            notified.close();
        }
        producer.join(5_000);
        assertEquals(signals, consumed);
    }
}
