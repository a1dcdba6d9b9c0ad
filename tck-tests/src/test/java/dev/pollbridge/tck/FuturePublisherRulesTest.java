package dev.pollbridge.tck;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * The publisher rules the TCK cannot run against a one-item publisher (it skips every test that
 * needs more than {@code maxElementsFromPublisher() = 1} elements), checked directly against
 * {@code toOneItemPublisher}. A JUnit Jupiter class: it also shows Jupiter running next to the TCK's
 * TestNG classes on the JUnit Platform.
 */
class FuturePublisherRulesTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("rules-").build();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void rule309NonPositiveRequestSignalsIllegalArgumentException() {
        for (long bad : new long[] {0, -1}) {
            ManualFuture future = new ManualFuture();
            Recorder recorder = subscribe(future);
            recorder.subscription.get().request(bad);
            await().atMost(Duration.ofSeconds(5)).until(() -> recorder.error.get() != null);
            assertInstanceOf(IllegalArgumentException.class, recorder.error.get());
            assertTrue(recorder.error.get().getMessage().contains("3.9"));
            await().atMost(Duration.ofSeconds(5)).until(() -> future.closes.get() == 1);
            assertEquals(List.of(), recorder.items);
        }
    }

    @Test
    void rules306And312CancelClosesTheFutureOnceAndLaterRequestsAreNoOps() {
        ManualFuture future = new ManualFuture();
        Recorder recorder = subscribe(future);
        recorder.subscription.get().request(1);
        await().atMost(Duration.ofSeconds(5)).until(() -> future.polls.get() > 0);
        recorder.subscription.get().cancel();
        recorder.subscription.get().cancel();
        recorder.subscription.get().request(1);
        recorder.subscription.get().request(0); // a no-op after cancel too (rule 3.6)
        await().atMost(Duration.ofSeconds(5)).until(() -> future.closes.get() == 1);
        future.complete(7L); // too late: nobody listens
        assertEquals(List.of(), recorder.items);
        assertNull(recorder.error.get());
        assertEquals(0, recorder.completions.get());
        assertEquals(1, future.closes.get());
    }

    @Test
    void rules102And317OneItemThenCompletionWhateverTheDemand() {
        ManualFuture future = new ManualFuture();
        Recorder recorder = subscribe(future);
        recorder.subscription.get().request(Long.MAX_VALUE);
        recorder.subscription.get().request(Long.MAX_VALUE);
        future.complete(42L);
        await().atMost(Duration.ofSeconds(5)).until(() -> recorder.completions.get() == 1);
        assertEquals(List.of(42L), recorder.items);
        assertNull(recorder.error.get());
        assertEquals(1, future.closes.get());
    }

    private Recorder subscribe(ManualFuture future) {
        Recorder recorder = new Recorder();
        ReactiveStreamsBridge.toOneItemPublisher(() -> future, runtime).subscribe(recorder);
        assertTrue(recorder.subscription.get() != null, "onSubscribe runs inside subscribe");
        return recorder;
    }

    /** A future completed by the test; counts polls and closes. */
    private static final class ManualFuture implements PollFuture<Long> {
        final AtomicInteger polls = new AtomicInteger();
        final AtomicInteger closes = new AtomicInteger();
        private final AtomicReference<Long> value = new AtomicReference<>();
        private final AtomicReference<Waker> waker = new AtomicReference<>();

        void complete(long result) {
            value.set(result);
            Waker registered = waker.getAndSet(null);
            if (registered != null) {
                registered.wake();
            }
        }

        @Override
        public Poll<Long> poll(Context cx) {
            polls.incrementAndGet();
            waker.set(cx.waker());
            Long result = value.get(); // re-checked after registering: no lost wake
            return result == null ? Poll.pending() : Poll.ready(result);
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

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
