package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.api.JoinHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * {@code Mono} to {@code PollFuture} ({@code MonoBridge.toPollFuture}): a Mono that breaks its
 * contract (the scripted publisher behind {@code Mono.fromDirect}), awaited by a runtime task.
 * What no signal can carry goes to Reactor's {@code Hooks.onErrorDropped}.
 */
class MonoToFutureFaultsTest extends FaultCatalogue {

    private static <T> PollFuture<T> toPollFuture(ScriptedPublisher<T> publisher) {
        return MonoBridge.toPollFuture(Mono.fromDirect((Publisher<T>) publisher));
    }

    @Test
    void aSecondValueFailsTheFutureAndCancels() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        publisher.onRequest = n -> {
            publisher.emit("a");
            publisher.emit("b");
        };
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> run(toPollFuture(publisher)));
        assertTrue(error.getMessage().contains("more than one value"), error.getMessage());
        assertEquals(1, publisher.cancels());
    }

    @Test
    void aValueAfterOnCompleteIsDropped() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        publisher.onRequest = n -> {
            publisher.emit("a");
            publisher.complete();
            publisher.emit("late"); // rule 1.7: to Hooks.onNextDropped
        };
        assertEquals("a", run(toPollFuture(publisher)));
        assertEquals(0, publisher.cancels());
    }

    @Test
    void aPublisherThatNeverCallsOnSubscribeLeavesTheFuturePendingUntilItsOwnerGivesUp() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        publisher.callsOnSubscribe = false;
        JoinHandle<String> owner = runtime.spawn(runtime.timeout(toPollFuture(publisher), Duration.ofMillis(100)));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> join(owner));
        assertInstanceOf(TimeoutException.class, timedOut.getCause());
        publisher.signalOnSubscribe(); // too late: the future was closed
        assertEquals(1, publisher.cancels(), "a subscription arriving after close is cancelled on arrival");
        assertEquals(0, publisher.requested());
    }

    @Test
    void aSubscribeThatThrowsFailsTheFuture() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("subscribe threw");
        publisher.subscribeThrows = broken;
        assertSame(broken, assertThrows(IllegalStateException.class, () -> run(toPollFuture(publisher))));
    }

    @Test
    void onNextNullFailsTheFutureNamingRule213AndCancelsAndALaterOnCompleteChangesNothing() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        List<NullPointerException> thrownBack = new ArrayList<>();
        publisher.onRequest = n -> {
            thrownBack.add(publisher.emitNull());
            publisher.complete(); // must not turn the failure into ready(null)
        };
        NullPointerException error = assertThrows(NullPointerException.class, () -> run(toPollFuture(publisher)));
        assertTrue(error.getMessage().contains("2.13"), error.getMessage());
        assertEquals(1, thrownBack.size());
        assertEquals(1, publisher.cancels());
    }

    @Test
    void onErrorNullFailsTheFutureNamingRule213AndCancels() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        List<NullPointerException> thrownBack = new ArrayList<>();
        publisher.onRequest = n -> thrownBack.add(publisher.failNull());
        NullPointerException error = assertThrows(NullPointerException.class, () -> run(toPollFuture(publisher)));
        assertTrue(error.getMessage().contains("2.13"), error.getMessage());
        assertEquals(1, thrownBack.size());
        assertEquals(1, publisher.cancels());
    }

    @Test
    void aCancelThatThrowsIsReportedAndCloseReturnsNormally() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("cancel threw");
        publisher.cancelThrows = broken;
        CountDownLatch requested = new CountDownLatch(1);
        publisher.onRequest = n -> requested.countDown();
        JoinHandle<String> owner = runtime.spawn(runtime.timeout(toPollFuture(publisher), Duration.ofMillis(100)));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> join(owner));
        assertInstanceOf(TimeoutException.class, timedOut.getCause(), "the close inside timeout returned normally");
        dropped.expect(broken);
        assertEquals(1, publisher.cancels());
    }

    @Test
    void aRequestThatThrowsFailsTheFutureAndCancels() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        IllegalStateException broken = new IllegalStateException("request threw");
        publisher.requestThrows = broken;
        assertSame(broken, assertThrows(IllegalStateException.class, () -> run(toPollFuture(publisher))));
        assertEquals(1, publisher.cancels());
    }

    @Test
    void theSameSubscriptionSignalledTwiceFailsTheFutureInsteadOfHanging() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        publisher.onRequest = n -> publisher.signalOnSubscribe();
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> run(toPollFuture(publisher)));
        assertTrue(error.getMessage().contains("rule 2.12"), error.getMessage());
        assertEquals(1, publisher.cancels());
    }

    @Test
    void aSecondDistinctSubscriptionIsCancelledAndTheFirstGoesOn() {
        ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
        ScriptedPublisher<String>.Script second = publisher.new Script();
        publisher.onRequest = n -> {
            publisher.signalOnSubscribe(second);
            publisher.emit("a");
            publisher.complete();
        };
        assertEquals("a", run(toPollFuture(publisher)));
        assertEquals(1, second.ownCancels.get());
        assertEquals(0, publisher.cancels());
    }

    /**
     * Rule 1.3 broken: two threads call {@code onNext} at once. A Mono has one value, so the
     * future must fail whether or not the calls overlapped, never complete with one of the two.
     * Bounded: at most 200 rounds and about 3 seconds.
     */
    @Test
    void concurrentOnNextFailsTheFutureInsteadOfPickingOneValue() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        int rounds = 0;
        for (; rounds < 200 && System.nanoTime() < deadline; rounds++) {
            ScriptedPublisher<String> publisher = new ScriptedPublisher<>();
            CountDownLatch requested = new CountDownLatch(1);
            publisher.onRequest = n -> requested.countDown();
            JoinHandle<String> owner = runtime.spawn(toPollFuture(publisher));
            requested.await();
            CountDownLatch start = new CountDownLatch(1);
            Thread first = emitter(publisher, "a", start);
            Thread second = emitter(publisher, "b", start);
            start.countDown();
            first.join();
            second.join();
            publisher.complete();
            int round = rounds;
            IllegalStateException error = assertThrows(IllegalStateException.class, () -> join(owner),
                    () -> "round " + round + ": two values, and the future picked one");
            assertTrue(error.getMessage().contains("more than one value"), error.getMessage());
            await().atMost(WAIT).until(() -> publisher.cancels() == 1);
        }
        assertTrue(rounds > 0);
    }

    private static Thread emitter(ScriptedPublisher<String> publisher, String value, CountDownLatch start) {
        Thread thread = new Thread(() -> {
            try {
                start.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            publisher.emit(value);
        });
        thread.start();
        return thread;
    }
}
