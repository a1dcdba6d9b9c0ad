package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollStream;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code PollStream} to publisher: a stream or a subscriber that breaks its contract, on a
 * publisher whose task polls the stream. One subclass per bridge: the generic Reactive Streams
 * one, the JDK {@code Flow} one, and Reactor's {@code toFlux} (the same engine behind a
 * {@code Flux}, with Reactor's failure channel). The engine reports what no signal can carry to
 * the bridge's channel ({@link #channel()}): the runtime's uncaught-failure handler, or, for
 * Reactor, {@code Hooks.onErrorDropped}.
 */
abstract class StreamToPublisherFaults extends FaultCatalogue {

    /** Where the bridge reports what no signal can carry: the runtime's handler unless overridden. */
    Reports channel() {
        return uncaught;
    }

    private ScriptedStream<?> lastStream;

    /** Subscribes {@code subscriber} to the bridge's publisher of streams from {@code factory}. */
    abstract <T> void subscribe(Supplier<PollStream<T>> factory, Recorder<T> subscriber);

    /** Subscribes to a publisher of {@code stream} (one subscription). */
    private <T> Recorder<T> subscribe(ScriptedStream<T> stream, Recorder<T> subscriber) {
        lastStream = stream;
        subscribe(() -> stream, subscriber);
        return subscriber;
    }

    @AfterEach
    void theStreamWasNeverMisused() {
        if (lastStream != null) {
            assertEquals(0, lastStream.misusedPolls(), "no poll after the end or after close");
            assertTrue(lastStream.closes() <= 1, "closed at most once");
        }
    }

    private static void awaitClosed(ScriptedStream<?> stream) {
        await().atMost(WAIT).alias("the stream is closed").until(() -> stream.closes() == 1);
    }

    @Test
    void aPollThatThrowsSignalsOnErrorAndClosesTheStream() {
        IllegalStateException broken = new IllegalStateException("poll threw");
        ScriptedStream<String> stream = ScriptedStream.throwingAfter(List.of("a"), broken);
        Recorder<String> subscriber = subscribe(stream, new Recorder<>(Long.MAX_VALUE)).awaitTerminal();
        assertEquals(List.of("a"), subscriber.items);
        assertSame(broken, subscriber.error.get());
        awaitClosed(stream);
    }

    @Test
    void aPollThatReturnsNullSignalsNullPointerException() {
        ScriptedStream<String> stream = ScriptedStream.nullAfter(List.of("a"));
        Recorder<String> subscriber = subscribe(stream, new Recorder<>(Long.MAX_VALUE)).awaitTerminal();
        assertEquals(List.of("a"), subscriber.items);
        assertInstanceOf(NullPointerException.class, subscriber.error.get());
        awaitClosed(stream);
    }

    @Test
    void aCloseThatThrowsAtTheNormalEndStillCompletesAndIsReported() {
        IllegalStateException broken = new IllegalStateException("close threw");
        ScriptedStream<String> stream = ScriptedStream.of("a", "b").closeThrows(broken);
        Recorder<String> subscriber = subscribe(stream, new Recorder<>(Long.MAX_VALUE)).awaitTerminal();
        assertEquals(List.of("a", "b"), subscriber.items);
        assertEquals(1, subscriber.completions.get());
        assertNull(subscriber.error.get(), "not a CancellationException: the stream did end");
        channel().expect(broken);
        assertEquals(1, stream.closes());
    }

    @Test
    void aCloseThatThrowsOnCancelIsReported() {
        IllegalStateException broken = new IllegalStateException("close threw");
        ScriptedStream<String> stream = ScriptedStream.<String>pending().closeThrows(broken);
        Recorder<String> subscriber = subscribe(stream, new Recorder<>(1));
        await().atMost(WAIT).until(() -> stream.polls() > 0);
        subscriber.cancel();
        channel().expect(broken);
        assertEquals(1, stream.closes());
        assertEquals(0, subscriber.terminals(), "nothing is signalled after cancel");
    }

    @Test
    void aFactoryThatThrowsRejectsTheSubscription() {
        IllegalStateException broken = new IllegalStateException("factory threw");
        Recorder<String> subscriber = new Recorder<>(0);
        subscribe(() -> {
            throw broken;
        }, subscriber);
        subscriber.awaitTerminal();
        assertEquals(1, subscriber.onSubscribes.get());
        assertSame(broken, subscriber.error.get());
    }

    @Test
    void aSubscriberThatThrowsFromOnSubscribeGetsNothingAndTheStreamIsClosedUnpolled() {
        IllegalStateException broken = new IllegalStateException("onSubscribe threw");
        ScriptedStream<String> stream = ScriptedStream.of("a");
        Recorder<String> subscriber = subscribe(stream,
                new Recorder<String>(1).throwFrom(Recorder.Method.ON_SUBSCRIBE, broken));
        channel().expect(broken);
        awaitClosed(stream);
        assertEquals(0, stream.polls());
        assertEquals(List.of(), subscriber.items);
        assertEquals(0, subscriber.terminals());
    }

    @Test
    void aSubscriberThatThrowsFromOnNextIsCancelledAndReported() {
        IllegalStateException broken = new IllegalStateException("onNext threw");
        ScriptedStream<Integer> stream = ScriptedStream.endless();
        Recorder<Integer> subscriber = subscribe(stream,
                new Recorder<Integer>(Long.MAX_VALUE).throwFrom(Recorder.Method.ON_NEXT, broken));
        channel().expect(broken);
        awaitClosed(stream);
        assertEquals(List.of(0), subscriber.items, "nothing after the onNext that threw");
        assertEquals(0, subscriber.terminals());
    }

    @Test
    void aSubscriberThatThrowsFromOnCompleteIsReported() {
        IllegalStateException broken = new IllegalStateException("onComplete threw");
        ScriptedStream<String> stream = ScriptedStream.of("a");
        Recorder<String> subscriber = subscribe(stream,
                new Recorder<String>(Long.MAX_VALUE).throwFrom(Recorder.Method.ON_COMPLETE, broken));
        channel().expect(broken);
        assertEquals(1, subscriber.completions.get());
        awaitClosed(stream);
    }

    @Test
    void aSubscriberThatThrowsFromOnErrorIsReported() {
        IllegalStateException failure = new IllegalStateException("the stream failed");
        IllegalStateException broken = new IllegalStateException("onError threw");
        ScriptedStream<String> stream = ScriptedStream.throwingAfter(List.of(), failure);
        Recorder<String> subscriber = subscribe(stream,
                new Recorder<String>(Long.MAX_VALUE).throwFrom(Recorder.Method.ON_ERROR, broken));
        channel().expect(broken);
        assertSame(failure, subscriber.error.get());
        awaitClosed(stream);
    }

    @Test
    void requestZeroSignalsIllegalArgumentExceptionAndClosesTheStream() {
        badRequest(0);
    }

    @Test
    void requestNegativeSignalsIllegalArgumentExceptionAndClosesTheStream() {
        badRequest(-1);
    }

    private void badRequest(long n) {
        ScriptedStream<Integer> stream = ScriptedStream.endless();
        Recorder<Integer> subscriber = subscribe(stream, new Recorder<>(0));
        subscriber.request(n);
        subscriber.awaitTerminal();
        IllegalArgumentException error = assertInstanceOf(IllegalArgumentException.class, subscriber.error.get());
        assertTrue(error.getMessage().contains("3.9"), error.getMessage());
        assertEquals(List.of(), subscriber.items);
        awaitClosed(stream);
    }

    @Test
    void requestMaxValueTwiceMeansUnbounded() {
        Integer[] items = new Integer[1_000];
        for (int i = 0; i < items.length; i++) {
            items[i] = i;
        }
        ScriptedStream<Integer> stream = ScriptedStream.of(items);
        Recorder<Integer> subscriber = subscribe(stream, new Recorder<>(0));
        subscriber.request(Long.MAX_VALUE);
        subscriber.request(Long.MAX_VALUE);
        subscriber.awaitTerminal();
        assertEquals(List.of(items), subscriber.items);
        assertEquals(1, subscriber.completions.get());
        awaitClosed(stream);
    }

    @Test
    void anAlwaysReadyStreamIsPolledAtMostOneItemAheadAndNeverEmitsMoreThanRequested() {
        ScriptedStream<Integer> stream = ScriptedStream.endless();
        Recorder<Integer> subscriber = subscribe(stream, new Recorder<>(3)).awaitItems(3);
        assertEquals(List.of(0, 1, 2), subscriber.items);
        await().atMost(WAIT).until(() -> stream.polls() == 4); // the look-ahead holds item 3
        subscriber.cancel();
        awaitClosed(stream);
        assertEquals(4, stream.polls(), "one item ahead of demand, never more");
        assertEquals(3, subscriber.items.size(), "rule 1.1 from our side: no item nobody asked for");
    }
}
