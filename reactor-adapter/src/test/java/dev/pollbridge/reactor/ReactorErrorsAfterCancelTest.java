package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.publisher.TestPublisher;

/**
 * Errors after cancellation, one policy in every direction of the Reactor adapter: an error that
 * is the cancellation itself stays silent; any other error raised after the cancel goes to
 * {@code Hooks.onErrorDropped}, exactly once, and never to the runtime's handler as well.
 */
class ReactorErrorsAfterCancelTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> dropped = new CopyOnWriteArrayList<>();
    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("after-cancel-").uncaughtFailureHandler(uncaught::add).build();
        Hooks.onErrorDropped(dropped::add);
    }

    @AfterEach
    void stop() {
        Hooks.resetOnErrorDropped();
        runtime.close();
    }

    /**
     * Subscribes a plain subscriber that puts its subscription into {@code subscription} (in
     * {@code onSubscribe}, before the bridge spawns its task) and requests {@code n} at once.
     */
    private static <T> void subscribe(org.reactivestreams.Publisher<T> publisher, long n,
            AtomicReference<Subscription> subscription) {
        publisher.subscribe(new Subscriber<T>() {
            @Override
            public void onSubscribe(Subscription s) {
                subscription.set(s);
                s.request(n);
            }

            @Override
            public void onNext(T item) {}

            @Override
            public void onError(Throwable error) {
                throw new AssertionError("no signal after cancel", error);
            }

            @Override
            public void onComplete() {
                throw new AssertionError("no signal after cancel");
            }
        });
    }

    /** Subscribes as above, with a subscription reference of its own. */
    private static <T> AtomicReference<Subscription> subscribe(org.reactivestreams.Publisher<T> publisher, long n) {
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        subscribe(publisher, n, subscription);
        return subscription;
    }

    private void assertReportedOnceToOnErrorDropped(Throwable expected) {
        await().atMost(WAIT).until(() -> !dropped.isEmpty());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(expected), dropped);
        assertEquals(List.of(), uncaught);
    }

    private void assertNothingReported() {
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(), dropped);
        assertEquals(List.of(), uncaught);
    }

    @Test
    void toMonoAFutureThatFailsAsTheSubscriberCancels() {
        IllegalStateException boom = new IllegalStateException("failed as the subscriber cancelled");
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        PollFuture<String> failing = cx -> {
            subscription.get().cancel();
            return Poll.failed(boom);
        };
        subscribe(MonoBridge.toMono(() -> failing, runtime), 1, subscription);
        assertReportedOnceToOnErrorDropped(boom);
    }

    @Test
    void toMonoTheCancellationItselfStaysSilent() {
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        PollFuture<String> cancelled = cx -> {
            subscription.get().cancel();
            return Poll.failed(new CancellationException("the cancellation itself"));
        };
        subscribe(MonoBridge.toMono(() -> cancelled, runtime), 1, subscription);
        assertNothingReported();
    }

    @Test
    void toFluxAStreamThatFailsAsTheSubscriberCancels() {
        IllegalStateException boom = new IllegalStateException("failed as the subscriber cancelled");
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        PollStream<String> failing = cx -> {
            subscription.get().cancel();
            return Poll.failed(boom);
        };
        subscribe(FluxBridge.toFlux(() -> failing, runtime), 1, subscription);
        assertReportedOnceToOnErrorDropped(boom);

        dropped.clear();
        AtomicReference<Subscription> quiet = new AtomicReference<>();
        PollStream<String> cancelled = cx -> {
            quiet.get().cancel();
            return Poll.failed(new CancellationException("the cancellation itself"));
        };
        subscribe(FluxBridge.toFlux(() -> cancelled, runtime), 1, quiet);
        assertNothingReported();
    }

    @Test
    void toFluxAStreamWhoseCloseThrowsOnCancelGoesToOnErrorDroppedNotTheRuntime() {
        IllegalStateException broken = new IllegalStateException("close threw");
        CountDownLatch polled = new CountDownLatch(1);
        PollStream<String> stream = new PollStream<>() {
            @Override
            public Poll<String> pollNext(dev.pollbridge.api.Context cx) {
                polled.countDown();
                return Poll.pending();
            }

            @Override
            public void close() {
                throw broken;
            }
        };
        AtomicReference<Subscription> subscription = subscribe(FluxBridge.toFlux(() -> stream, runtime), 1);
        await().atMost(WAIT).until(() -> polled.getCount() == 0);
        subscription.get().cancel();
        assertReportedOnceToOnErrorDropped(broken);
    }

    /** A pending future whose {@code close()} throws {@code broken}. */
    private static final class FutureThrowsOnClose implements PollFuture<String> {
        final CountDownLatch polled = new CountDownLatch(1);
        final IllegalStateException broken = new IllegalStateException("close threw");

        @Override
        public Poll<String> poll(dev.pollbridge.api.Context cx) {
            polled.countDown();
            return Poll.pending();
        }

        @Override
        public void close() {
            throw broken;
        }
    }

    /** A pending stream whose {@code close()} throws {@code broken}. */
    private static final class StreamThrowsOnClose implements PollStream<String> {
        final CountDownLatch polled = new CountDownLatch(1);
        final IllegalStateException broken = new IllegalStateException("close threw");

        @Override
        public Poll<String> pollNext(dev.pollbridge.api.Context cx) {
            polled.countDown();
            return Poll.pending();
        }

        @Override
        public void close() {
            throw broken;
        }
    }

    @Test
    void stepVerifierCancelOfToMonoAndToFluxReportsAThrowingCloseOnce() {
        FutureThrowsOnClose future = new FutureThrowsOnClose();
        StepVerifier.create(MonoBridge.toMono(() -> future, runtime))
                .expectSubscription()
                .then(() -> await().atMost(WAIT).until(() -> future.polled.getCount() == 0))
                .thenCancel()
                .verify(WAIT);
        assertReportedOnceToOnErrorDropped(future.broken);

        dropped.clear();
        StreamThrowsOnClose stream = new StreamThrowsOnClose();
        StepVerifier.create(FluxBridge.toFlux(() -> stream, runtime))
                .expectSubscription()
                .then(() -> await().atMost(WAIT).until(() -> stream.polled.getCount() == 0))
                .thenCancel()
                .verify(WAIT);
        assertReportedOnceToOnErrorDropped(stream.broken);
    }

    @Test
    void stepVerifierCancelOfBodiesIsSilentAndRunsTheirCleanup() {
        CountDownLatch monoStarted = new CountDownLatch(1);
        CountDownLatch monoCleanedUp = new CountDownLatch(1);
        Mono<String> mono = MonoBridge.mono(() -> {
            try {
                monoStarted.countDown();
                return Async.await(runtime.sleep(Duration.ofDays(1)).map(ignored -> "never"));
            } finally {
                monoCleanedUp.countDown();
            }
        }, runtime);
        StepVerifier.create(mono)
                .then(() -> await().atMost(WAIT).until(() -> monoStarted.getCount() == 0))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(() -> monoCleanedUp.getCount() == 0);

        CountDownLatch fluxCleanedUp = new CountDownLatch(1);
        Flux<Integer> flux = FluxBridge.flux(emitter -> {
            try {
                for (int i = 0; ; i++) {
                    emitter.emit(i);
                }
            } finally {
                fluxCleanedUp.countDown();
            }
        }, runtime);
        StepVerifier.create(flux, 2).expectNext(0, 1).thenCancel().verify(WAIT);
        await().atMost(WAIT).until(() -> fluxCleanedUp.getCount() == 0);
        assertNothingReported();
    }

    @Test
    void toPollFutureAMonoThatErrorsAfterTheFutureWasClosed() {
        TestPublisher<String> source = TestPublisher.createNoncompliant(TestPublisher.Violation.DEFER_CANCELLATION);
        MockTask<String> task = MockTask.spawn(MonoBridge.toPollFuture(source.mono()));
        task.poll();
        task.close();
        IllegalStateException late = new IllegalStateException("after the cancel");
        source.error(late);
        assertEquals(List.of(late), dropped);

        dropped.clear();
        TestPublisher<String> quiet = TestPublisher.createNoncompliant(TestPublisher.Violation.DEFER_CANCELLATION);
        MockTask<String> quietTask = MockTask.spawn(MonoBridge.toPollFuture(quiet.mono()));
        quietTask.poll();
        quietTask.close();
        quiet.error(new CancellationException("the cancellation itself"));
        assertEquals(List.of(), dropped);
    }

    @Test
    void toPollStreamAndTheAwaitsAFluxThatErrorsAfterTheyWereClosed() {
        for (Function<Flux<String>, AutoCloseable> direction : List.<Function<Flux<String>, AutoCloseable>>of(
                flux -> pollOnce(FluxBridge.toPollStream(flux)),
                flux -> pollOnce(FluxBridge.firstItem(flux)),
                flux -> pollOnce(FluxBridge.lastItem(flux)),
                flux -> pollOnce(FluxBridge.singleItem(flux)))) {
            dropped.clear();
            TestPublisher<String> source = TestPublisher.createNoncompliant(TestPublisher.Violation.DEFER_CANCELLATION);
            AutoCloseable consumer = direction.apply(source.flux());
            close(consumer);
            IllegalStateException late = new IllegalStateException("after the cancel");
            source.error(late);
            assertEquals(List.of(late), dropped);
        }
        assertEquals(List.of(), uncaught);
    }

    @Test
    void aSubscriberThatThrowsFromOnNextGoesToOnErrorDropped() {
        IllegalStateException broken = new IllegalStateException("subscriber bug");
        FluxBridge.toFlux(() -> dev.pollbridge.api.Streams.of(1, 2), runtime).subscribe(new Subscriber<Integer>() {
            @Override
            public void onSubscribe(Subscription s) {
                s.request(2);
            }

            @Override
            public void onNext(Integer item) {
                throw broken;
            }

            @Override
            public void onError(Throwable error) {}

            @Override
            public void onComplete() {}
        });
        // Reactor's StrictSubscriber turns the throw into a cancel and reports it itself; the
        // bridge reports nothing more.
        await().atMost(WAIT).until(() -> !dropped.isEmpty());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(1, dropped.size());
        assertSame(broken, dropped.get(0) instanceof IllegalStateException ? dropped.get(0) : dropped.get(0).getCause());
        assertEquals(List.of(), uncaught);
    }

    @Test
    void aMonoBodyWhoseCleanupThrowsAfterTheSubscriberCancelledIsReportedOnce() {
        IllegalStateException cleanup = new IllegalStateException("finally threw");
        CountDownLatch started = new CountDownLatch(1);
        Mono<String> body = MonoBridge.mono(() -> {
            try {
                started.countDown();
                return Async.await(runtime.sleep(Duration.ofDays(1)).map(ignored -> "never"));
            } finally {
                throw cleanup;
            }
        }, runtime);
        StepVerifier.create(body)
                .then(() -> await().atMost(WAIT).until(() -> started.getCount() == 0))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(() -> dropped.size() + uncaught.size() > 0);
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(1, dropped.size() + uncaught.size(), "reported exactly once");
    }

    private static AutoCloseable pollOnce(PollStream<String> stream) {
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        task.pollNext();
        return task;
    }

    private static AutoCloseable pollOnce(PollFuture<String> future) {
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
}
