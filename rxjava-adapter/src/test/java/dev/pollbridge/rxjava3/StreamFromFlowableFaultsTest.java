package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockStreamTask;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.reactivestreams.Subscriber;

/**
 * The fault catalogue of {@code FlowableBridge.toPollStream(Flowable)}: a Flowable that breaks Reactive Streams, a
 * subscription whose {@code request} or {@code cancel} throws, a waker that throws. For each
 * fault: who gets the error, what is cancelled, and that nothing hangs.
 */
class StreamFromFlowableFaultsTest {

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    /** A raw Flowable whose subscribeActual runs {@code body} with the stream's subscriber. */
    private static Flowable<Integer> raw(Consumer<Subscriber<? super Integer>> body) {
        return new Flowable<>() {
            @Override
            protected void subscribeActual(Subscriber<? super Integer> subscriber) {
                body.accept(subscriber);
            }
        };
    }

    @Test
    void onNextNullFailsTheStreamAfterTheQueuedItemsCancelsOnceAndThrowsBackToThePublisher() {
        CountingSubscription subscription = new CountingSubscription();
        AtomicReference<Throwable> thrownBack = new AtomicReference<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(subscription);
            subscriber.onNext(1);
            try {
                subscriber.onNext(null);
            } catch (NullPointerException rule213) {
                thrownBack.set(rule213);
            }
        }), 4))) {
            assertReady(task.pollNext(), 1);
            assertFailed(task.pollNext(), NullPointerException.class);
        }
        assertInstanceOf(NullPointerException.class, thrownBack.get());
        assertEquals(1, subscription.cancels.get());
    }

    @Test
    void onSubscribeNullFailsTheStreamAndThrowsBackToThePublisher() {
        AtomicReference<Throwable> thrownBack = new AtomicReference<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            try {
                subscriber.onSubscribe(null);
            } catch (NullPointerException rule213) {
                thrownBack.set(rule213);
            }
        }), 4))) {
            NullPointerException failure = assertFailed(task.pollNext(), NullPointerException.class);
            assertSame(thrownBack.get(), failure);
        }
    }

    @Test
    void onErrorNullFailsTheStreamAndCancelsOnce() {
        CountingSubscription subscription = new CountingSubscription();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(subscription);
            try {
                subscriber.onError(null);
            } catch (NullPointerException rule213) {
                // thrown back, as rule 2.13 requires
            }
        }), 4))) {
            assertFailed(task.pollNext(), NullPointerException.class);
        }
        assertEquals(1, subscription.cancels.get());
    }

    @Test
    void signalsAfterTheEndGoToRxJavaPluginsAndTheStreamEndsNormally() {
        IllegalStateException late = new IllegalStateException("error after complete");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(new CountingSubscription());
            subscriber.onNext(1);
            subscriber.onComplete();
            subscriber.onNext(2);
            subscriber.onComplete();
            subscriber.onError(late);
        }), 4))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        List<Throwable> errors = rxErrors.awaitCount(3);
        assertInstanceOf(ProtocolViolationException.class, errors.get(0));
        assertInstanceOf(ProtocolViolationException.class, errors.get(1));
        assertSame(late, errors.get(2));
    }

    @Test
    void moreItemsThanRequestedFailTheStreamAndCancelOnce() {
        CountingSubscription subscription = new CountingSubscription();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(subscription);
            for (int i = 0; i < 3; i++) {
                subscriber.onNext(i);
            }
        }), 2))) {
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            assertFailed(task.pollNext(), IllegalStateException.class);
        }
        assertEquals(1, subscription.cancels.get());
    }

    @Test
    void aSecondDifferentSubscriptionIsCancelledAndReportedAndTheLiveOneGoesOn() {
        CountingSubscription first = new CountingSubscription();
        CountingSubscription second = new CountingSubscription();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(first);
            subscriber.onSubscribe(second);
            subscriber.onNext(1);
            subscriber.onComplete();
        }), 4))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        assertEquals(1, second.cancels.get());
        assertEquals(0, first.cancels.get());
        assertInstanceOf(ProtocolViolationException.class, rxErrors.awaitOne());
    }

    @Test
    void theSameSubscriptionTwiceIsReportedButNotCancelledSoTheStreamDoesNotHang() {
        CountingSubscription subscription = new CountingSubscription();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(subscription);
            subscriber.onSubscribe(subscription);
            subscriber.onNext(1);
            subscriber.onComplete();
        }), 4))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        assertEquals(0, subscription.cancels.get());
        assertInstanceOf(ProtocolViolationException.class, rxErrors.awaitOne());
    }

    @Test
    void itemsWithoutOnSubscribeFailTheStreamAsUnrequested() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> subscriber.onNext(1)), 4))) {
            assertFailed(task.pollNext(), IllegalStateException.class);
        }
    }

    @Test
    void aSubscribeThatThrowsFailsTheStreamAndRxJavaReportsTheOriginal() {
        IllegalStateException thrown = new IllegalStateException("subscribeActual threw");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            throw thrown;
        })))) {
            NullPointerException wrapper = assertFailed(task.pollNext(), NullPointerException.class);
            assertSame(thrown, wrapper.getCause());
        }
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aRequestThatThrowsInsideOnSubscribeFailsTheStreamAndCancelsOnce() {
        CountingSubscription subscription = new CountingSubscription();
        IllegalStateException thrown = new IllegalStateException("request threw");
        subscription.thrownOnRequest = thrown;
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> subscriber.onSubscribe(subscription)), 4))) {
            assertSame(thrown, assertFailed(task.pollNext(), IllegalStateException.class));
        }
        assertEquals(1, subscription.cancels.get());
        rxErrors.assertNone();
    }

    @Test
    void aReplenishingRequestThatThrowsFailsTheStreamAfterTheItemsAndCancelsOnce() {
        CountingSubscription subscription = new CountingSubscription();
        IllegalStateException thrown = new IllegalStateException("second request threw");
        subscription.thrownOnRequest = thrown;
        subscription.throwOnRequestNumber = 2;
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(raw(subscriber -> {
            subscriber.onSubscribe(subscription);
            for (int i = 0; i < 4; i++) {
                subscriber.onNext(i);
            }
        }), 4))) {
            for (int i = 0; i < 4; i++) {
                assertReady(task.pollNext(), i); // the 4th poll replenishes, which throws
            }
            assertSame(thrown, assertFailed(task.pollNext(), IllegalStateException.class));
        }
        assertEquals(1, subscription.cancels.get());
    }

    @Test
    void aCancelThatThrowsIsReportedAndCloseDoesNotThrow() {
        CountingSubscription subscription = new CountingSubscription();
        IllegalStateException thrown = new IllegalStateException("cancel threw");
        subscription.thrownOnCancel = thrown;
        PollStream<Integer> stream = FlowableBridge.toPollStream(raw(subscriber -> subscriber.onSubscribe(subscription)), 4);
        assertPending(stream.pollNext(Context.of(() -> {})));
        stream.close();
        stream.close();
        assertEquals(1, subscription.cancels.get());
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aWakerThatThrowsIsReportedNotThrownIntoTheFlowable() {
        AtomicReference<Subscriber<? super Integer>> captured = new AtomicReference<>();
        PollStream<Integer> stream = FlowableBridge.toPollStream(raw(subscriber -> {
            captured.set(subscriber);
            subscriber.onSubscribe(new CountingSubscription());
        }), 4);
        IllegalStateException thrown = new IllegalStateException("waker threw");
        assertPending(stream.pollNext(Context.of(() -> {
            throw thrown;
        })));
        captured.get().onNext(1); // would throw without the guard
        assertSame(thrown, rxErrors.awaitOne());
        assertReady(stream.pollNext(Context.of(() -> {})), 1);
        stream.close();
    }

    @Test
    void pollingAfterTheEndOrAfterCloseThrows() {
        PollStream<Integer> stream = FlowableBridge.toPollStream(Flowable.<Integer>empty());
        assertDone(stream.pollNext(Context.of(() -> {})));
        assertThrows(IllegalStateException.class, () -> stream.pollNext(Context.of(() -> {})));
        stream.close();
        PollStream<Integer> closed = FlowableBridge.toPollStream(Flowable.just(1));
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.pollNext(Context.of(() -> {})));
    }
}
