package dev.pollbridge.runtime.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** The publisher side on a real runtime, with real threads. */
class PublisherOnRuntimeTest {

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder()
            .workers(2)
            .threadNamePrefix("bridge-test-")
            .uncaughtFailureHandler(uncaught::add)
            .build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Test
    void roundTripThroughAPublisherKeepsOrderWithBoundedPrefetch() {
        List<Long> expected = LongStream.range(0, 10_000).boxed().collect(Collectors.toList());
        Publisher<Long> publisher = ReactiveStreamsBridge.toPublisher(() -> Streams.fromIterable(expected), runtime);
        assertEquals(expected, Drain.toList(ReactiveStreamsBridge.toPollStream(publisher, 16), Duration.ofSeconds(30)));
        assertEquals(List.of(), uncaught);
    }

    /**
     * Issue 24, item 12, the generic direction: a JVM-fatal error from the stream behind a
     * publisher goes to the runtime's uncaught-failure handler (this bridge's channel) once, and
     * the subscriber gets it as its error; it is not thrown into the worker, which runs on.
     */
    @Test
    void aFatalErrorFromTheStreamIsReportedOnceAndIsTheSubscribersError() throws InterruptedException {
        LinkageError fatal = new NoClassDefFoundError("com/example/Missing");
        dev.pollbridge.api.PollStream<String> broken = cx -> {
            throw fatal;
        };
        AtomicReference<Throwable> signalled = new AtomicReference<>();
        CountDownLatch ended = new CountDownLatch(1);
        ReactiveStreamsBridge.toPublisher(() -> broken, runtime).subscribe(new Subscriber<String>() {
            @Override
            public void onSubscribe(Subscription subscription) {
                subscription.request(1);
            }

            @Override
            public void onNext(String item) {}

            @Override
            public void onError(Throwable error) {
                signalled.set(error);
                ended.countDown();
            }

            @Override
            public void onComplete() {
                ended.countDown();
            }
        });
        assertTrue(ended.await(10, TimeUnit.SECONDS));
        assertSame(fatal, signalled.get());
        await().atMost(Duration.ofSeconds(10)).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(fatal), uncaught, "reported exactly once");
        assertEquals(7, runtime.blockOn(runtime.spawn(Futures.lazy(() -> 7))), "the workers run on");
    }

    @Test
    void flowRoundTripToo() {
        List<Long> expected = LongStream.range(0, 2_000).boxed().collect(Collectors.toList());
        assertEquals(expected, Drain.toList(
                FlowBridge.toPollStream(FlowBridge.toPublisher(() -> Streams.fromIterable(expected), runtime), 8),
                Duration.ofSeconds(30)));
    }

    @Test
    void cancelRacingEmissionAndCompletionClosesTheStreamExactlyOnce() throws Exception {
        // Bounded stress: at most 200 rounds and about 3 seconds.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        List<CountingStream> streams = new java.util.ArrayList<>();
        for (; rounds < 200 && System.nanoTime() < deadline; rounds++) {
            CountingStream stream = new CountingStream(50 + rounds % 50); // may complete while we cancel
            streams.add(stream);
            AtomicReference<Subscription> subscription = new AtomicReference<>();
            AtomicInteger items = new AtomicInteger();
            AtomicInteger terminals = new AtomicInteger();
            ReactiveStreamsBridge.toPublisher(() -> stream, runtime).subscribe(new Subscriber<Long>() {
                @Override
                public void onSubscribe(Subscription s) {
                    subscription.set(s);
                    s.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(Long item) {
                    items.incrementAndGet();
                }

                @Override
                public void onError(Throwable t) {
                    terminals.incrementAndGet();
                }

                @Override
                public void onComplete() {
                    terminals.incrementAndGet();
                }
            });
            CountDownLatch go = new CountDownLatch(1);
            Thread other = new Thread(() -> {
                awaitQuietly(go);
                subscription.get().cancel();
            });
            other.start();
            go.countDown();
            subscription.get().cancel(); // two cancels racing each other and the task
            other.join();
            await().atMost(Duration.ofSeconds(10)).until(() -> stream.closes.get() > 0);
            assertEquals(1, stream.closes.get(), "round " + rounds);
            assertEquals(0, stream.pollsAfterClose.get());
            assertTrue(terminals.get() <= 1);
        }
        assertTrue(rounds > 0);
        // Once every task has ended, no stream was closed a second time.
        await().atMost(Duration.ofSeconds(10)).until(() -> runtime.metrics().tasksAlive() == 0);
        for (CountingStream stream : streams) {
            assertEquals(1, stream.closes.get());
        }
        assertEquals(List.of(), uncaught);
    }

    @Test
    void throwingSubscriberIsCancelledAndReportedToTheUncaughtHandler() {
        CountingStream stream = new CountingStream(Long.MAX_VALUE);
        IllegalStateException bug = new IllegalStateException("subscriber bug");
        ReactiveStreamsBridge.toPublisher(() -> stream, runtime).subscribe(new Subscriber<Long>() {
            @Override
            public void onSubscribe(Subscription s) {
                s.request(10);
            }

            @Override
            public void onNext(Long item) {
                throw bug;
            }

            @Override
            public void onError(Throwable t) {}

            @Override
            public void onComplete() {}
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> !uncaught.isEmpty());
        assertEquals(List.of(bug), uncaught);
        assertEquals(1, stream.closes.get());
    }

    @Test
    void runtimeCloseEndsALiveSubscriptionAndRefusesNewOnes() {
        RecordingFlow recording = new RecordingFlow();
        CountingStream stream = new CountingStream(Long.MAX_VALUE);
        FlowBridge.toPublisher(() -> stream, runtime).subscribe(recording);
        recording.subscription.request(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> recording.items.size() == 1);
        runtime.close();
        assertInstanceOf(CancellationException.class, recording.error.get());
        assertEquals(1, stream.closes.get());

        RecordingFlow late = new RecordingFlow();
        CountingStream unused = new CountingStream(1);
        FlowBridge.toPublisher(() -> unused, runtime).subscribe(late);
        assertInstanceOf(RejectedExecutionException.class, late.error.get());
        assertEquals(1, unused.closes.get());
    }

    @Test
    void toOneItemPublisherServesOneValueOrNothing() {
        assertEquals("x", runtime.blockOn(ReactiveStreamsBridge.singleItem(
                ReactiveStreamsBridge.toOneItemPublisher(() -> Futures.ready("x"), runtime))));
        assertNull(runtime.blockOn(ReactiveStreamsBridge.firstItemOrNull(
                ReactiveStreamsBridge.toOneItemPublisher(() -> Futures.ready((String) null), runtime))));
        RuntimeException boom = new RuntimeException("boom");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> runtime.blockOn(
                FlowBridge.firstItem(FlowBridge.toOneItemPublisher(() -> Futures.<String>failed(boom), runtime))));
        assertSame(boom, thrown);
        assertThrows(NoSuchElementException.class, () -> runtime.blockOn(FlowBridge.singleItem(
                FlowBridge.toOneItemPublisher(() -> Futures.ready((String) null), runtime))));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A Flow subscriber that records items and the error; requests nothing by itself. */
    private static final class RecordingFlow implements java.util.concurrent.Flow.Subscriber<Long> {
        volatile java.util.concurrent.Flow.Subscription subscription;
        final List<Long> items = new CopyOnWriteArrayList<>();
        final AtomicReference<Throwable> error = new AtomicReference<>();

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            subscription = s;
        }

        @Override
        public void onNext(Long item) {
            items.add(item);
        }

        @Override
        public void onError(Throwable t) {
            error.set(t);
        }

        @Override
        public void onComplete() {}
    }
}
