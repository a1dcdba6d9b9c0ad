package dev.pollbridge.reactor;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.scheduler.VirtualTimeScheduler;

/** {@link MonoBridge#toPollFuture}: a Mono polled by hand with {@link MockTask}, no runtime. */
class FutureFromMonoTest {

    @Test
    void buildingSubscribesNothingAndTheFirstPollSubscribes() {
        AtomicInteger subscriptions = new AtomicInteger();
        PollFuture<String> future = MonoBridge.toPollFuture(Mono.just("x").doOnSubscribe(s -> subscriptions.incrementAndGet()));
        assertEquals(0, subscriptions.get());
        try (MockTask<String> task = MockTask.spawn(future)) {
            assertReady(task.poll(), "x");
        }
        assertEquals(1, subscriptions.get());
    }

    @Test
    void closeBeforeTheFirstPollNeverSubscribes() {
        AtomicInteger subscriptions = new AtomicInteger();
        PollFuture<String> future = MonoBridge.toPollFuture(Mono.<String>never().doOnSubscribe(s -> subscriptions.incrementAndGet()));
        future.close();
        assertEquals(0, subscriptions.get());
        assertThrows(IllegalStateException.class, () -> future.poll(Context.of(() -> {})));
    }

    @Test
    void emptyMonoYieldsNullAndOptionalEmpty() {
        try (MockTask<Object> task = MockTask.spawn(MonoBridge.toPollFuture(Mono.empty()))) {
            assertReady(task.poll(), null);
        }
        try (MockTask<Optional<String>> task = MockTask.spawn(MonoBridge.toOptionalPollFuture(Mono.<String>empty()))) {
            assertReady(task.poll(), Optional.empty());
        }
        try (MockTask<Optional<String>> task = MockTask.spawn(MonoBridge.toOptionalPollFuture(Mono.just("v")))) {
            assertReady(task.poll(), Optional.of("v"));
        }
    }

    @Test
    void errorsArePassedThroughAsTheSameInstance() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(Mono.<String>error(boom)))) {
            assertSame(boom, assertFailed(task.poll(), IllegalArgumentException.class));
        }
        Exception checked = new Exception("checked");
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(
                Mono.just("a").map(a -> a).flatMap(a -> Mono.<String>error(checked))))) {
            assertSame(checked, assertFailed(task.poll(), Exception.class));
        }
    }

    @Test
    void asynchronousValueWakesTheLatestWaker() {
        Sinks.One<String> sink = Sinks.one();
        PollFuture<String> future = MonoBridge.toPollFuture(sink.asMono());
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(future.poll(Context.of(first)));
        assertPending(future.poll(Context.of(second)));
        sink.tryEmitValue("late").orThrow();
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(future.poll(Context.of(second)), "late");
        future.close();
    }

    @Test
    void delayedElementArrivesOnAReactorThread() {
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(Mono.just("slow").delayElement(Duration.ofMillis(50))))) {
            assertPending(task.poll());
            await().atMost(Duration.ofSeconds(5)).until(task::isWoken);
            assertReady(task.poll(), "slow");
        }
    }

    @Test
    void upstreamTimeoutFailsWithReactorsTimeoutException() {
        // Reactor's virtual time: the timeout cannot fire before the first poll on a loaded machine.
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(Mono.<String>never().timeout(Duration.ofMillis(30), time)))) {
            assertPending(task.poll());
            time.advanceTimeBy(Duration.ofMillis(29));
            assertPending(task.poll());
            time.advanceTimeBy(Duration.ofMillis(1));
            await().atMost(Duration.ofSeconds(5)).until(task::isWoken);
            assertFailed(task.poll(), TimeoutException.class);
        } finally {
            time.dispose();
        }
    }

    @Test
    void aMonoThatCompletesInsideSubscribeIsReadyAtOnceWithoutAWake() {
        PollFuture<String> future = MonoBridge.toPollFuture(Mono.just("now"));
        CountingWaker waker = new CountingWaker();
        assertReady(future.poll(Context.of(waker)), "now");
        future.close();
        assertEquals(0, waker.count()); // no self-wake: a task would not be polled again for nothing
    }

    @Test
    void aBrokenSourceSignallingAfterTheCloseOfADeliveredFutureHasItsItemDropped() {
        AtomicReference<CoreSubscriber<AutoCloseable>> subscriber = new AtomicReference<>();
        Mono<AutoCloseable> broken = new Mono<>() {
            @Override
            @SuppressWarnings("unchecked")
            public void subscribe(CoreSubscriber<? super AutoCloseable> actual) {
                subscriber.set((CoreSubscriber<AutoCloseable>) actual);
                actual.onSubscribe(new CountingSubscription());
                AutoCloseable first = () -> {};
                actual.onNext(first);
                actual.onComplete();
            }
        };
        PollFuture<AutoCloseable> future = MonoBridge.toPollFuture(broken);
        assertTrue(future.poll(Context.of(new CountingWaker())).isReady());
        future.close();
        AtomicInteger closes = new AtomicInteger();
        subscriber.get().onNext(closes::incrementAndGet); // against rule 1.7: after the end and the close
        assertEquals(1, closes.get(), "a late item nobody will read is closed");
    }

    @Test
    void closeCancelsTheSubscriptionExactlyOnce() {
        AtomicInteger cancels = new AtomicInteger();
        PollFuture<String> future = MonoBridge.toPollFuture(Mono.<String>never().doOnCancel(cancels::incrementAndGet));
        MockTask<String> task = MockTask.spawn(future);
        assertPending(task.poll());
        task.close();
        future.close();
        future.close();
        assertEquals(1, cancels.get());
    }

    @Test
    void closeAfterCompletionCancelsNothing() {
        AtomicInteger cancels = new AtomicInteger();
        try (MockTask<Integer> task = MockTask.spawn(MonoBridge.toPollFuture(Mono.just(7).doOnCancel(cancels::incrementAndGet)))) {
            assertReady(task.poll(), 7);
        }
        assertEquals(0, cancels.get());
    }

    @Test
    void subscriptionArrivingAfterCloseIsCancelledOnArrivalAndNeverRequested() {
        AtomicReference<CoreSubscriber<? super String>> subscriber = new AtomicReference<>();
        Mono<String> manual = new Mono<>() {
            @Override
            public void subscribe(CoreSubscriber<? super String> actual) {
                subscriber.set(actual);
            }
        };
        MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(manual));
        assertPending(task.poll());
        task.close();
        CountingSubscription late = new CountingSubscription();
        subscriber.get().onSubscribe(late);
        assertEquals(1, late.cancels.get());
        assertEquals(0, late.requested.get());
        subscriber.get().onNext("dropped");
        subscriber.get().onComplete();
        assertFalse(task.isWoken());
    }

    @Test
    void requestsEverythingAndRejectsASecondSubscription() {
        AtomicReference<CoreSubscriber<? super String>> subscriber = new AtomicReference<>();
        Mono<String> manual = new Mono<>() {
            @Override
            public void subscribe(CoreSubscriber<? super String> actual) {
                subscriber.set(actual);
            }
        };
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(manual))) {
            assertPending(task.poll());
            CountingSubscription first = new CountingSubscription();
            CountingSubscription second = new CountingSubscription();
            subscriber.get().onSubscribe(first);
            subscriber.get().onSubscribe(second);
            assertEquals(Long.MAX_VALUE, first.requested.get());
            assertEquals(1, second.cancels.get());
            assertEquals(0, first.cancels.get());
            subscriber.get().onNext("v");
            assertFalse(task.isWoken(), "the value is only final at onComplete");
            subscriber.get().onComplete();
            assertTrue(task.isWoken());
            assertReady(task.poll(), "v");
        }
    }

    @Test
    void aSourceEmittingTwiceFailsTheFutureAndIsCancelled() {
        CountingSubscription subscription = new CountingSubscription();
        Mono<String> broken = new Mono<>() {
            @Override
            public void subscribe(CoreSubscriber<? super String> actual) {
                actual.onSubscribe(subscription);
                actual.onNext("one");
                actual.onNext("two");
                actual.onComplete();
            }
        };
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(broken))) {
            assertFailed(task.poll(), IllegalStateException.class);
        }
        assertEquals(1, subscription.cancels.get());
    }

    @Test
    void aMonoThatThrowsFromSubscribeFailsTheFutureWithThatException() {
        CountingSubscription subscription = new CountingSubscription();
        IllegalStateException thrown = new IllegalStateException("thrown by subscribe");
        Mono<String> throwing = new Mono<>() {
            @Override
            public void subscribe(CoreSubscriber<? super String> actual) {
                actual.onSubscribe(subscription);
                throw thrown;
            }
        };
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(throwing))) {
            assertSame(thrown, assertFailed(task.poll(), IllegalStateException.class));
        }
    }

    @Test
    void pollAfterReadyThrows() {
        PollFuture<String> future = MonoBridge.toPollFuture(Mono.just("once"));
        Context cx = Context.of(() -> {});
        assertReady(future.poll(cx), "once");
        assertThrows(IllegalStateException.class, () -> future.poll(cx));
        future.close();
    }

    @Test
    void nullMonoIsRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> MonoBridge.toPollFuture(null));
        assertThrows(NullPointerException.class, () -> MonoBridge.toOptionalPollFuture(null));
    }

    @Test
    void subscriberContextIsTheTaskContextAndEmptyOutsideATask() {
        Mono<String> readsContext = Mono.deferContextual(view -> Mono.just(view.getOrDefault("user", "nobody")));
        try (MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(readsContext))) {
            assertReady(task.poll(), "nobody");
        }
        PollFuture<String> scoped = ReactorContextLocal.scope(
                reactor.util.context.Context.of("user", "ada"), MonoBridge.toPollFuture(readsContext));
        try (MockTask<String> task = MockTask.spawn(scoped)) {
            assertReady(task.poll(), "ada");
        }
    }

    /** Close races completion from another thread: at most one cancel, and no lost wake-up. */
    @Test
    void closeAndPollRacingCompletionStress() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        for (int i = 0; i < 2_000 && System.nanoTime() < deadline; i++) {
            Sinks.One<Integer> sink = Sinks.one();
            AtomicInteger cancels = new AtomicInteger();
            PollFuture<Integer> future = MonoBridge.toPollFuture(sink.asMono().doOnCancel(cancels::incrementAndGet));
            CountingWaker waker = new CountingWaker();
            assertPending(future.poll(Context.of(waker)));
            int value = i;
            Thread completer = new Thread(() -> sink.tryEmitValue(value));
            completer.start();
            if (i % 2 == 0) {
                future.close();
                completer.join();
                assertTrue(cancels.get() <= 1);
            } else {
                Poll<Integer> raced = future.poll(Context.of(waker));
                completer.join();
                if (raced.isPending()) {
                    assertTrue(waker.count() > 0, "completion after a pending poll must wake");
                    assertReady(future.poll(Context.of(waker)), value);
                } else {
                    assertReady(raced, value);
                }
                future.close();
                assertEquals(0, cancels.get());
            }
        }
    }

    private static final class CountingSubscription implements Subscription {
        final AtomicLong requested = new AtomicLong();
        final AtomicInteger cancels = new AtomicInteger();

        @Override
        public void request(long n) {
            requested.addAndGet(n);
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
        }
    }
}
