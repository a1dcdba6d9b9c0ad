package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A closed channel ends for every waiting receiver once it is drained and no {@link SendPermit}
 * is left, whichever operation took the last item: a receiver woken for an item that another
 * receiver took must still learn of the end (reliability item: a receiver never woken after a
 * permit sent into a closed channel).
 */
class ChannelEndTest {

    private final Channel<Integer> channel = Channel.bounded(2);

    /** A permit taken before the channel closes: its slot keeps the channel from ending. */
    private SendPermit<Integer> reserve() {
        try (MockTask<SendPermit<Integer>> reserve = MockTask.spawn(channel.reserve())) {
            return reserve.poll().value();
        }
    }

    @Test
    void theReceiverThatDidNotGetThePermitsItemSeesTheEnd() {
        SendPermit<Integer> permit = reserve();
        try (MockTask<Integer> first = MockTask.spawn(channel.receive());
                MockTask<Integer> second = MockTask.spawn(channel.receive())) {
            assertPending(first.poll());
            assertPending(second.poll());
            channel.close(); // wakes both; a permit is outstanding, so they wait again
            assertPending(first.poll());
            assertPending(second.poll());

            assertTrue(permit.send(7));
            assertTrue(first.isWoken());
            assertReady(first.poll(), 7);
            assertTrue(second.isWoken(), "the second receiver was woken: the channel ended");
            assertFailed(second.poll(), ChannelClosedException.class);
        }
    }

    @Test
    void receiveManyTakingTheLastItemsWakesTheOtherReceiversForTheEnd() {
        SendPermit<Integer> permit = reserve();
        try (MockTask<List<Integer>> many = MockTask.spawn(channel.receiveMany(4));
                MockStreamTask<Integer> stream = MockStreamTask.spawn(channel.stream())) {
            assertPending(many.poll());
            assertPending(stream.pollNext());
            channel.close(); // wakes both; a permit is outstanding, so they wait again
            assertPending(many.poll());
            assertPending(stream.pollNext());

            assertTrue(permit.send(7));
            assertTrue(many.isWoken());
            assertReady(many.poll(), List.of(7));
            assertTrue(stream.isWoken(), "the stream was woken: the channel ended");
            assertDone(stream.pollNext());
        }
    }

    @Test
    void tryReceiveTakingTheLastItemWakesTheWaitingReceiversForTheEnd() {
        SendPermit<Integer> permit = reserve();
        try (MockTask<Integer> first = MockTask.spawn(channel.receive());
                MockTask<Integer> second = MockTask.spawn(channel.receive())) {
            assertPending(first.poll());
            assertPending(second.poll());
            channel.close();
            assertPending(first.poll());
            assertPending(second.poll());
            assertTrue(permit.send(7));

            assertEquals(Optional.of(7), channel.tryReceive());
            assertTrue(first.isWoken());
            assertTrue(second.isWoken(), "the receiver the item was not meant for was woken: the channel ended");
            assertFailed(first.poll(), ChannelClosedException.class);
            assertFailed(second.poll(), ChannelClosedException.class);
        }
    }

    @Test
    void aPermitSentBeforeItsReceiverPolledStillEndsTheOthers() {
        SendPermit<Integer> permit = reserve();
        PollFuture<Integer> late = channel.receive();
        try (MockTask<Integer> waiting = MockTask.spawn(channel.receive());
                MockTask<Integer> lateTask = MockTask.spawn(late)) {
            assertPending(waiting.poll());
            channel.close();
            assertPending(waiting.poll());
            assertTrue(permit.send(7));
            // The waiting receiver was woken for the item, but a receiver that polls first takes it.
            assertReady(lateTask.poll(), 7);
            assertTrue(waiting.isWoken());
            assertFailed(waiting.poll(), ChannelClosedException.class);
        }
    }
}
