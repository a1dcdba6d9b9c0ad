package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * JVM-fatal errors (Reactor's {@code Exceptions.isJvmFatal} set) in every direction, by the rule of
 * {@code docs/reliability.md}: on the caller's own stack they propagate, as Reactor's
 * {@code subscribe} lets them; in the adapter's task they go to {@code Hooks.onErrorDropped},
 * once, the subscriber gets {@code onError} with the same instance, and nothing reaches a worker
 * or the runtime's uncaught-failure handler (a one-worker runtime must still run a task after).
 *
 * <p>Issue 24, item 12: a {@code StackOverflowError} from a stage bridged into a {@code Mono}
 * ({@code toMono(() -> toPollFuture(stage))}: the poll of the stage's future throws it) was rethrown
 * into the worker by the Mono's task and reached the runtime's handler, while the subscriber got
 * a {@code CancellationException} that blamed a closed runtime.
 */
class FatalErrorsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> dropped = new CopyOnWriteArrayList<>();
    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(1).threadNamePrefix("reactor-fatal-").uncaughtFailureHandler(uncaught::add).build();
        Hooks.onErrorDropped(dropped::add);
    }

    @AfterEach
    void stop() {
        try {
            assertEquals(42, runtime.blockOn(runtime.timeout(runtime.spawn(Futures.lazy(() -> 42)), Duration.ofSeconds(5))),
                    "the worker still runs tasks");
            assertEquals(List.of(), uncaught, "nothing reaches the runtime's uncaught-failure handler");
        } finally {
            Hooks.resetOnErrorDropped();
            runtime.close();
        }
    }

    private void assertDroppedOnce(Throwable fatal) {
        await().atMost(WAIT).until(() -> !dropped.isEmpty());
        assertEquals(List.of(fatal), dropped, "Hooks.onErrorDropped, exactly once");
    }

    @Test
    void aStackOverflowFromTheFutureBehindAMonoGoesToOnErrorDroppedAndTheSubscribersOnError() {
        StackOverflowError fatal = new StackOverflowError("a stage that recursed too deep");
        PollFuture<String> overflowing = cx -> {
            throw fatal;
        };
        StepVerifier.create(MonoBridge.toMono(() -> overflowing, runtime))
                .expectErrorSatisfies(error -> assertSame(fatal, error)).verify(WAIT);
        assertDroppedOnce(fatal);
    }

    @Test
    void aLinkageErrorFromTheStreamBehindAFluxGoesToOnErrorDroppedAndTheSubscribersOnError() {
        LinkageError fatal = new NoClassDefFoundError("com/example/Missing");
        PollStream<String> broken = cx -> {
            throw fatal;
        };
        StepVerifier.create(FluxBridge.toFlux(() -> broken, runtime))
                .expectErrorSatisfies(error -> assertSame(fatal, error)).verify(WAIT);
        assertDroppedOnce(fatal);
    }

    @Test
    void aSubscriberThatThrowsAFatalErrorIsReportedToOnErrorDropped() {
        LinkageError fatal = new NoClassDefFoundError("com/example/Missing");
        MonoBridge.toMono(() -> Futures.ready("v"), runtime).subscribe(new BaseSubscriber<String>() {
            @Override
            protected void hookOnNext(String value) {
                throw fatal;
            }
        });
        assertDroppedOnce(fatal);
    }

    @Test
    void aFatalErrorAfterTheSubscriberCancelledIsReportedOnceAndSignalledToNobody() {
        StackOverflowError fatal = new StackOverflowError("deep");
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        List<Throwable> signalled = new CopyOnWriteArrayList<>();
        PollFuture<String> failingAsCancelled = cx -> {
            subscription.get().cancel();
            throw fatal;
        };
        MonoBridge.toMono(() -> failingAsCancelled, runtime).subscribe(new BaseSubscriber<String>() {
            @Override
            protected void hookOnSubscribe(Subscription s) {
                subscription.set(s);
                s.request(1);
            }

            @Override
            protected void hookOnError(Throwable error) {
                signalled.add(error);
            }
        });
        assertDroppedOnce(fatal);
        assertEquals(List.of(), signalled);
    }

    @Test
    void onThePollersOwnStackAFatalErrorPropagatesAsReactorsSubscribeLetsIt() {
        LinkageError fatal = new NoClassDefFoundError("com/example/Missing");
        Mono<String> broken = new Mono<>() {
            @Override
            public void subscribe(reactor.core.CoreSubscriber<? super String> actual) {
                throw fatal;
            }
        };
        PollFuture<String> future = MonoBridge.toPollFuture(broken);
        assertSame(fatal, assertThrows(LinkageError.class, () -> future.poll(Context.of(() -> {}))));
        future.close();
        assertEquals(List.of(), dropped);
    }
}
