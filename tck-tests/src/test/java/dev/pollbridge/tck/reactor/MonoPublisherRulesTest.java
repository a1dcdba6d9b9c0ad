package dev.pollbridge.tck.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.Runtime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Rule 3.9 for the one-item Reactor publishers, which the TCK skips for a publisher of at most
 * one element: with a plain Reactive Streams {@code Subscriber} (as every non-Reactor consumer
 * is), {@code request(n <= 0)} ends the subscription with {@code onError(IllegalArgumentException)}
 * (Reactor's {@code StrictSubscriber} signals it) and cancels, which closes the future or cancels
 * the body. The {@code fromFuture} counterpart is {@code FuturePublisherRulesTest}.
 */
class MonoPublisherRulesTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final Runtime runtime = Runtime.builder().workers(2).threadNamePrefix("mono-rules-").build();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void rule309ToMonoSignalsIllegalArgumentExceptionAndClosesTheFuture() {
        for (long bad : new long[] {0, -1}) {
            CountingFuture future = new CountingFuture();
            Recorder recorder = subscribe(ReactorBridge.toMono(() -> future, runtime));
            recorder.subscription.get().request(bad);
            assertRule309(recorder);
            await().atMost(WAIT).until(() -> future.closes.get() == 1);
        }
    }

    @Test
    void rule309MonoBodySignalsIllegalArgumentExceptionAndCancelsTheBody() {
        for (long bad : new long[] {0, -1}) {
            CountDownLatch bodyStarted = new CountDownLatch(1);
            CountDownLatch bodyEnded = new CountDownLatch(1);
            Recorder recorder = subscribe(ReactorBridge.<Long>mono(() -> {
                bodyStarted.countDown();
                try {
                    return Async.await(Futures.<Long>pending()); // never completes: only a cancel ends it
                } finally {
                    bodyEnded.countDown();
                }
            }, runtime));
            await().atMost(WAIT).until(() -> bodyStarted.getCount() == 0); // else a cancel means it never runs
            recorder.subscription.get().request(bad);
            assertRule309(recorder);
            await().atMost(WAIT).until(() -> bodyEnded.getCount() == 0);
        }
    }

    private static void assertRule309(Recorder recorder) {
        await().atMost(WAIT).until(() -> recorder.error.get() != null);
        IllegalArgumentException error = assertInstanceOf(IllegalArgumentException.class, recorder.error.get());
        assertTrue(error.getMessage().contains("3.9"), error.getMessage());
        assertEquals(List.of(), recorder.items);
        assertEquals(0, recorder.completions.get());
    }

    private static Recorder subscribe(Publisher<Long> publisher) {
        Recorder recorder = new Recorder();
        publisher.subscribe(recorder);
        assertTrue(recorder.subscription.get() != null, "onSubscribe runs inside subscribe");
        return recorder;
    }

    /** Pending forever; counts its closes. */
    private static final class CountingFuture implements PollFuture<Long> {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public Poll<Long> poll(Context cx) {
            return Poll.pending();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    /** A plain subscriber: Reactor wraps it in its StrictSubscriber. */
    private static final class Recorder implements Subscriber<Long> {
        final AtomicReference<Subscription> subscription = new AtomicReference<>();
        final List<Long> items = new CopyOnWriteArrayList<>();
        final AtomicReference<Throwable> error = new AtomicReference<>();
        final AtomicInteger completions = new AtomicInteger();

        @Override
        public void onSubscribe(Subscription s) {
            subscription.set(s);
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
        public void onComplete() {
            completions.incrementAndGet();
        }
    }
}
