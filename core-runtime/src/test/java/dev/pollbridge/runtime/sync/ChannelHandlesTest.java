package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The channel operations of issue 17, item 2: sender and receiver handles, {@code reserve} with
 * its permit, {@code tryReceive}, {@code receiveMany}. Each test names the test of Tokio's
 * {@code tests/sync_mpsc.rs} it follows ({@code drop(tx)} is {@code Sender.close()},
 * {@code drop(rx)} is {@code Receiver.close()}, {@code rx.close()} is {@code Channel.close()}).
 */
class ChannelHandlesTest {

    /** A value whose drop can be counted: the stand-in for Tokio's {@code Arc::strong_count}. */
    private static final class Message implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    private static <T> T receiveNow(PollFuture<T> receive) {
        try (MockTask<T> task = MockTask.spawn(receive)) {
            return assertReady(task.poll());
        }
    }

    private static <T> SendPermit<T> reserveNow(Channel<T> channel) {
        return receiveNow(channel.reserve());
    }

    /** Tokio: {@code send_recv_with_buffer}: a permit's item and a tried one, then the end after drop(tx). */
    @Test
    void sendRecvWithBuffer() {
        Channel<Integer> channel = Channel.bounded(16);
        Sender<Integer> tx = channel.sender();
        Receiver<Integer> rx = channel.receiver();
        SendPermit<Integer> permit = receiveNow(tx.reserve());
        assertTrue(permit.send(1));
        assertTrue(tx.trySend(2));
        tx.close();
        assertEquals(1, receiveNow(rx.receive()));
        assertEquals(2, receiveNow(rx.receive()));
        try (MockTask<Integer> end = MockTask.spawn(rx.receive())) {
            assertFailed(end.poll(), ChannelClosedException.class);
        }
        rx.close();
    }

    /** Tokio: {@code reserve_disarm}: permits hold slots; a used slot frees on receive, a dropped permit at once. */
    @Test
    void reserveDisarm() {
        Channel<Integer> channel = Channel.bounded(2);
        SendPermit<Integer> permit1 = reserveNow(channel);
        SendPermit<Integer> permit2 = reserveNow(channel);
        try (MockTask<SendPermit<Integer>> r3 = MockTask.spawn(channel.reserve());
                MockTask<SendPermit<Integer>> r4 = MockTask.spawn(channel.reserve())) {
            assertPending(r3.poll());
            assertPending(r4.poll());
            assertTrue(permit1.send(1));
            assertFalse(r3.isWoken(), "a used slot is still taken until the item is received");
            assertEquals(1, receiveNow(channel.receive()));
            assertTrue(r3.isWoken());
            assertFalse(r4.isWoken());
            permit2.close();
            assertTrue(r4.isWoken(), "a dropped permit frees its slot");
            try (MockTask<SendPermit<Integer>> r1 = MockTask.spawn(channel.reserve())) {
                assertPending(r1.poll());
            }
            assertReady(r3.poll()).close();
            assertReady(r4.poll()).close();
        }
    }

    /** Tokio: {@code start_send_past_cap}: a dropped waiting reserve passes its place; drop(tx) ends the channel. */
    @Test
    void startSendPastCap() {
        Channel<String> channel = Channel.bounded(1);
        Sender<String> tx1 = channel.sender();
        Sender<String> tx2 = channel.sender();
        Receiver<String> rx = channel.receiver();
        assertTrue(tx1.trySend("x"));
        MockTask<SendPermit<String>> r1 = MockTask.spawn(tx1.reserve());
        assertPending(r1.poll());
        try (MockTask<SendPermit<String>> r2 = MockTask.spawn(tx2.reserve())) {
            assertPending(r2.poll());
            r1.close();
            assertEquals("x", receiveNow(rx.receive()));
            assertTrue(r2.isWoken());
            assertFalse(r1.isWoken());
        }
        tx1.close();
        tx2.close();
        try (MockTask<String> end = MockTask.spawn(rx.receive())) {
            assertFailed(end.poll(), ChannelClosedException.class);
        }
    }

    /** Tokio: {@code async_send_recv_many_with_buffer} and {@code send_recv_many_unbounded}. */
    @Test
    void receiveManyTakesWhatIsThereUpToItsLimit() {
        Channel<Integer> channel = Channel.bounded(8);
        for (int item : new int[] {7, 13, 100, 1002}) {
            assertTrue(channel.trySend(item));
        }
        assertEquals(List.of(7, 13), receiveNow(channel.receiveMany(2)));
        assertEquals(List.of(100, 1002), receiveNow(channel.receiveMany(16)));
        try (MockTask<List<Integer>> waiting = MockTask.spawn(channel.receiveMany(16))) {
            assertPending(waiting.poll());
            channel.trySend(1);
            assertTrue(waiting.isWoken());
            assertReady(waiting.poll(), List.of(1));
        }
        channel.close();
        assertEquals(List.of(), receiveNow(channel.receiveMany(16)), "empty: closed and drained");
        assertThrows(IllegalArgumentException.class, () -> channel.receiveMany(0));
    }

    /** receiveMany frees many slots at once: every waiting sender it makes room for is admitted. */
    @Test
    void receiveManyAdmitsOneWaitingSenderPerFreedSlot() {
        Channel<Integer> channel = Channel.bounded(3);
        channel.trySend(1);
        channel.trySend(2);
        channel.trySend(3);
        try (MockTask<Void> a = MockTask.spawn(channel.send(4));
                MockTask<Void> b = MockTask.spawn(channel.send(5));
                MockTask<Void> c = MockTask.spawn(channel.send(6))) {
            assertPending(a.poll());
            assertPending(b.poll());
            assertPending(c.poll());
            assertEquals(List.of(1, 2), receiveNow(channel.receiveMany(2)));
            assertTrue(a.isWoken() && b.isWoken());
            assertFalse(c.isWoken());
            assertReady(a.poll(), null);
            assertReady(b.poll(), null);
            assertEquals(List.of(3, 4, 5), receiveNow(channel.receiveMany(8)));
            assertTrue(c.isWoken());
            assertReady(c.poll(), null);
        }
    }

    /** Tokio: {@code send_recv_buffer_limited}: a woken reserve holds the freed slot, so try_send fails. */
    @Test
    void sendRecvBufferLimited() {
        Channel<Integer> channel = Channel.bounded(1);
        assertTrue(reserveNow(channel).send(1));
        try (MockTask<SendPermit<Integer>> p2 = MockTask.spawn(channel.reserve())) {
            assertPending(p2.poll());
            assertEquals(1, receiveNow(channel.receive()));
            assertTrue(p2.isWoken());
            assertFalse(channel.trySend(1337), "the slot is admitted to the woken reserve");
            assertTrue(assertReady(p2.poll()).send(2));
        }
        assertEquals(2, receiveNow(channel.receive()));
    }

    /** Tokio: {@code recv_close_gets_none_idle}. */
    @Test
    void recvCloseGetsNoneIdle() {
        Channel<Integer> channel = Channel.bounded(10);
        channel.close();
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive());
                MockTask<Void> send = MockTask.spawn(channel.send(1))) {
            assertFailed(receive.poll(), ChannelClosedException.class);
            assertFailed(send.poll(), ChannelClosedException.class);
        }
    }

    /** Tokio: {@code recv_close_gets_none_reserved}: an outstanding permit still sends after close. */
    @Test
    void recvCloseGetsNoneReserved() {
        Channel<Integer> channel = Channel.bounded(1);
        SendPermit<Integer> permit1 = reserveNow(channel);
        try (MockTask<SendPermit<Integer>> permit2 = MockTask.spawn(channel.reserve())) {
            assertPending(permit2.poll());
            channel.close();
            assertTrue(permit2.isWoken());
            assertFailed(permit2.poll(), ChannelClosedException.class);
        }
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive())) {
            assertPending(receive.poll());
            assertTrue(permit1.send(123));
            assertTrue(receive.isWoken());
            assertReady(receive.poll(), 123);
        }
        try (MockTask<Integer> end = MockTask.spawn(channel.receive())) {
            assertFailed(end.poll(), ChannelClosedException.class);
        }
    }

    /** Tokio: {@code ready_close_cancel_bounded}: dropping the last permit of a closed channel ends it. */
    @Test
    void readyCloseCancelBounded() {
        Channel<Integer> channel = Channel.bounded(100);
        SendPermit<Integer> permit = reserveNow(channel);
        channel.close();
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive())) {
            assertPending(receive.poll());
            permit.close();
            assertTrue(receive.isWoken());
            assertFailed(receive.poll(), ChannelClosedException.class);
        }
    }

    /** Tokio: {@code permit_available_not_acquired_close}. */
    @Test
    void permitAvailableNotAcquiredClose() {
        Channel<Integer> channel = Channel.bounded(1);
        SendPermit<Integer> permit1 = reserveNow(channel);
        MockTask<SendPermit<Integer>> permit2 = MockTask.spawn(channel.reserve());
        assertPending(permit2.poll());
        channel.close();
        permit1.close();
        assertTrue(permit2.isWoken());
        permit2.close();
        try (MockTask<Integer> end = MockTask.spawn(channel.receive())) {
            assertFailed(end.poll(), ChannelClosedException.class);
        }
    }

    /** Tokio: {@code tx_close_gets_none}: a channel whose only sender handle closed at once is over. */
    @Test
    void txCloseGetsNone() {
        Channel<Integer> channel = Channel.bounded(10);
        channel.sender().close();
        try (MockTask<Integer> end = MockTask.spawn(channel.receive())) {
            assertFailed(end.poll(), ChannelClosedException.class);
        }
    }

    /** The channel closes with the last sender, not before: the receiver gets the buffered items first. */
    @Test
    void theLastSenderClosesTheChannelAfterItsItems() {
        Channel<String> channel = Channel.bounded(4);
        Sender<String> a = channel.sender();
        Sender<String> b = channel.sender();
        try (MockStreamTask<String> stream = MockStreamTask.spawn(channel.stream())) {
            a.trySend("a");
            a.close();
            a.close(); // counts once
            assertFalse(channel.isClosed(), "b is still open");
            assertReady(stream.pollNext(), "a");
            assertPending(stream.pollNext());
            b.trySend("b");
            b.close();
            assertTrue(channel.isClosed());
            assertTrue(b.isClosed());
            assertEquals(List.of("b"), stream.drainToDone());
        }
    }

    /** Tokio: {@code try_send_fail_with_try_recv} and {@code try_recv_bounded}. */
    @Test
    void tryReceive() {
        Channel<String> channel = Channel.bounded(5);
        Sender<String> tx = channel.sender();
        for (int i = 0; i < 5; i++) {
            assertTrue(tx.trySend("hello"));
        }
        assertFalse(tx.trySend("hello"));
        for (int i = 0; i < 5; i++) {
            assertEquals(Optional.of("hello"), channel.tryReceive());
        }
        assertEquals(Optional.empty(), channel.tryReceive());
        tx.trySend("goodbye");
        tx.close();
        assertEquals(Optional.of("goodbye"), channel.tryReceive());
        assertThrows(ChannelClosedException.class, channel::tryReceive, "disconnected");
    }

    /** tryReceive frees a slot like a receive: the waiting sender is admitted. */
    @Test
    void tryReceiveAdmitsAWaitingSender() {
        Channel<Integer> channel = Channel.bounded(1);
        channel.trySend(1);
        try (MockTask<Void> send = MockTask.spawn(channel.send(2))) {
            assertPending(send.poll());
            assertEquals(Optional.of(1), channel.tryReceive());
            assertTrue(send.isWoken());
            assertReady(send.poll(), null);
        }
    }

    /** Tokio: {@code drop_permit_releases_permit}. */
    @Test
    void dropPermitReleasesPermit() {
        Channel<Integer> channel = Channel.bounded(1);
        SendPermit<Integer> permit = reserveNow(channel);
        try (MockTask<SendPermit<Integer>> reserve2 = MockTask.spawn(channel.reserve())) {
            assertPending(reserve2.poll());
            permit.close();
            assertTrue(reserve2.isWoken());
            assertReady(reserve2.poll()).close();
        }
        assertTrue(permit.isUsed());
        permit.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> permit.send(1), "a permit is used once");
    }

    /**
     * Tokio: {@code dropping_rx_closes_channel}, {@code dropping_rx_closes_channel_for_try} and
     * {@code unconsumed_messages_are_dropped}: the last receiver's close refuses sends and drops
     * (closes) what it held.
     */
    @Test
    void droppingTheLastReceiverClosesTheChannelAndDropsItsItems() {
        Channel<Message> channel = Channel.bounded(100);
        Sender<Message> tx = channel.sender();
        Receiver<Message> rx = channel.receiver();
        Message buffered = new Message();
        assertTrue(tx.trySend(buffered));
        try (MockTask<Void> waiting = MockTask.spawn(channel.send(new Message()))) {
            rx.close();
            assertEquals(1, buffered.closes.get(), "the buffered item was dropped (closed)");
            assertEquals(0, channel.size());
            assertFailed(waiting.poll(), ChannelClosedException.class);
        }
        try (MockTask<SendPermit<Message>> reserve = MockTask.spawn(tx.reserve())) {
            assertFailed(reserve.poll(), ChannelClosedException.class);
        }
        Message refused = new Message();
        assertThrows(ChannelClosedException.class, () -> tx.trySend(refused));
        assertEquals(0, refused.closes.get(), "a refused item stays the caller's");
        assertTrue(tx.isClosed());
    }

    /** A permit whose receivers went away refuses its item (and leaves it with the caller). */
    @Test
    void aPermitSendAfterTheLastReceiverClosedIsRefused() {
        Channel<Message> channel = Channel.bounded(1);
        Receiver<Message> rx = channel.receiver();
        SendPermit<Message> permit = reserveNow(channel);
        rx.close();
        Message item = new Message();
        assertFalse(permit.send(item));
        assertEquals(0, item.closes.get());
    }

    /** One receiver of two closing does not close the channel. */
    @Test
    void onlyTheLastReceiverCloses() {
        Channel<Integer> channel = Channel.bounded(2);
        Receiver<Integer> first = channel.receiver();
        Receiver<Integer> second = channel.receiver();
        channel.trySend(1);
        first.close();
        assertFalse(channel.isClosed());
        assertEquals(Optional.of(1), second.tryReceive());
        second.close();
        assertTrue(channel.isClosed());
    }

    /** A throwing close of a dropped item is contained: the others are still closed, nothing is thrown. */
    @Test
    void aThrowingCloseOfADroppedItemDoesNotStopTheOthers() {
        Channel<AutoCloseable> channel = Channel.bounded(3);
        Receiver<AutoCloseable> rx = channel.receiver();
        Message before = new Message();
        Message after = new Message();
        channel.trySend(before);
        channel.trySend(() -> {
            throw new IllegalStateException("broken close");
        });
        channel.trySend(after);
        rx.close(); // does not throw (rule 11); the failure is logged
        assertEquals(1, before.closes.get());
        assertEquals(1, after.closes.get());
    }

    /**
     * Cancel safety of reserve: dropping a reserve that was admitted a slot gives the slot to the
     * next waiting sender, and no item was ever handed over.
     */
    @Test
    void aDroppedAdmittedReservePassesItsSlotOn() {
        Channel<Integer> channel = Channel.bounded(1);
        channel.trySend(0);
        MockTask<SendPermit<Integer>> dropped = MockTask.spawn(channel.reserve());
        try (MockTask<Void> next = MockTask.spawn(channel.send(2))) {
            assertPending(dropped.poll());
            assertPending(next.poll());
            assertEquals(0, receiveNow(channel.receive()));
            assertTrue(dropped.isWoken(), "the slot is admitted to the reserve");
            dropped.close();
            assertTrue(next.isWoken(), "and passed on when it is dropped");
            assertReady(next.poll(), null);
        }
        assertEquals(2, receiveNow(channel.receive()));
    }

    /** Closing a handle never throws (rule 11), even when a waker it wakes does: the failure is reported. */
    @Test
    void closingTheLastHandleContainsAThrowingWaker() {
        Channel<Integer> channel = Channel.bounded(1);
        Sender<Integer> tx = channel.sender();
        PollFuture<Integer> receive = channel.receive();
        assertTrue(receive.poll(dev.pollbridge.api.Context.of(() -> {
            throw new IllegalStateException("a broken waker");
        })).isPending());
        tx.close(); // wakes the broken waker: reported, not thrown
        assertTrue(channel.isClosed());
        receive.close();

        Channel<Integer> full = Channel.bounded(1);
        Receiver<Integer> rx = full.receiver();
        full.trySend(0);
        PollFuture<Void> send = full.send(1);
        assertTrue(send.poll(dev.pollbridge.api.Context.of(() -> {
            throw new IllegalStateException("a broken waker");
        })).isPending());
        rx.close(); // wakes the waiting sender's broken waker: reported, not thrown
        assertTrue(full.isClosed());
        send.close();
    }
}
