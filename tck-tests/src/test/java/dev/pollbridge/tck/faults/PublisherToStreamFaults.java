package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Publisher to {@code PollStream}: a publisher that breaks its contract, fed to a bridged
 * stream that a runtime task owns ({@link Drain}). One subclass per bridge: the generic Reactive
 * Streams one, the JDK {@code Flow} one, and Reactor's {@code toPollStream} (which runs on the same
 * engine, with Reactor's failure channel). The engine reports what no signal can carry to the
 * bridge's channel ({@link #channel()}): the uncaught-failure handler of the runtime whose task
 * polled the stream first, or, for Reactor, {@code Hooks.onErrorDropped}.
 */
abstract class PublisherToStreamFaults extends FaultCatalogue {

    /** Where the bridge reports what no signal can carry: the runtime's handler unless overridden. */
    Reports channel() {
        return uncaught;
    }

    /** {@code publisher} bridged to a stream with the given prefetch. */
    abstract <T> PollStream<T> toPollStream(ScriptedPublisher<T> publisher, int prefetch);

    private static List<Resource> resources(int count) {
        return IntStream.range(0, count).mapToObj(Resource::new).toList();
    }

    private static void emitAll(ScriptedPublisher<Resource> publisher, List<Resource> items) {
        items.forEach(publisher::emit);
    }

    @Test
    void moreItemsThanRequestedFailTheStreamAfterTheQueuedItemsAndCancelOnce() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        List<Resource> sent = resources(3);
        publisher.onRequest = n -> emitAll(publisher, sent); // 3 items for a request of 2: rule 1.1
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 2)));
        assertEquals(sent.subList(0, 2), seen.items());
        IllegalStateException error = assertInstanceOf(IllegalStateException.class, seen.error());
        assertTrue(error.getMessage().contains("rule 1.1"), error.getMessage());
        assertEquals(1, publisher.cancels());
        assertEquals(1, sent.get(2).closes(), "the item beyond demand is dropped and closed");
    }

    @Test
    void onNextAfterOnCompleteIsDroppedClosedAndReported() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        List<Resource> sent = resources(2);
        publisher.onRequest = n -> {
            publisher.emit(sent.get(0));
            publisher.complete();
            publisher.emit(sent.get(1)); // rule 1.7
        };
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        assertEquals(List.of(sent.get(0)), seen.items());
        assertTrue(seen.end().isDone());
        assertEquals(1, sent.get(1).closes());
        channel().expect(IllegalStateException.class, "rule 1.7");
        assertEquals(0, publisher.cancels(), "the publisher had terminated: nothing to cancel");
    }

    @Test
    void aPublisherThatNeverCallsOnSubscribeLeavesTheStreamPendingUntilItsOwnerGivesUp() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        publisher.callsOnSubscribe = false;
        JoinHandle<Drain.Seen<Resource>> owner = runtime.spawn(
                runtime.timeout(new Drain<>(toPollStream(publisher, 4)), Duration.ofMillis(100)));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> join(owner));
        assertInstanceOf(TimeoutException.class, timedOut.getCause());
        publisher.awaitSubscribed();
        publisher.signalOnSubscribe(); // too late: the stream was closed
        assertEquals(1, publisher.cancels(), "a subscription arriving after close is cancelled on arrival");
        assertEquals(0, publisher.requested(), "and nothing is requested from it");
    }

    @Test
    void aSubscribeThatThrowsFailsTheStream() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("subscribe threw");
        publisher.subscribeThrows = broken;
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        assertSame(broken, seen.error());
    }

    @Test
    void onNextNullFailsTheStreamNamingRule213AndCancels() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        Resource first = new Resource(0);
        List<NullPointerException> thrownBack = new ArrayList<>();
        publisher.onRequest = n -> {
            publisher.emit(first);
            thrownBack.add(publisher.emitNull());
        };
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        assertEquals(List.of(first), seen.items());
        NullPointerException error = assertInstanceOf(NullPointerException.class, seen.error());
        assertTrue(error.getMessage().contains("2.13"), error.getMessage());
        assertEquals(1, thrownBack.size(), "onNext(null) throws NullPointerException at the publisher (rule 2.13)");
        assertEquals(1, publisher.cancels());
    }

    @Test
    void onErrorNullFailsTheStreamNamingRule213AndCancels() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        List<NullPointerException> thrownBack = new ArrayList<>();
        publisher.onRequest = n -> thrownBack.add(publisher.failNull());
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        NullPointerException error = assertInstanceOf(NullPointerException.class, seen.error());
        assertTrue(error.getMessage().contains("2.13"), error.getMessage());
        assertEquals(1, thrownBack.size());
        assertEquals(1, publisher.cancels());
    }

    @Test
    void aCancelThatThrowsIsReportedAndCloseStillDropsAndClosesTheQueuedItems() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("cancel threw");
        publisher.cancelThrows = broken;
        List<Resource> sent = resources(4);
        publisher.onRequest = n -> emitAll(publisher, sent);
        // The owner takes one item and ends: the runtime closes the stream, whose cancel throws.
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 8), 1));
        assertEquals(List.of(sent.get(0)), seen.items());
        channel().expect(broken);
        assertEquals(1, publisher.cancels());
        assertEquals(0, sent.get(0).closes(), "a delivered item is the owner's");
        sent.subList(1, 4).forEach(item -> assertEquals(1, item.closes(), item + " was queued and dropped"));
        Resource late = new Resource(99);
        publisher.emit(late); // after cancel (rule 2.8): dropped and closed
        assertEquals(1, late.closes());
    }

    @Test
    void closeDropsAndClosesPrefetchedItems() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        List<Resource> sent = resources(5);
        publisher.onRequest = n -> emitAll(publisher, sent);
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 8), 2));
        assertEquals(sent.subList(0, 2), seen.items());
        assertEquals(1, publisher.cancels());
        sent.subList(0, 2).forEach(item -> assertEquals(0, item.closes()));
        sent.subList(2, 5).forEach(item -> assertEquals(1, item.closes(), item + " was prefetched and dropped"));
    }

    @Test
    void aRequestThatThrowsFailsTheStreamAfterTheQueuedItemsAndStillCancels() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("request threw");
        publisher.requestThrows = broken;
        publisher.requestThrowsFrom = 2; // the first, from onSubscribe, works; the replenishing one throws
        List<Resource> sent = resources(4);
        publisher.onRequest = n -> emitAll(publisher, sent);
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4))); // replenishes after 3
        assertEquals(sent, seen.items());
        assertSame(broken, seen.error());
        assertEquals(1, publisher.cancels(), "the cancel after a throwing request still reaches the publisher");
    }

    @Test
    void aRequestThatThrowsInsideOnSubscribeFailsTheStreamAndCancels() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("request threw");
        publisher.requestThrows = broken;
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        assertSame(broken, seen.error());
        assertEquals(1, publisher.cancels());
    }

    @Test
    void theSameSubscriptionSignalledTwiceFailsTheStreamInsteadOfHanging() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        publisher.onRequest = n -> publisher.signalOnSubscribe(); // the active subscription again
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        IllegalStateException error = assertInstanceOf(IllegalStateException.class, seen.error());
        assertTrue(error.getMessage().contains("rule 2.12"), error.getMessage());
        assertEquals(1, publisher.cancels(), "cancelled once (rule 2.5), not twice");
    }

    @Test
    void aSecondDistinctSubscriptionIsCancelledAndTheFirstGoesOn() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        ScriptedPublisher<Resource>.Script second = publisher.new Script();
        List<Resource> sent = resources(2);
        publisher.onRequest = n -> {
            publisher.signalOnSubscribe(second);
            emitAll(publisher, sent);
            publisher.complete();
        };
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        assertEquals(sent, seen.items());
        assertTrue(seen.end().isDone());
        assertEquals(1, second.ownCancels.get());
        assertEquals(0, second.ownRequests.get());
        assertEquals(0, publisher.cancels());
    }

    /**
     * Rule 1.3 broken: two threads call {@code onNext} at once. Either every item arrives (the
     * calls happened not to overlap) or the stream fails with an error naming rule 1.3; items are
     * never lost silently. The owner stops after the last item, so the publisher never ends the
     * subscription itself: in both outcomes the bridge must cancel it, exactly once. Bounded: at
     * most 40 rounds and about 5 seconds.
     */
    @Test
    void concurrentOnNextFailsTheStreamInsteadOfLosingItems() throws Exception {
        int perThread = 20_000;
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        int detected = 0;
        int rounds = 0;
        for (; rounds < 40 && System.nanoTime() < deadline; rounds++) {
            ScriptedPublisher<Integer> publisher = new ScriptedPublisher<>();
            CountDownLatch requested = new CountDownLatch(1);
            publisher.onRequest = n -> requested.countDown();
            JoinHandle<Drain.Seen<Integer>> owner =
                    runtime.spawn(new Drain<>(toPollStream(publisher, 2 * perThread), 2 * perThread));
            requested.await();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int base = t * perThread;
                Thread producer = new Thread(() -> {
                    awaitQuietly(start);
                    for (int i = 0; i < perThread; i++) {
                        publisher.emit(base + i);
                    }
                });
                producer.start();
                producers.add(producer);
            }
            start.countDown();
            for (Thread producer : producers) {
                producer.join();
            }
            Drain.Seen<Integer> seen = join(owner);
            if (seen.end() == null) {
                assertEquals(2 * perThread, seen.items().size(), "round " + rounds + ": items lost without an error");
            } else {
                IllegalStateException error = assertInstanceOf(IllegalStateException.class, seen.error());
                assertTrue(error.getMessage().contains("rule 1.3"), error.getMessage());
                detected++;
            }
            // The task closes its stream as it ends; the cancel may run on the thread that was
            // forwarding a request at the time (SerialUpstream), so wait for it.
            await().atMost(Duration.ofSeconds(10)).until(() -> publisher.cancels() >= 1);
            assertEquals(1, publisher.cancels(), "round " + rounds);
        }
        assertTrue(rounds > 0);
        System.out.println(getClass().getSimpleName() + ": rule 1.3 race detected in " + detected + " of " + rounds + " rounds");
    }

    @Test
    void aSecondTerminalSignalIsReported() {
        ScriptedPublisher<Resource> publisher = new ScriptedPublisher<>();
        IllegalStateException late = new IllegalStateException("late error");
        publisher.onRequest = n -> {
            publisher.complete();
            publisher.fail(late); // rule 1.7
        };
        Drain.Seen<Resource> seen = run(new Drain<>(toPollStream(publisher, 4)));
        assertTrue(seen.end().isDone(), "the first terminal signal counts");
        channel().expect(late);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
