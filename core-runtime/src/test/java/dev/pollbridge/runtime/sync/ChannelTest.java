package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelTest {

    private final Channel<Integer> channel = Channel.bounded(2);

    private Integer receiveNow() {
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive())) {
            return receive.poll().value();
        }
    }

    @Test
    void itemsArriveInOrder() {
        assertTrue(channel.trySend(1));
        try (MockTask<Void> send = MockTask.spawn(channel.send(2))) {
            assertReady(send.poll(), null);
        }
        assertEquals(2, channel.size());
        assertEquals(1, receiveNow());
        assertEquals(2, receiveNow());
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Channel.bounded(0));
        assertThrows(NullPointerException.class, () -> channel.send(null));
        assertThrows(NullPointerException.class, () -> channel.trySend(null));
    }

    @Test
    void aFullChannelMakesSendWaitAndTrySendFail() {
        channel.trySend(1);
        channel.trySend(2);
        assertFalse(channel.trySend(3));
        try (MockTask<Void> send = MockTask.spawn(channel.send(3))) {
            assertPending(send.poll());
            assertEquals(1, receiveNow());
            assertTrue(send.isWoken());
            assertReady(send.poll(), null);
        }
        assertEquals(2, receiveNow());
        assertEquals(3, receiveNow());
    }

    @Test
    void waitingSendersAreAdmittedInFifoOrderAndTrySendDoesNotJumpTheQueue() {
        channel.trySend(0);
        channel.trySend(1);
        try (MockTask<Void> first = MockTask.spawn(channel.send(10));
                MockTask<Void> second = MockTask.spawn(channel.send(20))) {
            assertPending(first.poll());
            assertPending(second.poll());
            assertEquals(0, receiveNow());
            assertTrue(first.isWoken(), "the first waiting sender gets the free slot");
            assertFalse(second.isWoken());
            assertPending(second.poll());
            assertFalse(channel.trySend(99), "a slot reserved for a waiting sender is not free");
            assertReady(first.poll(), null);
            assertEquals(1, receiveNow());
            assertTrue(second.isWoken());
            assertReady(second.poll(), null);
        }
        assertEquals(10, receiveNow());
        assertEquals(20, receiveNow());
    }

    @Test
    void aDroppedWaitingSendIsNeverDelivered() {
        channel.trySend(0);
        channel.trySend(1);
        MockTask<Void> dropped = MockTask.spawn(channel.send(10));
        assertPending(dropped.poll());
        dropped.close();
        assertEquals(0, receiveNow());
        assertEquals(1, receiveNow());
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive())) {
            assertPending(receive.poll());
        }
    }

    @Test
    void aDroppedSendHoldingAReservedSlotPassesItOn() {
        channel.trySend(0);
        channel.trySend(1);
        MockTask<Void> dropped = MockTask.spawn(channel.send(10));
        try (MockTask<Void> next = MockTask.spawn(channel.send(20))) {
            assertPending(dropped.poll());
            assertPending(next.poll());
            assertEquals(0, receiveNow());
            assertTrue(dropped.isWoken());
            dropped.close();
            assertTrue(next.isWoken(), "the abandoned slot went to the next sender");
            assertReady(next.poll(), null);
        }
        assertEquals(1, receiveNow());
        assertEquals(20, receiveNow());
        assertEquals(0, channel.size());
    }

    @Test
    void aDroppedReceiveNeverEatsAnItemAndPassesItsWakeOn() {
        MockTask<Integer> dropped = MockTask.spawn(channel.receive());
        try (MockTask<Integer> other = MockTask.spawn(channel.receive())) {
            assertPending(dropped.poll());
            assertPending(other.poll());
            channel.trySend(7);
            assertTrue(dropped.isWoken());
            assertFalse(other.isWoken());
            dropped.close();
            assertTrue(other.isWoken(), "the wake went to the other receiver");
            assertReady(other.poll(), 7);
        }
    }

    @Test
    void closeLetsReceiversDrainThenFailsThem() {
        channel.trySend(1);
        channel.trySend(2);
        try (MockTask<Void> waitingSend = MockTask.spawn(channel.send(3))) {
            assertPending(waitingSend.poll());
            channel.close();
            assertTrue(waitingSend.isWoken());
            assertFailed(waitingSend.poll(), ChannelClosedException.class);
        }
        assertTrue(channel.isClosed());
        assertThrows(ChannelClosedException.class, () -> channel.trySend(4));
        try (MockTask<Void> late = MockTask.spawn(channel.send(5))) {
            assertFailed(late.poll(), ChannelClosedException.class);
        }
        assertEquals(1, receiveNow());
        assertEquals(2, receiveNow());
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive())) {
            assertFailed(receive.poll(), ChannelClosedException.class);
        }
    }

    @Test
    void closeWakesWaitingReceivers() {
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive());
                MockStreamTask<Integer> stream = MockStreamTask.spawn(channel.stream())) {
            assertPending(receive.poll());
            assertPending(stream.pollNext());
            channel.close();
            assertTrue(receive.isWoken());
            assertTrue(stream.isWoken());
            assertFailed(receive.poll(), ChannelClosedException.class);
            assertDone(stream.pollNext());
        }
    }

    @Test
    void theStreamYieldsEveryItemThenEndsAfterClose() {
        Channel<String> words = Channel.bounded(4);
        words.trySend("a");
        words.trySend("b");
        words.trySend("c");
        words.close();
        try (MockStreamTask<String> stream = MockStreamTask.spawn(words.stream())) {
            assertEquals(List.of("a", "b", "c"), stream.drainToDone());
            assertThrows(IllegalStateException.class, stream::pollNext);
        }
    }

    @Test
    void theStreamWaitsForItems() {
        try (MockStreamTask<Integer> stream = MockStreamTask.spawn(channel.stream())) {
            assertPending(stream.pollNext());
            channel.trySend(5);
            assertTrue(stream.isWoken());
            assertReady(stream.pollNext(), 5);
            assertPending(stream.pollNext());
        }
    }

    @Test
    void theLatestReceiveWakerIsWoken() {
        PollFuture<Integer> receive = channel.receive();
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(receive.poll(Context.of(first)));
        assertPending(receive.poll(Context.of(second)));
        channel.trySend(1);
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(receive.poll(Context.of(second)), 1);
        receive.close();
    }

    @Test
    void theLatestSendWakerIsWoken() {
        channel.trySend(1);
        channel.trySend(2);
        PollFuture<Void> send = channel.send(3);
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(send.poll(Context.of(first)));
        assertPending(send.poll(Context.of(second)));
        receiveNow();
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(send.poll(Context.of(second)), null);
        send.close();
    }

    @Test
    void anExhaustedPollBudgetMakesAReadyReceivePendingAndLosesNothing() {
        channel.trySend(1);
        channel.trySend(2);
        try (MockTask<Integer> receive = MockTask.spawn(channel.receive());
                MockStreamTask<Integer> stream = MockStreamTask.spawn(channel.stream())) {
            int previous = CoopBudget.set(0);
            try {
                assertPending(receive.poll());
                assertTrue(receive.isWoken(), "the budget-exhausted receive wakes its own task (rule 16)");
                assertPending(stream.pollNext());
                assertTrue(stream.isWoken());
                assertEquals(2, channel.size(), "no item taken");
            } finally {
                CoopBudget.set(previous);
            }
            assertReady(receive.poll(), 1);
            assertReady(stream.pollNext(), 2);
        }
    }

    @Test
    void eachItemReceivedSpendsOneUnitOfThePollBudget() {
        channel.trySend(1);
        channel.trySend(2);
        try (MockStreamTask<Integer> stream = MockStreamTask.spawn(channel.stream())) {
            int previous = CoopBudget.set(1);
            try {
                assertReady(stream.pollNext(), 1);
                assertPending(stream.pollNext());
                assertTrue(stream.isWoken());
            } finally {
                CoopBudget.set(previous);
            }
            assertReady(stream.pollNext(), 2);
        }
    }
}
