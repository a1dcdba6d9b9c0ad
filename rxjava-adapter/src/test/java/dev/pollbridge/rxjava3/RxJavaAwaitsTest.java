package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.processors.PublishProcessor;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.PublishSubject;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * One item of a {@code Flowable} or an {@code Observable}, as a future ({@link FlowableBridge#firstItem}
 * ... {@link ObservableBridge#singleItemOrNull}) and awaited inside a body (kotlinx-coroutines-rx3's
 * {@code awaitFirst}, {@code awaitFirstOrNull}, {@code awaitFirstOrDefault}, {@code awaitLast},
 * {@code awaitSingle}, plus {@code awaitLastOrNull} and {@code awaitSingleOrNull}): our
 * own port of the cases of kotlinx's integration tests (empty, one, many, error, cancel), against
 * {@code rxFlowable(body)} sources with and without a delay and RxJava's own sources.
 */
class RxJavaAwaitsTest extends OnRuntime {

    RxJavaAwaitsTest() {
        super(2, "rx-awaits-");
    }

    private <T> T get(PollFuture<T> future) {
        return runtime.blockOn(runtime.timeout(future, WAIT));
    }

    private <T> Flowable<T> publish(boolean delay, List<T> items) {
        return FlowableBridge.rxFlowable(emitter -> {
            for (T item : items) {
                if (delay) {
                    Async.await(runtime.sleep(Duration.ofMillis(1)));
                }
                emitter.emit(item);
            }
        }, runtime);
    }

    /** The seven forms over a Flowable and, through {@code toObservable}, over an Observable. */
    private <T> void checkAll(Flowable<T> flowable, Expectations<T> expected) {
        List<Function<Flowable<T>, PollFuture<T>>> flowableForms = List.of(FlowableBridge::firstItem,
                FlowableBridge::firstItemOrNull, f -> FlowableBridge.firstItemOrDefault(f, expected.defaultValue),
                FlowableBridge::lastItem, FlowableBridge::lastItemOrNull, FlowableBridge::singleItem, FlowableBridge::singleItemOrNull);
        expected.check(this, "Flowable", flowableForms, flowable);
        List<Function<Observable<T>, PollFuture<T>>> observableForms = List.of(ObservableBridge::firstItem,
                ObservableBridge::firstItemOrNull, o -> ObservableBridge.firstItemOrDefault(o, expected.defaultValue),
                ObservableBridge::lastItem, ObservableBridge::lastItemOrNull, ObservableBridge::singleItem, ObservableBridge::singleItemOrNull);
        expected.check(this, "Observable", observableForms, flowable.toObservable());
        expected.check(this, "Flowable await", flowableAwaits(expected.defaultValue), flowable);
        expected.check(this, "Observable await", observableAwaits(expected.defaultValue), flowable.toObservable());
    }

    /** The seven awaits over a Flowable, each inside an {@code Async.run} body. */
    private static <T> List<Function<Flowable<T>, PollFuture<T>>> flowableAwaits(T defaultValue) {
        return List.of(f -> Async.run(() -> FlowableBridge.awaitFirst(f)),
                f -> Async.run(() -> FlowableBridge.awaitFirstOrNull(f)),
                f -> Async.run(() -> FlowableBridge.awaitFirstOrDefault(f, defaultValue)),
                f -> Async.run(() -> FlowableBridge.awaitLast(f)),
                f -> Async.run(() -> FlowableBridge.awaitLastOrNull(f)),
                f -> Async.run(() -> FlowableBridge.awaitSingle(f)),
                f -> Async.run(() -> FlowableBridge.awaitSingleOrNull(f)));
    }

    /** The seven awaits over an Observable, each inside an {@code Async.run} body. */
    private static <T> List<Function<Observable<T>, PollFuture<T>>> observableAwaits(T defaultValue) {
        return List.of(o -> Async.run(() -> ObservableBridge.awaitFirst(o)),
                o -> Async.run(() -> ObservableBridge.awaitFirstOrNull(o)),
                o -> Async.run(() -> ObservableBridge.awaitFirstOrDefault(o, defaultValue)),
                o -> Async.run(() -> ObservableBridge.awaitLast(o)),
                o -> Async.run(() -> ObservableBridge.awaitLastOrNull(o)),
                o -> Async.run(() -> ObservableBridge.awaitSingle(o)),
                o -> Async.run(() -> ObservableBridge.awaitSingleOrNull(o)));
    }

    @ParameterizedTest(name = "delay={0}")
    @ValueSource(booleans = {false, true})
    void empty(boolean delay) {
        checkAll(publish(delay, List.<String>of()), new Expectations<String>("OK")
                .first(NoSuchElementException.class).firstOrNull(null).firstOrDefault("OK")
                .last(NoSuchElementException.class).lastOrNull(null)
                .single(NoSuchElementException.class).singleOrNull(null));
    }

    @ParameterizedTest(name = "delay={0}")
    @ValueSource(booleans = {false, true})
    void one(boolean delay) {
        checkAll(publish(delay, List.of("OK")), new Expectations<String>("!")
                .first("OK").firstOrNull("OK").firstOrDefault("OK").last("OK").lastOrNull("OK")
                .single("OK").singleOrNull("OK"));
    }

    @ParameterizedTest(name = "delay={0}")
    @ValueSource(booleans = {false, true})
    void many(boolean delay) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            numbers.add(i);
        }
        checkAll(publish(delay, numbers), new Expectations<Integer>(0)
                .first(1).firstOrNull(1).firstOrDefault(1).last(100).lastOrNull(100)
                .single(IllegalArgumentException.class).singleOrNull(IllegalArgumentException.class));
        assertEquals(100_000, get(FlowableBridge.lastItem(Flowable.range(1, 100_000))));
        assertEquals(100_000, get(ObservableBridge.lastItem(Observable.range(1, 100_000))),
                "an Observable faster than its poller: the latest item is kept");
        assertEquals(1, get(ObservableBridge.firstItem(Observable.range(1, 100_000))));
        assertThrows(IllegalArgumentException.class, () -> get(ObservableBridge.singleItem(Observable.range(1, 100_000))));
    }

    @Test
    void anErrorIsTheFailureOfEveryForm() {
        IllegalStateException boom = new IllegalStateException("boom");
        checkAll(Flowable.<String>error(boom), new Expectations<String>("d")
                .first(boom).firstOrNull(boom).firstOrDefault(boom).last(boom).lastOrNull(boom)
                .single(boom).singleOrNull(boom));
        checkAll(Flowable.concat(Flowable.just("a"), Flowable.<String>error(boom)), new Expectations<String>("d")
                .first("a").firstOrNull("a").firstOrDefault("a").last(boom).lastOrNull(boom)
                .single(boom).singleOrNull(boom));
    }

    @Test
    void firstCancelsAfterTheFirstItemAndSingleOnTheSecond() {
        PublishProcessor<String> flowable = PublishProcessor.create();
        JoinHandle<String> first = runtime.spawn(FlowableBridge.firstItem(flowable));
        await().atMost(WAIT).until(flowable::hasSubscribers);
        flowable.onNext("a");
        assertEquals("a", runtime.blockOn(first));
        await().atMost(WAIT).until(() -> !flowable.hasSubscribers());

        PublishSubject<String> observable = PublishSubject.create();
        JoinHandle<String> single = runtime.spawn(ObservableBridge.singleItem(observable));
        await().atMost(WAIT).until(observable::hasObservers);
        observable.onNext("x");
        observable.onNext("y");
        assertThrows(IllegalArgumentException.class, () -> runtime.blockOn(single));
        await().atMost(WAIT).until(() -> !observable.hasObservers());
    }

    /** kotlinx AwaitTest.testAwaitCancellation, for both source types, the futures and the awaits. */
    @Test
    void cancellingTheAwaitingTaskDisposesTheSource() {
        List<Function<? super PublishProcessor<String>, PollFuture<String>>> flowableForms = new ArrayList<>(List.of(
                FlowableBridge::firstItem, FlowableBridge::firstItemOrNull, f -> FlowableBridge.firstItemOrDefault(f, "d"),
                FlowableBridge::lastItem, FlowableBridge::lastItemOrNull, FlowableBridge::singleItem, FlowableBridge::singleItemOrNull));
        flowableForms.addAll(RxJavaAwaitsTest.<String>flowableAwaits("d"));
        for (Function<? super PublishProcessor<String>, PollFuture<String>> form : flowableForms) {
            PublishProcessor<String> source = PublishProcessor.create();
            JoinHandle<String> handle = runtime.spawn(form.apply(source));
            await().atMost(WAIT).until(source::hasSubscribers);
            handle.abort();
            assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
            await().atMost(WAIT).until(() -> !source.hasSubscribers());
        }
        List<Function<? super PublishSubject<String>, PollFuture<String>>> observableForms = new ArrayList<>(List.of(
                ObservableBridge::firstItem, ObservableBridge::firstItemOrNull, o -> ObservableBridge.firstItemOrDefault(o, "d"),
                ObservableBridge::lastItem, ObservableBridge::lastItemOrNull, ObservableBridge::singleItem, ObservableBridge::singleItemOrNull));
        observableForms.addAll(RxJavaAwaitsTest.<String>observableAwaits("d"));
        for (Function<? super PublishSubject<String>, PollFuture<String>> form : observableForms) {
            PublishSubject<String> source = PublishSubject.create();
            JoinHandle<String> handle = runtime.spawn(form.apply(source));
            await().atMost(WAIT).until(source::hasObservers);
            handle.abort();
            assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
            await().atMost(WAIT).until(() -> !source.hasObservers());
        }
        rxErrors.assertNone();
    }

    /** Outside a body an await refuses at once, names itself and the future form, and subscribes nothing. */
    @Test
    void anAwaitOutsideABodyFailsAndSubscribesNothing() {
        PublishProcessor<String> flowable = PublishProcessor.create();
        PublishSubject<String> observable = PublishSubject.create();
        List<Runnable> calls = List.of(() -> FlowableBridge.awaitFirst(flowable),
                () -> FlowableBridge.awaitFirstOrNull(flowable), () -> FlowableBridge.awaitFirstOrDefault(flowable, "d"),
                () -> FlowableBridge.awaitLast(flowable), () -> FlowableBridge.awaitLastOrNull(flowable),
                () -> FlowableBridge.awaitSingle(flowable), () -> FlowableBridge.awaitSingleOrNull(flowable),
                () -> ObservableBridge.awaitFirst(observable), () -> ObservableBridge.awaitFirstOrNull(observable),
                () -> ObservableBridge.awaitFirstOrDefault(observable, "d"), () -> ObservableBridge.awaitLast(observable),
                () -> ObservableBridge.awaitLastOrNull(observable), () -> ObservableBridge.awaitSingle(observable),
                () -> ObservableBridge.awaitSingleOrNull(observable));
        for (Runnable call : calls) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, call::run);
            assertTrue(refused.getMessage().contains("only works inside an Async body"), refused.getMessage());
            assertTrue(refused.getMessage().matches("(Flowable|Observable)Bridge\\.await\\w+\\((Flowable|Observable)\\).*"
                    + "elsewhere use (Flowable|Observable)Bridge\\.\\w+Item\\w* with PollRuntime\\.blockOn.*"), refused.getMessage());
        }
        assertTrue(!flowable.hasSubscribers() && !observable.hasObservers(), "nothing subscribed");
        assertThrows(NullPointerException.class, () -> FlowableBridge.awaitFirst(null));
        assertThrows(NullPointerException.class, () -> ObservableBridge.awaitLast(null));
    }

    /** The awaits inside RxJava's own types: an rxSingle body and an rxFlowable body, watched by TestObserver and TestSubscriber. */
    @Test
    void awaitsInsideRxBuilders() {
        TestObserver<String> observer = SingleBridge.rxSingle(() -> {
            long first = FlowableBridge.awaitFirst(Flowable.rangeLong(0, Long.MAX_VALUE).subscribeOn(Schedulers.computation()));
            int last = ObservableBridge.awaitLast(Observable.range(1, 10).delay(1, TimeUnit.MILLISECONDS));
            String only = FlowableBridge.awaitSingleOrNull(Flowable.<String>empty());
            return first + "," + last + "," + only;
        }, runtime).test();
        observer.awaitDone(WAIT.toMillis(), TimeUnit.MILLISECONDS).assertValue("0,10,null").assertComplete();

        TestSubscriber<Integer> subscriber = FlowableBridge.<Integer>rxFlowable(emitter -> {
            emitter.emit(ObservableBridge.awaitFirstOrDefault(Observable.<Integer>empty(), 7));
            emitter.emit(FlowableBridge.awaitLastOrNull(Flowable.range(1, 1_000)));
            emitter.emit(ObservableBridge.awaitSingle(Observable.just(3)));
        }, runtime).test();
        subscriber.awaitDone(WAIT.toMillis(), TimeUnit.MILLISECONDS).assertValues(7, 1_000, 3).assertComplete();

        TestObserver<Integer> failed = SingleBridge.rxSingle(() -> ObservableBridge.awaitSingle(Observable.just(1, 2)), runtime)
                .test();
        failed.awaitDone(WAIT.toMillis(), TimeUnit.MILLISECONDS).assertError(IllegalArgumentException.class);

        PublishProcessor<Integer> never = PublishProcessor.create();
        TestObserver<Integer> disposed = SingleBridge.rxSingle(() -> FlowableBridge.awaitFirst(never), runtime).test();
        await().atMost(WAIT).until(never::hasSubscribers);
        disposed.dispose();
        await().atMost(WAIT).until(() -> !never.hasSubscribers());
        disposed.assertNotComplete().assertNoErrors();
        rxErrors.assertNone();
    }

    @Test
    void itemsAnAwaitDropsAreReleased() {
        List<Resource> resources = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            resources.add(new Resource());
        }
        Resource last = get(ObservableBridge.lastItem(Observable.fromIterable(resources)));
        assertSame(resources.get(4), last);
        for (int i = 0; i < 4; i++) {
            assertEquals(1, resources.get(i).closes.get(), "passed over: released");
        }
        assertEquals(0, last.closes.get());
        AtomicInteger none = new AtomicInteger();
        assertNull(get(FlowableBridge.firstItemOrNull(Flowable.<Resource>empty().doOnNext(r -> none.incrementAndGet()))));
    }

    /** What each form should give: a value, or an exception (a type or an instance). */
    private static final class Expectations<T> {
        final T defaultValue;
        private final Object[] outcomes = new Object[7];

        Expectations(T defaultValue) {
            this.defaultValue = defaultValue;
        }

        Expectations<T> first(Object outcome) {
            outcomes[0] = outcome;
            return this;
        }

        Expectations<T> firstOrNull(Object outcome) {
            outcomes[1] = outcome;
            return this;
        }

        Expectations<T> firstOrDefault(Object outcome) {
            outcomes[2] = outcome;
            return this;
        }

        Expectations<T> last(Object outcome) {
            outcomes[3] = outcome;
            return this;
        }

        Expectations<T> lastOrNull(Object outcome) {
            outcomes[4] = outcome;
            return this;
        }

        Expectations<T> single(Object outcome) {
            outcomes[5] = outcome;
            return this;
        }

        Expectations<T> singleOrNull(Object outcome) {
            outcomes[6] = outcome;
            return this;
        }

        <S> void check(RxJavaAwaitsTest test, String kind, List<Function<S, PollFuture<T>>> forms, S source) {
            String[] names = {"first", "firstOrNull", "firstOrDefault", "last", "lastOrNull", "single", "singleOrNull"};
            for (int i = 0; i < 7; i++) {
                Function<S, PollFuture<T>> form = forms.get(i);
                Object expected = outcomes[i];
                String label = kind + "." + names[i];
                if (expected instanceof Class && Throwable.class.isAssignableFrom((Class<?>) expected)) {
                    @SuppressWarnings("unchecked")
                    Class<? extends Throwable> type = (Class<? extends Throwable>) expected;
                    assertThrows(type, () -> test.get(form.apply(source)), label);
                } else if (expected instanceof Throwable) {
                    Throwable thrown = assertThrows(Throwable.class, () -> test.get(form.apply(source)), label);
                    assertSame(expected, thrown, label);
                } else {
                    assertEquals(expected, test.get(form.apply(source)), label);
                }
            }
        }
    }

    /** An item that holds a resource. */
    private static final class Resource implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }
}
