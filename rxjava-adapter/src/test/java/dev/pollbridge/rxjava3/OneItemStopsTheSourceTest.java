package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.FlowAdapters;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;

/**
 * The one-item futures stop their source as soon as they have what they need, as kotlinx's
 * {@code awaitFirst} and {@code awaitSingle} do: {@code firstItem} at the first item, {@code singleItem}
 * at the second, also when the source is synchronous and emits everything inside
 * {@code subscribe} (the poll that subscribes must not wait for a source that never ends).
 *
 * <p>Issue 24, item 7: {@code first(Observable.range(1, 200_000))} (now {@code ObservableBridge.firstItem}) emitted all 200,000 items
 * before it returned, and an endless {@code Observable.generate} hung the poller for good. The
 * {@code Flowable}, Reactor, Reactive Streams and {@code Flow} forms are checked for the same
 * shape of defect (they request one or two items, so a well-behaved source stops by itself).
 */
class OneItemStopsTheSourceTest extends OnRuntime {

    private static final int ITEMS = 200_000;
    /** A source that never ends on its own still stops once the test is over (a hang on a broken build). */
    private final AtomicBoolean testOver = new AtomicBoolean();

    OneItemStopsTheSourceTest() {
        super(1, "one-item-stops-");
    }

    @AfterEach
    void endTheSources() {
        testOver.set(true);
    }

    private <T> T get(PollFuture<T> future) {
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> runtime.blockOn(future),
                "the poll that subscribed must return");
    }

    /** An Observable of 1..ITEMS that counts what it emitted. */
    private static Observable<Integer> countedObservable(AtomicInteger emitted) {
        return Observable.range(1, ITEMS).doOnNext(item -> emitted.incrementAndGet());
    }

    private Observable<Integer> endlessObservable() {
        return Observable.generate(() -> 0, (state, emitter) -> {
            if (testOver.get()) {
                emitter.onComplete();
            } else {
                emitter.onNext(state);
            }
            return state + 1;
        });
    }

    private Flowable<Integer> endlessFlowable() {
        return Flowable.generate(() -> 0, (state, emitter) -> {
            if (testOver.get()) {
                emitter.onComplete();
            } else {
                emitter.onNext(state);
            }
            return state + 1;
        });
    }

    @Test
    void observableFirstDisposesTheSourceAtTheFirstItem() {
        AtomicInteger emitted = new AtomicInteger();
        assertEquals(1, get(ObservableBridge.firstItem(countedObservable(emitted))));
        assertEquals(1, emitted.get(), "items the Observable emitted");

        emitted.set(0);
        assertEquals(1, get(ObservableBridge.firstItemOrNull(countedObservable(emitted))));
        assertEquals(1, emitted.get(), "firstOrNull: items the Observable emitted");

        emitted.set(0);
        assertEquals(1, get(ObservableBridge.firstItemOrDefault(countedObservable(emitted), -1)));
        assertEquals(1, emitted.get(), "firstOrDefault: items the Observable emitted");
        rxErrors.assertNone();
    }

    @Test
    void observableSingleDisposesTheSourceAtTheSecondItem() {
        AtomicInteger emitted = new AtomicInteger();
        assertThrows(IllegalArgumentException.class, () -> get(ObservableBridge.singleItem(countedObservable(emitted))));
        assertEquals(2, emitted.get(), "items the Observable emitted");

        emitted.set(0);
        assertThrows(IllegalArgumentException.class, () -> get(ObservableBridge.singleItemOrNull(countedObservable(emitted))));
        assertEquals(2, emitted.get(), "singleOrNull: items the Observable emitted");
        rxErrors.assertNone();
    }

    @Test
    void anEndlessSynchronousObservableDoesNotHangThePoller() {
        assertEquals(0, get(ObservableBridge.firstItem(endlessObservable())));
        assertEquals(0, get(ObservableBridge.firstItemOrDefault(endlessObservable(), -1)));
        assertThrows(IllegalArgumentException.class, () -> get(ObservableBridge.singleItem(endlessObservable())));
        rxErrors.assertNone();
    }

    /** The same checks for every form that reads a publisher with backpressure. */
    private void checkPublisherForm(String form, Function<Publisher<Integer>, PollFuture<Integer>> first,
            Function<Publisher<Integer>, PollFuture<Integer>> single) {
        AtomicInteger emitted = new AtomicInteger();
        Flowable<Integer> counted = Flowable.range(1, ITEMS).doOnNext(item -> emitted.incrementAndGet());
        assertEquals(1, get(first.apply(counted)), form);
        assertEquals(1, emitted.get(), form + " first: items emitted");
        emitted.set(0);
        assertThrows(IllegalArgumentException.class, () -> get(single.apply(counted)), form);
        assertEquals(2, emitted.get(), form + " single: items emitted");
        assertEquals(0, get(first.apply(endlessFlowable())), form + " first of an endless source");
        assertThrows(IllegalArgumentException.class, () -> get(single.apply(endlessFlowable())),
                form + " single of an endless source");
    }

    @Test
    void theFlowableReactorReactiveStreamsAndFlowFormsStopTheirSourceToo() {
        checkPublisherForm("Flowable", p -> FlowableBridge.firstItem(Flowable.fromPublisher(p)),
                p -> FlowableBridge.singleItem(Flowable.fromPublisher(p)));
        checkPublisherForm("Reactor", p -> FluxBridge.firstItem(Flux.from(p)), p -> FluxBridge.singleItem(Flux.from(p)));
        checkPublisherForm("ReactiveStreams", ReactiveStreamsBridge::firstItem, ReactiveStreamsBridge::singleItem);
        checkPublisherForm("Flow", p -> FlowBridge.firstItem(FlowAdapters.toFlowPublisher(p)),
                p -> FlowBridge.singleItem(FlowAdapters.toFlowPublisher(p)));
        rxErrors.assertNone();
    }

    /**
     * A source that ignores backpressure ({@code Flowable.interval}) must be cancelled inside the
     * {@code onNext} of the first item, as RxJava's {@code firstElement()} and Reactor's
     * {@code next()} do: the await requested one item, and a second tick before the poller takes
     * the first made {@code interval} signal a {@code MissingBackpressureException}, which the
     * close behind the item reported ({@code RxJavaPlugins.onError} for the Flowable form).
     * Deterministic: the ticks come from a {@code TestScheduler}, two in a row, between two polls.
     */
    private void checkFirstCancelsAtTheFirstItem(String form, Function<Flowable<Long>, PollFuture<Long>> first) {
        TestScheduler clock = new TestScheduler();
        AtomicInteger cancels = new AtomicInteger();
        Flowable<Long> ticks = Flowable.interval(1, TimeUnit.MILLISECONDS, clock).doOnCancel(cancels::incrementAndGet);
        MockTask<Long> task = MockTask.spawn(first.apply(ticks));
        assertTrue(task.poll().isPending(), form + ": subscribed, no tick yet");
        clock.advanceTimeBy(5, TimeUnit.MILLISECONDS); // five ticks due; only the first was requested
        assertEquals(1, cancels.get(), form + ": the source was cancelled at the first item");
        Poll<Long> item = task.poll();
        assertTrue(item.isReady(), form + ": " + item);
        assertEquals(0L, item.value(), form);
        assertEquals(1, cancels.get(), form + ": cancelled exactly once");
    }

    @Test
    void firstCancelsASourceThatIgnoresBackpressureAtTheFirstItem() {
        List<Throwable> dropped = new CopyOnWriteArrayList<>();
        Hooks.onErrorDropped(dropped::add);
        try {
            checkFirstCancelsAtTheFirstItem("Flowable", FlowableBridge::firstItem);
            checkFirstCancelsAtTheFirstItem("Flowable OrNull", FlowableBridge::firstItemOrNull);
            checkFirstCancelsAtTheFirstItem("Flowable OrDefault", f -> FlowableBridge.firstItemOrDefault(f, -1L));
            checkFirstCancelsAtTheFirstItem("Reactor", f -> FluxBridge.firstItem(Flux.from(f)));
            checkFirstCancelsAtTheFirstItem("ReactiveStreams", ReactiveStreamsBridge::firstItem);
            checkFirstCancelsAtTheFirstItem("Flow", f -> FlowBridge.firstItem(FlowAdapters.toFlowPublisher(f)));
        } finally {
            Hooks.resetOnErrorDropped();
        }
        rxErrors.assertNone();
        assertEquals(List.of(), dropped, "nothing reaches Hooks.onErrorDropped");
    }

    /** The report as it came: a real 1 ms interval, bounded in rounds and time. */
    @Test
    void firstOfARealIntervalReportsNoMissingBackpressure() {
        long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        for (int round = 0; round < 200 && System.nanoTime() - deadline < 0; round++) {
            assertEquals(0L, get(FlowableBridge.firstItem(Flowable.interval(1, TimeUnit.MILLISECONDS))));
            rxErrors.assertNone();
        }
    }
}
