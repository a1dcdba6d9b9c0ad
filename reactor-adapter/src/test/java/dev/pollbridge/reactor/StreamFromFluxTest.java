package dev.pollbridge.reactor;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockStreamTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.test.scheduler.VirtualTimeScheduler;
import reactor.util.context.Context;

/** {@link FluxBridge#toPollStream}: Reactor publishers pulled by hand with {@link MockStreamTask}. */
class StreamFromFluxTest {

    @Test
    void itemsArriveInOrderThenDone() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(Flux.range(1, 1_000), 16))) {
            assertEquals(IntStream.rangeClosed(1, 1_000).boxed().collect(Collectors.toList()), task.drainToDone());
        }
    }

    @Test
    void emptyFluxIsDoneAndAnErrorFollowsTheItemsBeforeIt() {
        try (MockStreamTask<Object> task = MockStreamTask.spawn(FluxBridge.toPollStream(Flux.empty()))) {
            assertDone(task.pollNext());
        }
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<String> task = MockStreamTask.spawn(FluxBridge.toPollStream(
                Flux.just("a", "b").concatWith(Flux.error(boom))))) {
            assertReady(task.pollNext(), "a");
            assertReady(task.pollNext(), "b");
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
    }

    @Test
    void outstandingDemandNeverExceedsThePrefetch() {
        int prefetch = 32;
        AtomicLong requested = new AtomicLong();
        AtomicLong emitted = new AtomicLong();
        AtomicLong maxOutstanding = new AtomicLong();
        Flux<Integer> source = Flux.range(0, 10_000)
                .doOnRequest(n -> {
                    requested.addAndGet(n);
                    maxOutstanding.accumulateAndGet(requested.get() - emitted.get(), Math::max);
                })
                .doOnNext(item -> emitted.incrementAndGet());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(source, prefetch))) {
            assertEquals(10_000, task.drainToDone().size());
        }
        assertTrue(maxOutstanding.get() <= prefetch, "outstanding demand reached " + maxOutstanding.get());
        assertTrue(maxOutstanding.get() > 0);
    }

    @Test
    void closeCancelsTheSubscriptionExactlyOnce() {
        AtomicInteger cancels = new AtomicInteger();
        PollStream<Integer> stream = FluxBridge.toPollStream(Flux.range(1, 1_000).doOnCancel(cancels::incrementAndGet), 8);
        MockStreamTask<Integer> task = MockStreamTask.spawn(stream);
        assertReady(task.pollNext(), 1);
        task.close();
        stream.close();
        assertEquals(1, cancels.get());
    }

    @Test
    void closeBeforeTheFirstPollNeverSubscribes() {
        AtomicInteger subscriptions = new AtomicInteger();
        FluxBridge.toPollStream(Flux.never().doOnSubscribe(s -> subscriptions.incrementAndGet())).close();
        assertEquals(0, subscriptions.get());
    }

    @Test
    void delayedElementsWakeThePoller() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(
                Flux.just(1, 2).delayElements(Duration.ofMillis(20))))) {
            for (int expected = 1; expected <= 2; expected++) {
                Poll<Integer> poll = task.pollNext();
                if (poll.isPending()) {
                    await().atMost(Duration.ofSeconds(5)).until(task::isWoken);
                    poll = task.pollNext();
                }
                assertReady(poll, expected);
            }
            Poll<Integer> end = task.pollNext();
            if (end.isPending()) {
                await().atMost(Duration.ofSeconds(5)).until(task::isWoken);
                end = task.pollNext();
            }
            assertDone(end);
        }
    }

    @Test
    void upstreamTimeoutFailsTheStream() {
        // Reactor's virtual time: the timeout cannot fire before the first poll on a loaded machine.
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        try (MockStreamTask<Object> task = MockStreamTask.spawn(FluxBridge.toPollStream(Flux.never().timeout(Duration.ofMillis(30), time)))) {
            assertPending(task.pollNext());
            time.advanceTimeBy(Duration.ofMillis(29));
            assertPending(task.pollNext());
            time.advanceTimeBy(Duration.ofMillis(1));
            await().atMost(Duration.ofSeconds(5)).until(task::isWoken);
            assertFailed(task.pollNext(), TimeoutException.class);
        } finally {
            time.dispose();
        }
    }

    @Test
    void aReactorPublisherIsSubscribedWithThePollingTasksContext() {
        Flux<String> readsContext = Flux.deferContextual(view -> Flux.just(view.getOrDefault("user", "nobody")));
        PollStream<String> scoped = ReactorContextLocal.scopeStream(Context.of("user", "ada"), FluxBridge.toPollStream(readsContext));
        try (MockStreamTask<String> task = MockStreamTask.spawn(scoped)) {
            assertEquals(List.of("ada"), task.drainToDone());
        }
        try (MockStreamTask<String> task = MockStreamTask.spawn(FluxBridge.toPollStream(readsContext))) {
            assertEquals(List.of("nobody"), task.drainToDone());
        }
    }

    @Test
    void aPlainReactiveStreamsPublisherIsBridgedToo() {
        Publisher<Integer> plain = subscriber -> Flux.just(1, 2, 3).subscribe(subscriber);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(plain))) {
            assertEquals(List.of(1, 2, 3), task.drainToDone());
        }
    }

    @Test
    void badArgumentsFailAtOnce() {
        assertThrows(NullPointerException.class, () -> FluxBridge.toPollStream(null));
        assertThrows(IllegalArgumentException.class, () -> FluxBridge.toPollStream(Flux.just(1), 0));
    }
}
