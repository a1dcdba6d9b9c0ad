package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tokio's {@code tokio/tests/sync_watch.rs}, ported in our own words: each test names the Tokio
 * test it ports. Where we deliberately differ (docs/sync.md, "Watch", lists it) the test says so.
 * A Tokio {@code watch::channel(v)} is {@code WatchSender.create(v)} plus {@code subscribe()};
 * dropping a handle is {@code close()}; {@code rx.clone()} is {@code duplicate()}.
 */
class WatchTest {

    /** Tokio: {@code single_rx_recv}. */
    @Test
    void singleReceiverReceives() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll()); // not initially notified
        }
        assertEquals("one", rx.borrow());
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll());
            assertTrue(tx.send("two"));
            assertTrue(changed.isWoken());
            assertReady(changed.poll());
        }
        assertEquals("two", rx.borrow());
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll());
            tx.close();
            assertTrue(changed.isWoken());
            assertFailed(changed.poll(), ChannelClosedException.class);
        }
        assertEquals("two", rx.borrow());
    }

    /** Tokio: {@code rx_version_underflow}. */
    @Test
    void markingChangedTwiceIsHarmless() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        rx.markChanged();
        rx.markChanged();
        assertTrue(rx.hasChanged());
    }

    /** Tokio: {@code rx_mark_changed}. */
    @Test
    void markChangedMakesTheCurrentValueUnseen() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        WatchReceiver<String> rx2 = rx.duplicate();
        WatchReceiver<String> rx3 = rx.duplicate();
        WatchReceiver<String> rx4 = rx.duplicate();

        rx.markChanged();
        assertTrue(rx.hasChanged());
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertReady(changed.poll());
        }

        assertFalse(rx2.hasChanged(), "duplicates have their own seen version");
        try (MockTask<Void> changed = MockTask.spawn(rx2.changed())) {
            assertPending(changed.poll());
        }

        rx3.markChanged();
        assertEquals("one", rx3.borrow());
        assertTrue(rx3.hasChanged());
        assertEquals("one", rx3.borrowAndUpdate());
        assertFalse(rx3.hasChanged());
        try (MockTask<Void> changed = MockTask.spawn(rx3.changed())) {
            assertPending(changed.poll());
        }

        assertTrue(tx.send("two"));
        assertTrue(rx4.hasChanged());
        assertEquals("two", rx4.borrowAndUpdate());
        rx4.markChanged();
        assertTrue(rx4.hasChanged());
        assertEquals("two", rx4.borrowAndUpdate());

        assertEquals("two", rx.borrow());
    }

    /** Tokio: {@code rx_mark_unchanged}. */
    @Test
    void markUnchangedMarksTheCurrentValueSeen() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        WatchReceiver<String> rx2 = rx.duplicate();

        assertFalse(rx.hasChanged());
        rx.markChanged();
        assertTrue(rx.hasChanged());
        rx.markUnchanged();
        assertFalse(rx.hasChanged());
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll());
        }

        assertFalse(rx2.hasChanged());
        assertTrue(tx.send("two"));
        assertTrue(rx2.hasChanged());
        rx2.markUnchanged();
        assertFalse(rx2.hasChanged());
        assertEquals("two", rx2.borrowAndUpdate());

        assertEquals("two", rx.borrow());
    }

    /** Tokio: {@code multi_rx}. */
    @Test
    void everyReceiverSeesEachChange() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx1 = tx.subscribe();
        WatchReceiver<String> rx2 = rx1.duplicate();

        try (MockTask<Void> t1 = MockTask.spawn(rx1.changed()); MockTask<Void> t2 = MockTask.spawn(rx2.changed())) {
            assertPending(t1.poll());
            assertPending(t2.poll());
        }
        assertEquals("one", rx1.borrow());
        assertEquals("one", rx2.borrow());

        MockTask<Void> t2 = MockTask.spawn(rx2.changed());
        try (MockTask<Void> t1 = MockTask.spawn(rx1.changed())) {
            assertPending(t1.poll());
            assertPending(t2.poll());
            assertTrue(tx.send("two"));
            assertTrue(t1.isWoken());
            assertTrue(t2.isWoken());
            assertReady(t1.poll());
        }
        assertEquals("two", rx1.borrow());

        try (MockTask<Void> t1 = MockTask.spawn(rx1.changed())) {
            assertPending(t1.poll());
            assertTrue(tx.send("three"));
            assertTrue(t1.isWoken());
            assertTrue(t2.isWoken());
            assertReady(t1.poll());
            assertReady(t2.poll());
        }
        assertEquals("three", rx1.borrow());
        t2.close();
        assertEquals("three", rx2.borrow());

        try (MockTask<Void> t1 = MockTask.spawn(rx1.changed()); MockTask<Void> t3 = MockTask.spawn(rx2.changed())) {
            assertPending(t1.poll());
            assertPending(t3.poll());
            assertTrue(tx.send("four"));
            assertReady(t1.poll());
            assertReady(t3.poll());
        }
        assertEquals("four", rx1.borrow());
        assertEquals("four", rx2.borrow());
    }

    /** Tokio: {@code rx_observes_final_value}. */
    @Test
    void theReceiverObservesTheFinalValue() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        tx.close();
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertFailed(changed.poll(), ChannelClosedException.class);
        }
        assertEquals("one", rx.borrow());

        WatchSender<String> tx2 = WatchSender.create("one");
        WatchReceiver<String> rx2 = tx2.subscribe();
        assertTrue(tx2.send("two"));
        try (MockTask<Void> changed = MockTask.spawn(rx2.changed())) {
            assertReady(changed.poll());
        }
        assertEquals("two", rx2.borrow());
        try (MockTask<Void> changed = MockTask.spawn(rx2.changed())) {
            assertPending(changed.poll());
            assertTrue(tx2.send("three"));
            tx2.close();
            assertTrue(changed.isWoken());
            assertReady(changed.poll());
        }
        assertEquals("three", rx2.borrow());
        try (MockTask<Void> changed = MockTask.spawn(rx2.changed())) {
            assertFailed(changed.poll(), ChannelClosedException.class);
        }
        assertEquals("three", rx2.borrow());
    }

    /** Tokio: {@code poll_close}. */
    @Test
    void theSenderSeesTheLastReceiverClose() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        try (MockTask<Void> closed = MockTask.spawn(tx.closed())) {
            assertPending(closed.poll());
            rx.close();
            assertTrue(closed.isWoken());
            assertReady(closed.poll());
        }
        assertFalse(tx.send("two"));
        assertEquals("one", tx.borrow(), "a refused send stores nothing");
    }

    /** Tokio: {@code borrow_and_update}. */
    @Test
    void borrowAndUpdateMarksTheValueSeen() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        assertFalse(rx.hasChanged());

        assertTrue(tx.send("two"));
        assertTrue(rx.hasChanged());
        assertReady(MockTask.spawn(rx.changed()).poll());
        assertPending(MockTask.spawn(rx.changed()).poll());
        assertFalse(rx.hasChanged());

        assertTrue(tx.send("three"));
        assertTrue(rx.hasChanged());
        assertEquals("three", rx.borrowAndUpdate());
        assertPending(MockTask.spawn(rx.changed()).poll());
        assertFalse(rx.hasChanged());

        tx.close();
        assertEquals("three", rx.borrowAndUpdate());
        assertFailed(MockTask.spawn(rx.changed()).poll(), ChannelClosedException.class);
        assertThrows(ChannelClosedException.class, rx::hasChanged);
    }

    /** Tokio: {@code reopened_after_subscribe}. */
    @Test
    void subscribingReopensTheChannel() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        assertFalse(tx.isClosed());
        rx.close();
        assertTrue(tx.isClosed());
        WatchReceiver<String> again = tx.subscribe();
        assertFalse(tx.isClosed());
        again.close();
        assertTrue(tx.isClosed());
    }

    /**
     * Tokio: {@code send_modify_panic}. A deliberate difference: Tokio's closure mutates the value
     * in place, so a panic leaves it half-changed ("panicked") though unannounced; here the
     * update returns a new value, so one that throws changes nothing at all.
     */
    @Test
    void anUpdateThatThrowsChangesNothing() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        tx.sendModify(old -> "two");
        assertEquals("two", rx.borrowAndUpdate());

        WatchReceiver<String> rx2 = rx.duplicate();
        assertEquals("two", rx2.borrowAndUpdate());
        try (MockTask<Void> changed = MockTask.spawn(rx2.changed())) {
            IllegalStateException thrown = new IllegalStateException("broken update");
            assertSame(thrown, assertThrows(IllegalStateException.class, () -> tx.sendModify(old -> {
                throw thrown;
            })));
            assertPending(changed.poll());
            assertEquals("two", rx.borrow());

            tx.sendModify(old -> "three");
            assertReady(changed.poll());
            assertEquals("three", rx.borrowAndUpdate());
        }
    }

    /** Tokio: {@code multiple_sender}. */
    @Test
    void duplicateSendersSendOnOneChannel() {
        WatchSender<Integer> tx1 = WatchSender.create(0);
        WatchReceiver<Integer> rx = tx1.subscribe();
        WatchSender<Integer> tx2 = tx1.duplicate();
        PollFuture<List<Integer>> twoChanges = rx.changed().flatMap(first -> {
            int v1 = rx.borrowAndUpdate();
            return rx.changed().map(second -> List.of(v1, rx.borrowAndUpdate()));
        });
        try (MockTask<List<Integer>> task = MockTask.spawn(twoChanges)) {
            assertTrue(tx1.send(1));
            assertPending(task.poll());
            assertTrue(tx2.send(2));
            assertReady(task.poll(), List.of(1, 2));
        }
    }

    /** Tokio: {@code receiver_is_notified_when_last_sender_is_dropped}. */
    @Test
    void theReceiverIsToldWhenTheLastSenderCloses() {
        WatchSender<Integer> tx1 = WatchSender.create(0);
        WatchReceiver<Integer> rx = tx1.subscribe();
        WatchSender<Integer> tx2 = tx1.duplicate();
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll());
            tx1.close();
            assertFalse(changed.isWoken());
            tx2.close();
            assertTrue(changed.isWoken());
        }
    }

    /** Tokio: {@code receiver_changed_is_cooperative}. */
    @Test
    void changedOnAClosedChannelIsCooperative() {
        WatchSender<String> tx = WatchSender.create("x");
        WatchReceiver<String> rx = tx.subscribe();
        tx.close();
        Cooperation.assertLoopYields(rx::changed);
    }

    /** Tokio: {@code receiver_changed_is_cooperative_ok}. */
    @Test
    void changedOnAnAlwaysChangingChannelIsCooperative() {
        WatchSender<String> tx = WatchSender.create("x");
        WatchReceiver<String> rx = tx.subscribe();
        Cooperation.assertLoopYields(() -> {
            assertTrue(tx.send("x"));
            return rx.changed();
        });
    }

    /** Tokio: {@code receiver_wait_for_is_cooperative}. */
    @Test
    void waitForOnAClosedChannelIsCooperative() {
        WatchSender<Integer> tx = WatchSender.create(0);
        WatchReceiver<Integer> rx = tx.subscribe();
        tx.close();
        Cooperation.assertLoopYields(() -> rx.waitFor(value -> value == 1));
    }

    /** Tokio: {@code receiver_wait_for_is_cooperative_ok}. */
    @Test
    void waitForOnAnAlwaysReadyChannelIsCooperative() {
        WatchSender<Integer> tx = WatchSender.create(0);
        WatchReceiver<Integer> rx = tx.subscribe();
        Cooperation.assertLoopYields(() -> {
            assertTrue(tx.send(1));
            return rx.waitFor(value -> value == 1);
        });
    }

    /** Tokio: {@code sender_closed_is_cooperative}. */
    @Test
    void closedIsCooperative() {
        WatchSender<String> tx = WatchSender.create("x");
        tx.subscribe().close();
        Cooperation.assertLoopYields(tx::closed);
    }

    /** Tokio: {@code changed_succeeds_on_closed_channel_with_unseen_value}. */
    @Test
    void changedSucceedsOnAClosedChannelWithAnUnseenValue() {
        WatchSender<String> tx = WatchSender.create("A");
        WatchReceiver<String> rx = tx.subscribe();
        assertTrue(tx.send("B"));
        tx.close();
        assertReady(MockTask.spawn(rx.changed()).poll());
    }

    /** Tokio: {@code changed_errors_on_closed_channel_with_seen_value}. */
    @Test
    void changedFailsOnAClosedChannelWithTheValueSeen() {
        WatchSender<String> tx = WatchSender.create("A");
        WatchReceiver<String> rx = tx.subscribe();
        tx.close();
        assertFailed(MockTask.spawn(rx.changed()).poll(), ChannelClosedException.class);
    }

    /** Tokio: {@code has_changed_errors_on_closed_channel_with_unseen_value}. */
    @Test
    void hasChangedThrowsOnAClosedChannelEvenWithAnUnseenValue() {
        WatchSender<String> tx = WatchSender.create("A");
        WatchReceiver<String> rx = tx.subscribe();
        assertTrue(tx.send("B"));
        tx.close();
        assertThrows(ChannelClosedException.class, rx::hasChanged);
    }

    /** Tokio: {@code has_changed_errors_on_closed_channel_with_seen_value}. */
    @Test
    void hasChangedThrowsOnAClosedChannel() {
        WatchSender<String> tx = WatchSender.create("A");
        WatchReceiver<String> rx = tx.subscribe();
        tx.close();
        assertThrows(ChannelClosedException.class, rx::hasChanged);
    }

    /** Tokio: {@code wait_for_errors_on_closed_channel_true_predicate}. */
    @Test
    void waitForReturnsTheLastValueOfAClosedChannelIfItPasses() {
        WatchSender<String> tx = WatchSender.create("A");
        WatchReceiver<String> rx = tx.subscribe();
        assertTrue(tx.send("B"));
        tx.close();
        assertReady(MockTask.spawn(rx.waitFor(value -> true)).poll(), "B");
    }

    // ---- beyond the Tokio file: what the Java API adds or changes ------------------------------

    @Test
    void waitForTestsTheCurrentValueFirstThenEachNewOne() {
        WatchSender<Integer> tx = WatchSender.create(1);
        WatchReceiver<Integer> rx = tx.subscribe();
        List<Integer> tested = new ArrayList<>();
        try (MockTask<Integer> even = MockTask.spawn(rx.waitFor(value -> {
            tested.add(value);
            return value % 2 == 0;
        }))) {
            assertPending(even.poll());
            assertTrue(tx.send(3));
            assertTrue(tx.send(5)); // not seen separately: a watch keeps only the latest
            assertPending(even.poll());
            assertTrue(tx.send(6));
            assertReady(even.poll(), 6);
        }
        assertEquals(List.of(1, 5, 6), tested);
        assertFalse(rx.hasChanged(), "the value returned is marked seen");
    }

    @Test
    void waitForFailsWithWhatTheConditionThrows() {
        WatchSender<Integer> tx = WatchSender.create(1);
        WatchReceiver<Integer> rx = tx.subscribe();
        IllegalArgumentException broken = new IllegalArgumentException("broken condition");
        try (MockTask<Integer> task = MockTask.spawn(rx.waitFor(value -> {
            throw broken;
        }))) {
            assertSame(broken, assertFailed(task.poll(), IllegalArgumentException.class));
        }
    }

    @Test
    void sendIfModifiedTellsOnlyWhenTheUpdateReturnsANewValue() {
        WatchSender<List<String>> tx = WatchSender.create(List.of());
        WatchReceiver<List<String>> rx = tx.subscribe();
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll());
            assertFalse(tx.sendIfModified(list -> list)); // the same instance: unchanged
            assertFalse(changed.isWoken());
            assertFalse(rx.hasChanged());
            assertTrue(tx.sendIfModified(list -> List.of("a")));
            assertTrue(changed.isWoken());
            assertReady(changed.poll());
        }
        assertEquals(List.of("a"), rx.borrowAndUpdate());
    }

    @Test
    void sendReplaceStoresWithoutReceiversAndReturnsThePreviousValue() {
        WatchSender<String> tx = WatchSender.create("one");
        assertTrue(tx.isClosed(), "no receiver yet");
        assertFalse(tx.send("lost"));
        assertEquals("one", tx.sendReplace("two"));
        WatchReceiver<String> rx = tx.subscribe();
        assertEquals("two", rx.borrow());
        assertFalse(rx.hasChanged(), "a new receiver has seen the current value");
        assertEquals(1, tx.receiverCount());
        assertEquals(1, tx.senderCount());
    }

    @Test
    void closingAReceiverFailsItsFutures() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertPending(changed.poll());
            rx.close();
            rx.close();
            assertFalse(tx.send("two"), "no receiver is open");
            assertFailed(changed.poll(), ChannelClosedException.class);
        }
        assertEquals(0, tx.receiverCount(), "counted once");
    }

    @Test
    void badInputFailsEarly() {
        assertThrows(NullPointerException.class, () -> WatchSender.create(null));
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        assertThrows(NullPointerException.class, () -> tx.send(null));
        assertThrows(NullPointerException.class, () -> tx.sendReplace(null));
        assertThrows(NullPointerException.class, () -> tx.sendModify(old -> null));
        assertThrows(NullPointerException.class, () -> rx.waitFor(null));
        tx.close();
        assertThrows(IllegalStateException.class, () -> tx.send("x"));
        assertThrows(IllegalStateException.class, tx::subscribe);
        rx.close();
        assertThrows(IllegalStateException.class, rx::duplicate);
    }

    @Test
    void aChangedFuturePolledAfterItCompletedThrows() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        rx.markChanged();
        try (MockTask<Void> changed = MockTask.spawn(rx.changed())) {
            assertReady(changed.poll());
            assertThrows(IllegalStateException.class, changed::poll);
        }
    }

    @Test
    void aClosedChangedFutureLeavesTheQueueAndLosesNoChange() {
        WatchSender<String> tx = WatchSender.create("one");
        WatchReceiver<String> rx = tx.subscribe();
        MockTask<Void> dropped = MockTask.spawn(rx.changed());
        assertPending(dropped.poll());
        dropped.close();
        assertTrue(tx.send("two"));
        assertEquals(0, dropped.wakeCount(), "a closed future is not woken");
        assertTrue(rx.hasChanged(), "the change is still unseen");
        assertReady(MockTask.spawn(rx.changed()).poll());
    }
}
