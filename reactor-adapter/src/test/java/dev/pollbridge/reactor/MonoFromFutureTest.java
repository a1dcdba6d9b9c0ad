package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@link MonoBridge#toMono}: futures spawned per subscription, checked with StepVerifier. */
class MonoFromFutureTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void startRuntime() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("mono-test-").uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    void closeRuntime() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    @Test
    void valueEmptyAndErrorAreSignalledAsTheyAre() {
        StepVerifier.create(MonoBridge.toMono(() -> Futures.ready("x"), runtime)).expectNext("x").verifyComplete();
        StepVerifier.create(MonoBridge.toMono(() -> Futures.<String>ready(null), runtime)).verifyComplete();
        IllegalStateException boom = new IllegalStateException("boom");
        StepVerifier.create(MonoBridge.toMono(() -> Futures.<String>failed(boom), runtime))
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
    }

    @Test
    void theMonoIsColdAndEachSubscriptionSpawnsAFreshFuture() {
        AtomicInteger built = new AtomicInteger();
        Mono<Integer> mono = MonoBridge.toMono(() -> Futures.lazy(built::incrementAndGet), runtime);
        assertEquals(0, built.get());
        StepVerifier.create(mono.repeat(2)).expectNext(1, 2, 3).verifyComplete();
        assertEquals(3, built.get());
    }

    @Test
    void signalsArriveOnARuntimeWorker() {
        AtomicReference<String> thread = new AtomicReference<>();
        StepVerifier.create(MonoBridge.toMono(() -> Futures.ready(1), runtime)
                        .doOnNext(value -> thread.set(Thread.currentThread().getName())))
                .expectNext(1).verifyComplete();
        assertTrue(thread.get().startsWith("mono-test-"), thread.get());
    }

    @Test
    void aValueWaitsForDemand() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(MonoBridge.toMono(() -> probe, runtime), 0)
                .expectSubscription()
                .then(() -> probe.complete("v"))
                .then(() -> await().atMost(WAIT).until(() -> probe.isClosed()))
                .expectNoEvent(Duration.ofMillis(20))
                .thenRequest(1)
                .expectNext("v")
                .verifyComplete();
        assertEquals(1, probe.closes());
    }

    @Test
    void cancelAbortsTheTaskAndClosesTheFutureExactlyOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(MonoBridge.toMono(() -> probe, runtime))
                .expectSubscription()
                .then(() -> await().atMost(WAIT).until(() -> probe.polls() > 0))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        runtime.close();
        assertEquals(1, probe.closes());
    }

    @Test
    void downstreamTimeoutCancelsTheTask() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(MonoBridge.toMono(() -> probe, runtime).timeout(Duration.ofMillis(50)))
                .expectError(TimeoutException.class)
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        assertEquals(1, probe.closes());
    }

    @Test
    void slowFutureWithDelayedElementDownstream() {
        Mono<String> mono = MonoBridge.toMono(() -> runtime.sleep(Duration.ofMillis(30)).map(ignored -> "slept"), runtime)
                .delayElement(Duration.ofMillis(20));
        StepVerifier.create(mono).expectNext("slept").expectComplete().verify(WAIT);
    }

    @Test
    void aFactoryThatThrowsOrReturnsNullFailsTheSubscription() {
        IllegalArgumentException bad = new IllegalArgumentException("bad factory");
        StepVerifier.create(MonoBridge.toMono(() -> { throw bad; }, runtime))
                .expectErrorSatisfies(error -> assertSame(bad, error))
                .verify(WAIT);
        StepVerifier.create(MonoBridge.<String>toMono(() -> null, runtime))
                .expectError(NullPointerException.class)
                .verify(WAIT);
        assertThrows(NullPointerException.class, () -> MonoBridge.toMono((java.util.function.Supplier<PollFuture<String>>) null, runtime));
        assertThrows(NullPointerException.class, () -> MonoBridge.toMono(() -> Futures.ready(1), null));
    }

    @Test
    void aClosedRuntimeRejectsTheSubscriptionAndTheFutureIsClosedUnpolled() {
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        closed.close();
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(MonoBridge.toMono(() -> probe, closed))
                .expectError(RejectedExecutionException.class)
                .verify(WAIT);
        assertEquals(0, probe.polls());
        assertEquals(1, probe.closes());
    }

    @Test
    void runtimeShutdownFailsAPendingSubscriberWithCancellation() {
        PollRuntime doomed = PollRuntime.builder().workers(1).build();
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(MonoBridge.toMono(() -> probe, doomed))
                .expectSubscription()
                .then(() -> await().atMost(WAIT).until(() -> probe.polls() > 0))
                .then(doomed::close)
                .expectError(CancellationException.class)
                .verify(WAIT);
        assertEquals(1, probe.closes());
    }

    @Test
    void cancelInsideOnSubscribeNeverSpawns() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        MonoBridge.toMono(() -> probe, runtime).subscribe(new reactor.core.publisher.BaseSubscriber<String>() {
            @Override
            protected void hookOnSubscribe(org.reactivestreams.Subscription subscription) {
                subscription.cancel();
            }
        });
        assertEquals(0, probe.polls());
        assertEquals(1, probe.closes());
    }

    @Test
    void adoptingAJoinHandleRelaysItsResult() {
        JoinHandle<Integer> handle = runtime.spawn(Futures.lazy(() -> 42));
        Mono<Integer> adopted = MonoBridge.toMono(handle, runtime);
        StepVerifier.create(adopted).expectNext(42).verifyComplete();
        StepVerifier.create(adopted).expectError(IllegalStateException.class).verify(WAIT);
    }

    /**
     * Reliability item 6: a supplier that returns the same future on every call gives the second
     * subscription a future the first one owned. It fails that subscription with a message that
     * names rule 11 and the fix (a supplier that builds a new future per call), not with an
     * unexplained "polled after close()".
     */
    @Test
    void aSupplierThatReturnsTheSameFutureAgainFailsTheRepeatWithTheFix() {
        PollFuture<String> fetched = Futures.ready("once");
        StepVerifier.create(MonoBridge.toMono(() -> fetched, runtime).repeat(1))
                .expectNext("once")
                .expectErrorSatisfies(error -> {
                    assertTrue(error instanceof IllegalStateException, error.toString());
                    assertTrue(error.getMessage().contains("rule 11") && error.getMessage().contains("Supplier"),
                            error.getMessage());
                })
                .verify(WAIT);
    }

    @Test
    void anAdoptedHandleSubscribedTwiceSaysWhyAndTheFix() {
        JoinHandle<Integer> handle = runtime.spawn(Futures.lazy(() -> 42));
        Mono<Integer> adopted = MonoBridge.toMono(handle, runtime);
        StepVerifier.create(adopted).expectNext(42).verifyComplete();
        StepVerifier.create(adopted)
                .expectErrorSatisfies(error -> assertTrue(error.getMessage().contains("only once")
                        && error.getMessage().contains("rule 11") && error.getMessage().contains("cache"), error.getMessage()))
                .verify(WAIT);
    }

    @Test
    void cancellingAnAdoptedTaskDetachesItAndTheTaskRunsOn() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(probe);
        StepVerifier.create(MonoBridge.toMono(handle, runtime))
                .expectSubscription()
                .then(() -> await().atMost(WAIT).until(() -> probe.polls() > 0))
                .thenCancel()
                .verify(WAIT);
        probe.complete("finished anyway");
        await().atMost(WAIT).until(handle::isFinished);
        assertFalse(probe.isCancelled(), "detach must not cancel the adopted task");
        assertEquals(1, probe.closes());
    }

    @Test
    void anAdoptedTaskAbortedByItsOwnerFailsTheMonoWithCancellation() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(probe);
        StepVerifier.create(MonoBridge.toMono(handle, runtime))
                .expectSubscription()
                .then(handle::abort)
                .expectError(CancellationException.class)
                .verify(WAIT);
    }

    /** Cancels racing the spawn and the completion: every future is closed exactly once. */
    @Test
    void cancelRacingSpawnAndCompletionStress() {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < 2_000 && System.nanoTime() < deadline; i++) {
            ProbeFuture<Integer> probe = new ProbeFuture<>();
            probes.add(probe);
            int value = i;
            reactor.core.Disposable subscription = MonoBridge.toMono(() -> probe, runtime).subscribe();
            if (i % 2 == 0) {
                probe.complete(value);
            }
            subscription.dispose();
        }
        await().atMost(WAIT).until(() -> probes.stream().allMatch(ProbeFuture::isClosed));
        runtime.close();
        for (ProbeFuture<Integer> probe : probes) {
            assertEquals(1, probe.closes());
            assertEquals(0, probe.pollsAfterReady());
        }
    }

    @Test
    void errorsFromTheTaskKeepTheirIdentityThroughOperators() {
        Exception checked = new Exception("checked failure");
        StepVerifier.create(MonoBridge.toMono(() -> Futures.<String>failed(checked), runtime).map(String::length))
                .expectErrorSatisfies(error -> assertSame(checked, error))
                .verify(WAIT);
    }
}
