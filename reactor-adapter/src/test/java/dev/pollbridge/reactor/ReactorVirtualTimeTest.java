package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.test.runtime.ReactorVirtualTime;
import dev.pollbridge.test.runtime.TestRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * One virtual clock for Reactor and the runtime (issue 19 item 5): advancing Reactor's
 * {@code VirtualTimeScheduler} moves the runtime's timers and tasks, advancing the runtime moves
 * Reactor's time, and a chain that crosses between the two runs each step at its own instant.
 */
class ReactorVirtualTimeTest {

    private final TestRuntime runtime = TestRuntime.withVirtualTime();

    @AfterEach
    void close() {
        VirtualTimeScheduler.reset();
        runtime.close();
    }

    private PollFuture<String> sleepThen(Duration duration, String value) {
        return Futures.map(runtime.runtime().sleep(duration), ignored -> value);
    }

    private <T> Mono<T> onRuntime(PollFuture<T> future) {
        return MonoBridge.toMono(() -> future, runtime.runtime());
    }

    /** The case: advancing Reactor's virtual time 61 s wakes a runtime sleep of 60 s. */
    @Test
    void advancingReactorsVirtualTimeFiresARuntimeSleep() {
        StepVerifier.withVirtualTime(() -> onRuntime(sleepThen(Duration.ofSeconds(60), "slept")),
                        () -> ReactorVirtualTime.scheduler(runtime), Long.MAX_VALUE)
                .expectSubscription()
                .expectNoEvent(Duration.ofSeconds(59))
                .thenAwait(Duration.ofSeconds(2))
                .expectNext("slept")
                .verifyComplete();
        assertEquals(Duration.ofSeconds(61).toNanos(), runtime.clock().nanoTime());
    }

    /** The other direction: an hour of the runtime's virtual time is an hour of Reactor's. */
    @Test
    void advancingTheRuntimeMovesReactorsTimeAndFiresItsDelays() {
        VirtualTimeScheduler reactorTime = ReactorVirtualTime.scheduler(runtime);
        List<Long> firedAt = new CopyOnWriteArrayList<>();
        Mono.delay(Duration.ofMinutes(30), reactorTime)
                .subscribe(tick -> firedAt.add(reactorTime.now(TimeUnit.MINUTES)));
        long runtimeSchedulerStart = ReactorBridge.scheduler(runtime.runtime()).now(TimeUnit.MILLISECONDS);
        long reactorStart = reactorTime.now(TimeUnit.MILLISECONDS);

        runtime.advance(Duration.ofMinutes(29));
        assertEquals(List.of(), firedAt);
        runtime.advance(Duration.ofMinutes(31));

        assertEquals(List.of(reactorStart / 60_000 + 30), firedAt);
        assertEquals(3_600_000, reactorTime.now(TimeUnit.MILLISECONDS) - reactorStart);
        assertEquals(3_600_000,
                ReactorBridge.scheduler(runtime.runtime()).now(TimeUnit.MILLISECONDS) - runtimeSchedulerStart);
        reactorTime.dispose();
    }

    /**
     * Reactor 5 s, then the runtime 60 s, then Reactor 10 s, in one advance: each step counts from
     * the instant the previous one ended, so the value arrives at 75 s, not a second earlier or
     * later.
     */
    @Test
    void aChainAcrossBothLibrariesRunsEachStepAtItsOwnInstant() {
        // tag::reactor-virtual-time[]
        // runtime = TestRuntime.withVirtualTime(); sleepThen(d, v) is runtime.sleep(d), then v
        StepVerifier.withVirtualTime(() -> Mono.delay(Duration.ofSeconds(5))          // Reactor: 5 s
                                .flatMap(tick -> MonoBridge.toMono(                  // runtime: 60 s
                                        () -> sleepThen(Duration.ofSeconds(60), "runtime"), runtime.runtime()))
                                .delayElement(Duration.ofSeconds(10)),                  // Reactor: 10 s
                        () -> ReactorVirtualTime.scheduler(runtime), Long.MAX_VALUE)
                .expectSubscription()
                .expectNoEvent(Duration.ofSeconds(74))  // one advance: both libraries' timers, in order
                .thenAwait(Duration.ofSeconds(1))
                .expectNext("runtime")                  // at 75 s exactly
                .verifyComplete();
        // end::reactor-virtual-time[]
    }

    /** The same chain the other way round: runtime 10 s, then Reactor 20 s, then the runtime 30 s. */
    @Test
    void aRuntimeTaskThatWaitsOnReactorSeesReactorsDelayCountFromItsOwnWake() {
        VirtualTimeScheduler reactorTime = ReactorVirtualTime.scheduler(runtime);
        PollFuture<String> chain = Futures.flatMap(sleepThen(Duration.ofSeconds(10), "a"),
                a -> Futures.flatMap(MonoBridge.toPollFuture(Mono.delay(Duration.ofSeconds(20), reactorTime).thenReturn(a + "b")),
                        ab -> sleepThen(Duration.ofSeconds(30), ab + "c")));
        AtomicReference<String> result = new AtomicReference<>();
        JoinHandle<Void> handle = runtime.spawn(Futures.map(chain, value -> {
            result.set(value);
            return null;
        }));

        runtime.advance(Duration.ofSeconds(59));
        assertNull(result.get(), "done before 60 s");
        runtime.advance(Duration.ofSeconds(1));
        assertEquals("abc", result.get());
        runtime.blockOn(handle);
        reactorTime.dispose();
    }

    /** Timers on both sides fire in one order, by their instants, whichever library owns them. */
    @Test
    void timersOfBothLibrariesFireInTimeOrder() {
        VirtualTimeScheduler reactorTime = ReactorVirtualTime.scheduler(runtime);
        List<String> order = new CopyOnWriteArrayList<>();
        for (int second : new int[] {7, 3, 9, 1}) {
            runtime.spawn(Futures.map(runtime.runtime().sleep(Duration.ofSeconds(second)), ignored -> {
                order.add("runtime " + second + "s");
                return null;
            }));
        }
        Flux.interval(Duration.ofSeconds(2), reactorTime).take(4)
                .subscribe(tick -> order.add("reactor " + (2 * (tick + 1)) + "s"));

        runtime.advance(Duration.ofSeconds(10));

        assertEquals(List.of("runtime 1s", "reactor 2s", "runtime 3s", "reactor 4s", "reactor 6s", "runtime 7s",
                "reactor 8s", "runtime 9s"), order);
        reactorTime.dispose();
    }

    /** A disposed scheduler is unlinked: the clock moves on without it. */
    @Test
    void aDisposedSchedulerNoLongerMoves() {
        VirtualTimeScheduler reactorTime = ReactorVirtualTime.scheduler(runtime);
        long before = reactorTime.now(TimeUnit.SECONDS);
        reactorTime.dispose();
        runtime.advance(Duration.ofMinutes(1));
        assertEquals(before, reactorTime.now(TimeUnit.SECONDS));
    }
}
