package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@code toSingle}/{@code toMaybe} of a {@link SharedFuture} (subscribed any number of times),
 * and the one policy for errors after cancellation in the RxJava directions: the cancellation
 * itself stays silent; any other error goes to {@code RxJavaPlugins.onError}, exactly once, and
 * never to the runtime's handler.
 */
class RxJavaSharedAndAfterCancelTest extends OnRuntime {

    RxJavaSharedAndAfterCancelTest() {
        super(2, "rx-shared-");
    }

    @Test
    void aSharedFutureAsASingleAndAMaybeSubscribedManyTimes() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        SharedFuture<String> shared = Futures.shared(Futures.lazy(() -> "value-" + runs.incrementAndGet()));
        Single<String> single = SingleBridge.toSingle(shared, runtime);
        for (int i = 0; i < 3; i++) {
            single.test().await(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
        TestObserver<String> zipped = Single.zip(single, single, (a, b) -> a + "+" + b).test();
        zipped.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        zipped.assertResult("value-1+value-1");
        assertEquals(1, runs.get());
        TestObserver<String> maybe = MaybeBridge.toMaybe(shared, runtime).test();
        maybe.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        maybe.assertResult("value-1");
        shared.close();
        single.test().assertError(IllegalStateException.class);

        Maybe<String> empty = MaybeBridge.toMaybe(Futures.<String>shared(Futures.ready(null)), runtime);
        TestObserver<String> emptied = empty.test();
        emptied.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        emptied.assertResult();
        rxErrors.assertNone();
    }

    @Test
    void aSharedValueIsNotReleasedWhenAnObserverDisposes() {
        Resource resource = new Resource();
        SharedFuture<Resource> shared = Futures.shared(Futures.ready(resource));
        for (int i = 0; i < 20; i++) {
            // Disposing right away races the task's completion: the value may be dropped by a
            // driver that lost the race, and it must not be closed then.
            SingleBridge.toSingle(shared, runtime).subscribe().dispose();
        }
        TestObserver<Resource> kept = SingleBridge.toSingle(shared, runtime).test();
        kept.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertValue(resource);
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(0, resource.closes.get(), "held by several observers: never released by one of them");
    }

    /**
     * Issue 24, item 9: a Completable ignores the value and releases it, but a clone of a shared
     * future hands out the value every other clone receives too; releasing it closed the value
     * under the Singles subscribed after.
     */
    @Test
    void aCompletableOfASharedFutureDoesNotReleaseTheValueTheOtherClonesReceive() throws InterruptedException {
        Resource resource = new Resource();
        SharedFuture<Resource> shared = Futures.shared(Futures.ready(resource));
        TestObserver<Void> completed = CompletableBridge.toCompletable(shared::share, runtime).test();
        completed.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        completed.assertComplete();
        TestObserver<Resource> single = SingleBridge.toSingle(shared, runtime).test();
        single.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertValue(resource);
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(0, resource.closes.get(), "the value of a shared future is never released by one of its clones");

        Resource owned = new Resource();
        CompletableBridge.toCompletable(() -> Futures.ready(owned), runtime).test()
                .awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertComplete();
        assertEquals(1, owned.closes.get(), "a value the Completable alone received is released");
        rxErrors.assertNone();
    }

    @Test
    void toFlowableAStreamThatFailsAsTheSubscriberCancels() {
        IllegalStateException boom = new IllegalStateException("failed as the subscriber cancelled");
        AtomicReference<TestSubscriber<String>> subscriber = new AtomicReference<>();
        PollStream<String> failing = cx -> {
            subscriber.get().cancel();
            return Poll.failed(boom);
        };
        TestSubscriber<String> test = new TestSubscriber<>(1);
        subscriber.set(test);
        FlowableBridge.toFlowable(() -> failing, runtime).subscribe(test);
        assertSame(boom, rxErrors.awaitOne());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        test.assertNoErrors().assertNotComplete();

        AtomicReference<TestSubscriber<String>> quiet = new AtomicReference<>();
        PollStream<String> cancelled = cx -> {
            quiet.get().cancel();
            return Poll.failed(new CancellationException("the cancellation itself"));
        };
        TestSubscriber<String> quietTest = new TestSubscriber<>(1);
        quiet.set(quietTest);
        FlowableBridge.toFlowable(() -> cancelled, runtime).subscribe(quietTest);
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(1, rxErrors.errors().size(), "the cancellation itself stays silent");
    }

    @Test
    void toSingleAFutureThatFailsAsTheObserverDisposes() {
        IllegalStateException boom = new IllegalStateException("failed as the observer disposed");
        AtomicReference<TestObserver<String>> observer = new AtomicReference<>();
        PollFuture<String> failing = cx -> {
            observer.get().dispose();
            return Poll.failed(boom);
        };
        TestObserver<String> test = new TestObserver<>();
        observer.set(test);
        SingleBridge.toSingle(() -> failing, runtime).subscribe(test);
        assertSame(boom, rxErrors.awaitOne());

        AtomicReference<TestObserver<String>> quiet = new AtomicReference<>();
        PollFuture<String> cancelled = cx -> {
            quiet.get().dispose();
            return Poll.failed(new CancellationException("the cancellation itself"));
        };
        TestObserver<String> quietTest = new TestObserver<>();
        quiet.set(quietTest);
        SingleBridge.toSingle(() -> cancelled, runtime).subscribe(quietTest);
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(1, rxErrors.errors().size(), "the cancellation itself stays silent");
    }

    @Test
    void aFlowableThatErrsAfterItsStreamOrAwaitWasClosed() {
        for (java.util.function.Function<io.reactivex.rxjava3.core.Flowable<String>, AutoCloseable> consumer
                : java.util.List.<java.util.function.Function<io.reactivex.rxjava3.core.Flowable<String>, AutoCloseable>>of(
                        flowable -> polledOnce(FlowableBridge.toPollStream(flowable)),
                        flowable -> polledOnce(FlowableBridge.firstItem(flowable)),
                        flowable -> polledOnce(FlowableBridge.lastItem(flowable)))) {
            int before = rxErrors.errors().size();
            KeepsSignalling source = new KeepsSignalling();
            close(consumer.apply(source.flowable));
            IllegalStateException boom = new IllegalStateException("after the cancel");
            source.subscriber.get().onError(boom);
            assertEquals(before + 1, rxErrors.errors().size());
            assertSame(boom, rxErrors.errors().get(before));

            KeepsSignalling quiet = new KeepsSignalling();
            close(consumer.apply(quiet.flowable));
            quiet.subscriber.get().onError(new CancellationException("the cancellation itself"));
            assertEquals(before + 1, rxErrors.errors().size(), "the cancellation itself stays silent");
        }
    }

    /** A Flowable that keeps signalling after cancel (a well-behaved processor would drop its subscriber). */
    private static final class KeepsSignalling {
        final AtomicReference<org.reactivestreams.Subscriber<? super String>> subscriber = new AtomicReference<>();
        final io.reactivex.rxjava3.core.Flowable<String> flowable = io.reactivex.rxjava3.core.Flowable.fromPublisher(s -> {
            subscriber.set(s);
            s.onSubscribe(new org.reactivestreams.Subscription() {
                @Override
                public void request(long n) {}

                @Override
                public void cancel() {}
            });
        });
    }

    private static AutoCloseable polledOnce(PollStream<String> stream) {
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        task.pollNext();
        return task;
    }

    private static AutoCloseable polledOnce(PollFuture<String> future) {
        MockTask<String> task = MockTask.spawn(future);
        task.poll();
        return task;
    }

    private static void close(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A value that holds a resource. */
    private static final class Resource implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }
}
