package dev.pollbridge.runtime.bridge.engine;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.test.MockStreamTask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Queue fusion in {@link StreamFromPublisher}, against a hand-driven fusable source: a
 * {@code SYNC} source is pulled one item per poll and never requested from; an {@code ASYNC}
 * source is requested from as without fusion and its items are taken from its queue; both are
 * cancelled on close (a SYNC source cleared; an ASYNC queue drained and its items closed, or, if
 * its source discards on cancel, cleared after the cancel and never polled); a source that
 * declines runs unfused.
 */
class StreamFromPublisherFusionTest {

    @Test
    void syncFusionPullsEachItemWhenPolledAndNeverRequests() {
        FusableSource<String> source = FusableSource.sync("a", "b", "c");
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 8);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(task.pollNext(), "a");
            assertEquals(1, source.fusionRequests.get());
            assertEquals(1, source.polls.get(), "nothing is pulled ahead of the poller");
            assertEquals("b", stream.takeReady());
            assertEquals("c", stream.takeReady());
            assertNull(stream.takeReady(), "the end is pollNext's to return");
            assertDone(task.pollNext());
            assertEquals(List.of(), source.requests, "a SYNC source is never requested from");
            assertEquals(0, task.wakeCount());
        }
        assertEquals(0, source.cancels.get(), "a source that completed is not cancelled");
    }

    @Test
    void aSyncPollThatThrowsFailsTheStreamAfterTheItemsBeforeItAndCancels() {
        FusableSource<String> source = FusableSource.sync("a", "b", "c");
        RuntimeException boom = new RuntimeException("boom");
        source.pollFailure = boom;
        source.failWhenLeft = 1;
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 8);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertReady(task.pollNext(), "a");
            assertReady(task.pollNext(), "b");
            assertSame(boom, assertFailed(task.pollNext(), RuntimeException.class));
            assertEquals(1, source.cancels.get());
        }
        assertEquals(1, source.cancels.get(), "cancelled once");
    }

    @Test
    void closingASyncFusedStreamCancelsAndClearsTheSource() {
        FusableSource<String> source = FusableSource.sync("a", "b", "c");
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 8);
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertReady(task.pollNext(), "a");
        task.close();
        task.close();
        assertEquals(1, source.cancels.get());
        assertEquals(1, source.clears.get());
        assertEquals(1, source.polls.get());
    }

    @Test
    void asyncFusionRequestsThePrefetchAndReplenishesAsItemsAreTaken() {
        FusableSource<Integer> source = FusableSource.async();
        StreamFromPublisher<Integer> stream = new StreamFromPublisher<>(source, 8); // batch = 6
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            assertEquals(List.of(8L), source.requests);
            for (int i = 0; i < 8; i++) {
                source.offer(i);
            }
            assertEquals(1, task.wakeCount(), "the signals wake the poller");
            assertReady(task.pollNext(), 0);
            for (int i = 1; i < 6; i++) {
                assertEquals(i, stream.takeReady());
            }
            assertEquals(List.of(8L), source.requests, "requested when the owner comes back, not before");
            assertEquals(6, stream.takeReady());
            assertEquals(List.of(8L, 6L), source.requests);
            assertEquals(7, stream.takeReady());
            assertNull(stream.takeReady());
            assertPending(task.pollNext());
        }
        assertEquals(1, source.cancels.get());
        assertEquals(0, source.clears.get(), "the stream drains an ASYNC queue itself");
    }

    @Test
    void anAsyncEndComesAfterTheQueuedItems() {
        FusableSource<String> source = FusableSource.async();
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 8);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            source.offer("a");
            source.offer("b");
            source.complete();
            assertReady(task.pollNext(), "a");
            assertReady(task.pollNext(), "b");
            assertDone(task.pollNext());
        }
        assertEquals(0, source.cancels.get());
    }

    @Test
    void anAsyncFailureComesAfterTheQueuedItems() {
        FusableSource<String> source = FusableSource.async();
        RuntimeException boom = new RuntimeException("boom");
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 8);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            source.offer("a");
            source.fail(boom);
            assertTrue(task.isWoken());
            assertEquals("a", stream.takeReady());
            assertNull(stream.takeReady());
            assertSame(boom, assertFailed(task.pollNext(), RuntimeException.class));
        }
    }

    @Test
    void anAsyncPollThatThrowsFailsTheStreamCancelsAndClears() {
        FusableSource<String> source = FusableSource.async();
        RuntimeException boom = new RuntimeException("boom");
        source.pollFailure = boom;
        source.failWhenLeft = 1;
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 8);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            source.offer("a");
            source.offer("b");
            assertReady(task.pollNext(), "a");
            assertSame(boom, assertFailed(task.pollNext(), RuntimeException.class));
            assertEquals(1, source.cancels.get());
            assertEquals(1, source.clears.get());
        }
        assertEquals(1, source.cancels.get(), "cancelled once");
    }

    @Test
    void closingAnAsyncFusedStreamClosesEachItemLeftInTheSourcesQueueExactlyOnce() {
        FusableSource<Held> source = FusableSource.async();
        StreamFromPublisher<Held> stream = new StreamFromPublisher<>(source, 8);
        MockStreamTask<Held> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        Held read = new Held();
        Held[] unread = {new Held(), new Held(), new Held()};
        source.offer(read);
        for (Held item : unread) {
            source.offer(item);
        }
        assertSame(read, stream.takeReady());
        task.close();
        task.close();
        assertEquals(0, read.closes.get(), "the item the owner took is the owner's");
        for (Held item : unread) {
            assertEquals(1, item.closes.get(), "an item sent to the stream and never read is closed once");
        }
        assertEquals(1, source.cancels.get());
        assertEquals(0, source.clears.get(), "drained by the stream: clear() would discard a racing item unclosed");
    }

    @Test
    void closingAStreamFusedWithASourceThatDiscardsOnCancelCancelsThenClearsAndNeverPolls() {
        FusableSource<Held> source = FusableSource.async();
        source.discardsOnCancel = true;
        StreamFromPublisher<Held> stream = new StreamFromPublisher<>(source, 8);
        MockStreamTask<Held> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        Held read = new Held();
        Held unread = new Held();
        source.offer(read);
        source.offer(unread);
        assertSame(read, stream.takeReady());
        int polls = source.polls.get();
        long wakes = task.wakeCount();
        task.close();
        task.close();
        Held late = new Held();
        source.offer(late); // an emission that had not seen the cancel yet
        assertEquals(polls, source.polls.get(), "the queue is the source's after the close: never polled");
        assertEquals(1, source.cancels.get());
        assertTrue(source.clears.get() > 0, "cleared, for the source to discard what it holds");
        assertEquals(source.clears.get(), source.clearsAfterCancel.get(), "cleared only after the cancel");
        for (Held item : List.of(read, unread, late)) {
            assertEquals(0, item.closes.get(), "the source's discard policy has the items it holds; the stream closes none");
        }
        assertEquals(wakes, task.wakeCount(), "a closed stream wakes nobody");
    }

    @Test
    void anItemQueuedByAnAsyncSourceAfterTheCloseIsClosedOnItsSignal() {
        FusableSource<Held> source = FusableSource.async();
        StreamFromPublisher<Held> stream = new StreamFromPublisher<>(source, 8);
        MockStreamTask<Held> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        task.close();
        Held late = new Held();
        source.offer(late); // a producer that had not seen the cancel yet
        assertEquals(1, late.closes.get());
        assertEquals(0, task.wakeCount(), "a closed stream wakes nobody");
    }

    @Test
    void closeRacingAnAsyncProducerClosesEveryUnreadItemExactlyOnce() throws Exception {
        // Bounded stress: at most 500 rounds and about 3 seconds.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        for (; rounds < 500 && System.nanoTime() < deadline; rounds++) {
            FusableSource<Held> source = FusableSource.async();
            StreamFromPublisher<Held> stream = new StreamFromPublisher<>(source, 8);
            MockStreamTask<Held> task = MockStreamTask.spawn(stream);
            assertPending(task.pollNext());
            List<Held> offered = new ArrayList<>(); // the producer's; read after join
            CountDownLatch go = new CountDownLatch(1);
            Thread producer = new Thread(() -> {
                awaitQuietly(go);
                while (source.cancels.get() == 0) {
                    if (offered.size() < 64) {
                        offer(source, offered);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                for (int late = 0; late < 3; late++) { // a producer that has not seen the cancel yet
                    offer(source, offered);
                }
            });
            producer.start();
            go.countDown();
            Set<Held> taken = Collections.newSetFromMap(new IdentityHashMap<>());
            int wanted = rounds % 5;
            while (taken.size() < wanted) {
                Held item = stream.takeReady();
                if (item == null) {
                    Poll<Held> poll = task.pollNext();
                    item = poll.isReady() ? poll.value() : null;
                }
                if (item != null) {
                    taken.add(item);
                }
            }
            task.close();
            producer.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(producer.isAlive());
            for (Held item : offered) {
                assertEquals(taken.contains(item) ? 0 : 1, item.closes.get(), "round " + rounds);
            }
        }
        assertTrue(rounds > 0);
    }

    private static void offer(FusableSource<Held> source, List<Held> offered) {
        Held item = new Held();
        offered.add(item);
        source.offer(item);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void closingASyncFusedStreamProducesNothingToDrop() {
        Held notProduced = new Held();
        FusableSource<Held> source = FusableSource.sync(new Held(), notProduced);
        StreamFromPublisher<Held> stream = new StreamFromPublisher<>(source, 8);
        MockStreamTask<Held> task = MockStreamTask.spawn(stream);
        assertTrue(task.pollNext().isReady());
        task.close();
        assertEquals(1, source.polls.get(), "a generator is not run to drop what it never produced");
        assertEquals(0, notProduced.closes.get());
    }

    @Test
    void fusionGrantedOnAnotherThreadAfterAPendingPollWakesThePoller() throws Exception {
        FusableSource<String> source = FusableSource.sync("late");
        source.subscribeAtOnce = false;
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 4);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            Thread publisher = new Thread(source::signalOnSubscribe);
            publisher.start();
            publisher.join();
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), "late");
            assertDone(task.pollNext());
        }
    }

    @Test
    void aCloseBeforeTheFusingOnSubscribeCancelsAndClears() {
        FusableSource<String> source = FusableSource.sync("a");
        source.subscribeAtOnce = false;
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 4);
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        task.close();
        source.signalOnSubscribe();
        assertEquals(1, source.cancels.get());
        assertEquals(0, source.polls.get());
        assertEquals(0, source.fusionRequests.get(), "a closed stream asks for nothing");
    }

    @Test
    void aRequestFusionThatThrowsFailsTheStream() {
        FusableSource<String> source = FusableSource.sync("a");
        IllegalStateException broken = new IllegalStateException("broken");
        source.fusionFailure = broken;
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 4);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertSame(broken, assertFailed(task.pollNext(), IllegalStateException.class));
            assertEquals(List.of(), source.requests);
            assertEquals(1, source.cancels.get());
        }
    }

    @Test
    void aSourceThatDeclinesFusionRunsUnfused() {
        FusableSource<String> source = new FusableSource<>(FusedUpstream.NONE);
        StreamFromPublisher<String> stream = new StreamFromPublisher<>(source, 4);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            assertEquals(List.of(4L), source.requests);
            stream.onNext("a");
            assertReady(task.pollNext(), "a");
            assertEquals(0, source.polls.get());
        }
    }

    /** An item holding a resource: counts its closes. */
    static final class Held implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }
}
