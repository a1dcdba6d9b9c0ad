package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.Async;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;

/**
 * {@code PollFuture} to {@code Mono} ({@code MonoBridge.toMono}, {@code mono}): a future or
 * a subscriber that breaks its contract. The subscriber is a plain one, so Reactor wraps it in
 * its {@code StrictSubscriber}; that is also what answers {@code request(n <= 0)} with
 * {@code onError} (rule 3.9), which the TCK skips for a publisher of at most one item. What no
 * signal can carry goes to Reactor's {@code Hooks.onErrorDropped}.
 */
class FutureToMonoFaultsTest extends FaultCatalogue {

    private ScriptedFuture<?> lastFuture;

    private <T> Recorder<T> subscribe(ScriptedFuture<T> future, Recorder<T> subscriber) {
        lastFuture = future;
        return subscribe(() -> future, subscriber);
    }

    private <T> Recorder<T> subscribe(Supplier<PollFuture<T>> factory, Recorder<T> subscriber) {
        MonoBridge.toMono(factory, runtime).subscribe((Subscriber<T>) subscriber);
        return subscriber;
    }

    @AfterEach
    void theFutureWasNeverMisused() {
        if (lastFuture != null) {
            assertEquals(0, lastFuture.misusedPolls(), "no poll after ready or after close");
            assertTrue(lastFuture.closes() <= 1, "closed at most once");
        }
    }

    private static void awaitClosed(ScriptedFuture<?> future) {
        await().atMost(WAIT).alias("the future is closed").until(() -> future.closes() == 1);
    }

    @Test
    void aPollThatThrowsSignalsOnError() {
        IllegalStateException broken = new IllegalStateException("poll threw");
        ScriptedFuture<String> future = ScriptedFuture.throwing(broken);
        Recorder<String> subscriber = subscribe(future, new Recorder<>(1)).awaitTerminal();
        assertSame(broken, subscriber.error.get());
        awaitClosed(future);
    }

    @Test
    void aPollThatReturnsNullSignalsNullPointerException() {
        ScriptedFuture<String> future = ScriptedFuture.returningNull();
        Recorder<String> subscriber = subscribe(future, new Recorder<>(1)).awaitTerminal();
        assertInstanceOf(NullPointerException.class, subscriber.error.get());
        awaitClosed(future);
    }

    @Test
    void aCloseThatThrowsAfterTheValueStillSignalsTheValueAndIsReported() {
        IllegalStateException broken = new IllegalStateException("close threw");
        ScriptedFuture<String> future = ScriptedFuture.ready("v").closeThrows(broken);
        Recorder<String> subscriber = subscribe(future, new Recorder<>(1)).awaitTerminal();
        assertEquals(List.of("v"), subscriber.items);
        assertEquals(1, subscriber.completions.get());
        dropped.expect(broken);
        assertEquals(1, future.closes());
    }

    @Test
    void aCloseThatThrowsOnCancelIsReported() {
        IllegalStateException broken = new IllegalStateException("close threw");
        ScriptedFuture<String> future = ScriptedFuture.<String>pending().closeThrows(broken);
        Recorder<String> subscriber = subscribe(future, new Recorder<>(1));
        await().atMost(WAIT).until(() -> future.polls() > 0);
        subscriber.cancel();
        awaitClosed(future);
        assertEquals(0, subscriber.terminals());
        dropped.expect(broken);
    }

    @Test
    void aFactoryThatThrowsFailsTheSubscription() {
        IllegalStateException broken = new IllegalStateException("factory threw");
        Recorder<String> subscriber = this.<String>subscribe(() -> {
            throw broken;
        }, new Recorder<>(0)).awaitTerminal();
        assertSame(broken, subscriber.error.get());
    }

    @Test
    void aSubscriberThatThrowsFromOnSubscribeGetsTheFutureClosedUnpolled() {
        IllegalStateException broken = new IllegalStateException("onSubscribe threw");
        ScriptedFuture<String> future = ScriptedFuture.ready("v");
        Recorder<String> subscriber = subscribe(future,
                new Recorder<String>(1).throwFrom(Recorder.Method.ON_SUBSCRIBE, broken));
        awaitClosed(future);
        assertEquals(0, future.polls());
        assertEquals(List.of(), subscriber.items);
        // Reactor's subscribe reports a throwing operator to the subscriber (reportThrowInSubscribe).
        assertSame(broken, subscriber.error.get());
    }

    @Test
    void aSubscriberThatThrowsFromOnNextIsReportedAndTheFutureClosed() {
        IllegalStateException broken = new IllegalStateException("onNext threw");
        ScriptedFuture<String> future = ScriptedFuture.ready("v");
        Recorder<String> subscriber = subscribe(future,
                new Recorder<String>(1).throwFrom(Recorder.Method.ON_NEXT, broken));
        dropped.expect(broken);
        awaitClosed(future);
        assertEquals(List.of("v"), subscriber.items);
    }

    @Test
    void aSubscriberThatThrowsFromOnCompleteIsReportedAndTheFutureClosed() {
        IllegalStateException broken = new IllegalStateException("onComplete threw");
        ScriptedFuture<String> future = ScriptedFuture.ready(null);
        Recorder<String> subscriber = subscribe(future,
                new Recorder<String>(1).throwFrom(Recorder.Method.ON_COMPLETE, broken));
        dropped.expect(broken);
        awaitClosed(future);
        assertEquals(1, subscriber.completions.get());
    }

    @Test
    void aSubscriberThatThrowsFromOnErrorIsReportedAndTheFutureClosed() {
        IllegalStateException failure = new IllegalStateException("the future failed");
        IllegalStateException broken = new IllegalStateException("onError threw");
        ScriptedFuture<String> future = ScriptedFuture.throwing(failure);
        Recorder<String> subscriber = subscribe(future,
                new Recorder<String>(1).throwFrom(Recorder.Method.ON_ERROR, broken));
        dropped.expect(broken);
        awaitClosed(future);
        assertSame(failure, subscriber.error.get());
    }

    @Test
    void requestZeroSignalsIllegalArgumentExceptionAndClosesTheFuture() {
        badRequest(0);
    }

    @Test
    void requestNegativeSignalsIllegalArgumentExceptionAndClosesTheFuture() {
        badRequest(-1);
    }

    private void badRequest(long n) {
        ScriptedFuture<String> future = ScriptedFuture.pending();
        Recorder<String> subscriber = subscribe(future, new Recorder<>(0));
        subscriber.request(n);
        subscriber.awaitTerminal();
        IllegalArgumentException error = assertInstanceOf(IllegalArgumentException.class, subscriber.error.get());
        assertTrue(error.getMessage().contains("3.9"), error.getMessage());
        awaitClosed(future);
        assertEquals(List.of(), subscriber.items);
    }

    /**
     * Rule 3.9 for {@code mono(body)}: the body is cancelled (the TCK skips the rule-3.9 tests
     * for a publisher of at most one item). The body must have started: a future closed before
     * its first poll never runs its body at all.
     */
    @Test
    void requestZeroOrNegativeOnAMonoBodySignalsIllegalArgumentExceptionAndCancelsTheBody() throws Exception {
        for (long bad : new long[] {0, -1}) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch ended = new CountDownLatch(1);
            Recorder<Long> subscriber = new Recorder<>(0);
            MonoBridge.<Long>mono(() -> {
                started.countDown();
                try {
                    return Async.await(Futures.<Long>pending()); // only a cancel ends it
                } finally {
                    ended.countDown();
                }
            }, runtime).subscribe((Subscriber<Long>) subscriber);
            assertTrue(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS));
            subscriber.request(bad);
            subscriber.awaitTerminal();
            IllegalArgumentException error = assertInstanceOf(IllegalArgumentException.class, subscriber.error.get());
            assertTrue(error.getMessage().contains("3.9"), error.getMessage());
            assertTrue(ended.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "the body was cancelled");
        }
    }

    @Test
    void requestMaxValueTwiceDeliversTheOneValue() {
        ScriptedFuture<String> future = ScriptedFuture.pending();
        Recorder<String> subscriber = subscribe(future, new Recorder<>(0));
        subscriber.request(Long.MAX_VALUE);
        subscriber.request(Long.MAX_VALUE);
        future.complete("v");
        subscriber.awaitTerminal();
        assertEquals(List.of("v"), subscriber.items);
        assertEquals(1, subscriber.completions.get());
        assertNull(subscriber.error.get());
        awaitClosed(future);
    }
}
