package dev.pollbridge.runtime.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import java.time.Duration;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.reactivestreams.FlowAdapters;
import org.reactivestreams.Publisher;

/**
 * The in-body awaits of {@link ReactiveStreamsBridge} and {@link FlowBridge} ({@code awaitFirst}
 * ... {@code awaitSingleOrNull}, kotlinx-coroutines-reactive's names): inside an {@code Async}
 * body each returns what the matching one-item future ({@code firstItem} ...) is ready with;
 * outside a body each fails at once, naming the future form, and subscribes nothing; cancelling
 * the body cancels the subscription, once.
 */
class PublisherBodyAwaitsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("body-awaits-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** The seven awaits of one bridge, each over a Reactive Streams publisher (adapted for Flow). */
    enum Bridge {
        REACTIVE_STREAMS(List.of(
                (p, d) -> ReactiveStreamsBridge.awaitFirst(p),
                (p, d) -> ReactiveStreamsBridge.awaitFirstOrNull(p),
                ReactiveStreamsBridge::awaitFirstOrDefault,
                (p, d) -> ReactiveStreamsBridge.awaitLast(p),
                (p, d) -> ReactiveStreamsBridge.awaitLastOrNull(p),
                (p, d) -> ReactiveStreamsBridge.awaitSingle(p),
                (p, d) -> ReactiveStreamsBridge.awaitSingleOrNull(p))),
        FLOW(List.of(
                (p, d) -> FlowBridge.awaitFirst(FlowAdapters.toFlowPublisher(p)),
                (p, d) -> FlowBridge.awaitFirstOrNull(FlowAdapters.toFlowPublisher(p)),
                (p, d) -> FlowBridge.awaitFirstOrDefault(FlowAdapters.toFlowPublisher(p), d),
                (p, d) -> FlowBridge.awaitLast(FlowAdapters.toFlowPublisher(p)),
                (p, d) -> FlowBridge.awaitLastOrNull(FlowAdapters.toFlowPublisher(p)),
                (p, d) -> FlowBridge.awaitSingle(FlowAdapters.toFlowPublisher(p)),
                (p, d) -> FlowBridge.awaitSingleOrNull(FlowAdapters.toFlowPublisher(p))));

        /** In the order first, firstOrNull, firstOrDefault, last, lastOrNull, single, singleOrNull. */
        final List<BiFunction<Publisher<String>, String, String>> awaits;

        Bridge(List<BiFunction<Publisher<String>, String, String>> awaits) {
            this.awaits = awaits;
        }

        String prefix() {
            return this == FLOW ? "FlowBridge." : "ReactiveStreamsBridge.";
        }
    }

    private static final List<String> NAMES = List.of("awaitFirst", "awaitFirstOrNull", "awaitFirstOrDefault",
            "awaitLast", "awaitLastOrNull", "awaitSingle", "awaitSingleOrNull");
    private static final List<String> FUTURE_FORMS = List.of("firstItem", "firstItemOrNull", "firstItemOrDefault",
            "lastItem", "lastItemOrNull", "singleItem", "singleItemOrNull");

    /** A cold publisher of {@code items} on the runtime: kotlinx's {@code publish { }}. */
    private Publisher<String> publish(String... items) {
        return ReactiveStreamsBridge.toPublisher(() -> Async.stream(emitter -> {
            for (String item : items) {
                emitter.emit(item);
            }
        }), runtime);
    }

    private String inBody(BiFunction<Publisher<String>, String, String> await, Publisher<String> publisher) {
        return runtime.blockOn(Async.run(() -> await.apply(publisher, "default")));
    }

    @ParameterizedTest
    @EnumSource(Bridge.class)
    void manyItems(Bridge bridge) {
        List<BiFunction<Publisher<String>, String, String>> a = bridge.awaits;
        assertEquals("a", inBody(a.get(0), publish("a", "b", "c")));
        assertEquals("a", inBody(a.get(1), publish("a", "b", "c")));
        assertEquals("a", inBody(a.get(2), publish("a", "b", "c")));
        assertEquals("c", inBody(a.get(3), publish("a", "b", "c")));
        assertEquals("c", inBody(a.get(4), publish("a", "b", "c")));
        assertThrows(IllegalArgumentException.class, () -> inBody(a.get(5), publish("a", "b", "c")));
        assertThrows(IllegalArgumentException.class, () -> inBody(a.get(6), publish("a", "b", "c")));
    }

    @ParameterizedTest
    @EnumSource(Bridge.class)
    void oneItem(Bridge bridge) {
        for (BiFunction<Publisher<String>, String, String> await : bridge.awaits) {
            assertEquals("only", inBody(await, publish("only")));
        }
    }

    @ParameterizedTest
    @EnumSource(Bridge.class)
    void empty(Bridge bridge) {
        List<BiFunction<Publisher<String>, String, String>> a = bridge.awaits;
        assertThrows(NoSuchElementException.class, () -> inBody(a.get(0), publish()));
        assertNull(inBody(a.get(1), publish()));
        assertEquals("default", inBody(a.get(2), publish()));
        assertThrows(NoSuchElementException.class, () -> inBody(a.get(3), publish()));
        assertNull(inBody(a.get(4), publish()));
        assertThrows(NoSuchElementException.class, () -> inBody(a.get(5), publish()));
        assertNull(inBody(a.get(6), publish()));
    }

    @ParameterizedTest
    @EnumSource(Bridge.class)
    void anErrorIsThrownAsItIs(Bridge bridge) {
        IllegalStateException boom = new IllegalStateException("boom");
        for (BiFunction<Publisher<String>, String, String> await : bridge.awaits) {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            publisher.fail(boom);
            assertEquals(boom, assertThrows(IllegalStateException.class, () -> inBody(await, publisher)));
        }
    }

    @ParameterizedTest
    @EnumSource(Bridge.class)
    void outsideABodyEachFailsAtOnceNamingTheFutureFormAndSubscribesNothing(Bridge bridge) {
        for (int i = 0; i < NAMES.size(); i++) {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            BiFunction<Publisher<String>, String, String> await = bridge.awaits.get(i);
            IllegalStateException error = assertThrows(IllegalStateException.class, () -> await.apply(publisher, "d"));
            assertTrue(error.getMessage().startsWith(bridge.prefix() + NAMES.get(i) + "(Publisher) only works inside an Async body"),
                    error.getMessage());
            assertTrue(error.getMessage().contains(bridge.prefix() + FUTURE_FORMS.get(i) + "(publisher)"), error.getMessage());
            assertFalse(publisher.upstream().started(), "subscribed outside a body");
        }
    }

    @ParameterizedTest
    @EnumSource(Bridge.class)
    void cancellingTheBodyCancelsTheSubscriptionOnce(Bridge bridge) {
        for (BiFunction<Publisher<String>, String, String> await : bridge.awaits) {
            SignalPublisher<String> silent = new SignalPublisher<>();
            AtomicInteger cancelled = new AtomicInteger();
            JoinHandle<String> task = runtime.spawn(Async.run(() -> {
                try {
                    return await.apply(silent, "d");
                } catch (CancellationException e) {
                    cancelled.incrementAndGet();
                    throw e;
                }
            }));
            await().atMost(WAIT).until(() -> silent.upstream().started());
            task.abort();
            assertThrows(CancellationException.class, () -> runtime.blockOn(task));
            await().atMost(WAIT).until(() -> silent.upstream().cancellations() == 1);
            assertEquals(1, cancelled.get());
        }
    }
}
