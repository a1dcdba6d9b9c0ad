package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@link MonoBridge#toMono(SharedFuture, PollRuntime)}: a result a Mono hands to every subscriber. */
class SharedMonoTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("shared-mono-").build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    @Test
    void everySubscriptionGetsTheOneResultComputedOnce() {
        AtomicInteger runs = new AtomicInteger();
        SharedFuture<String> shared = Futures.shared(Futures.lazy(() -> "value-" + runs.incrementAndGet()));
        Mono<String> mono = MonoBridge.toMono(shared, runtime);
        StepVerifier.create(mono).expectNext("value-1").expectComplete().verify(WAIT);
        StepVerifier.create(mono).expectNext("value-1").expectComplete().verify(WAIT);
        StepVerifier.create(mono.zipWith(mono, (a, b) -> a + "+" + b)).expectNext("value-1+value-1").expectComplete().verify(WAIT);
        assertEquals(1, runs.get());
        shared.close();
        StepVerifier.create(mono).expectError(IllegalStateException.class).verify(WAIT);

        SharedFuture<String> empty = Futures.shared(Futures.ready(null));
        StepVerifier.create(MonoBridge.toMono(empty, runtime)).expectComplete().verify(WAIT);
        IllegalStateException boom = new IllegalStateException("boom");
        Mono<String> failing = MonoBridge.toMono(Futures.<String>shared(Futures.failed(boom)), runtime);
        StepVerifier.create(failing).expectErrorMatches(error -> error == boom).verify(WAIT);
        StepVerifier.create(failing).expectErrorMatches(error -> error == boom).verify(WAIT);
    }

    @Test
    void aJoinHandleAwaitedByManySubscriptions() {
        JoinHandle<String> task = runtime.spawn(runtime.sleep(Duration.ofMillis(20)).map(ignored -> "done"));
        Mono<String> mono = MonoBridge.toMono(Futures.shared(task), runtime);
        StepVerifier.create(Mono.zip(mono, mono, mono).map(t -> t.getT1() + t.getT2() + t.getT3()))
                .expectNext("donedonedone").expectComplete().verify(WAIT);
        StepVerifier.create(mono).expectNext("done").expectComplete().verify(WAIT);
    }

    @Test
    void cancellingOneSubscriptionLeavesTheWorkToTheOthersAndClosingTheLastCloneCancelsIt() {
        ProbeFuture<String> work = new ProbeFuture<>();
        SharedFuture<String> shared = Futures.shared(work);
        Mono<String> mono = MonoBridge.toMono(shared, runtime);
        StepVerifier staying = StepVerifier.create(mono).expectNext("late").expectComplete().verifyLater();
        Disposable cancelled = mono.subscribe();
        await().atMost(WAIT).until(() -> work.polls() > 0 && runtime.metrics().tasksAlive() == 2);
        cancelled.dispose();
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 1); // its clone is closed
        work.complete("late");
        staying.verify(WAIT);
        assertFalse(work.isCancelled(), "the work completed for the subscriber that stayed");

        ProbeFuture<String> abandoned = new ProbeFuture<>();
        SharedFuture<String> handle = Futures.shared(abandoned);
        Disposable only = MonoBridge.toMono(handle, runtime).subscribe();
        await().atMost(WAIT).until(() -> abandoned.polls() > 0);
        only.dispose();
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0); // its clone is closed
        assertFalse(abandoned.isClosed(), "the handle passed to toMono is still open");
        handle.close();
        assertTrue(abandoned.isCancelled(), "the last clone closed the unfinished work");
    }
}
