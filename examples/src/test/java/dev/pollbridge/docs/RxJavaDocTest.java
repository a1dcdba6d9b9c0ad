package dev.pollbridge.docs;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.examples.rxjava.RxInventoryService;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.rxjava3.CompletableBridge;
import dev.pollbridge.rxjava3.FlowableBridge;
import dev.pollbridge.rxjava3.MaybeBridge;
import dev.pollbridge.rxjava3.ObservableBridge;
import dev.pollbridge.rxjava3.ObservableOverflow;
import dev.pollbridge.rxjava3.RxJavaBridge;
import dev.pollbridge.rxjava3.SingleBridge;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.exceptions.MissingBackpressureException;
import io.reactivex.rxjava3.subjects.PublishSubject;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The snippets of docs/rxjava.md, run against the examples' RxInventoryService. */
class RxJavaDocTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("doc-").build();
    private final RxInventoryService service = new RxInventoryService();

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void rxJavaToPollbridge() {
        // tag::rxjava-to-pollbridge[]
        PollFuture<String> summary = Futures.join(
                SingleBridge.toPollFuture(service.stock("apples")),         // Single -> future
                MaybeBridge.toPollFuture(service.discount("apples")),      // Maybe -> future, null when empty
                (stock, discount) -> stock + " left, discount " + discount);
        PollFuture<String> bounded = runtime.timeout(
                SingleBridge.toPollFuture(service.slowReport()), Duration.ofMillis(50)); // disposed on timeout
        PollStream<Long> prices = FlowableBridge.toPollStream(service.prices("apples")); // Flowable -> stream, prefetch 256
        // end::rxjava-to-pollbridge[]
        assertEquals("6 left, discount 10%", runtime.blockOn(summary));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> runtime.blockOn(bounded));
        assertInstanceOf(TimeoutException.class, timedOut.getCause());
        assertEquals(1, service.disposedCalls(), "the slow report was disposed");
        assertEquals(List.of(100L, 106L, 112L), runtime.blockOn(prices.take(3).collect(Collectors.toList())));
        await().atMost(WAIT).until(() -> service.disposedCalls() == 2); // the price Flowable was cancelled
    }

    @Test
    void observableWithAnOverflowStrategy() {
        PublishSubject<String> clicks = PublishSubject.create();
        // tag::observable-overflow[]
        PollStream<String> latestClick = ObservableBridge.toPollStream(clicks, ObservableOverflow.latest());
        PollStream<String> strict = ObservableBridge.toPollStream(clicks, ObservableOverflow.error(1_000)); // buffer 1,000, then fail
        // end::observable-overflow[]
        assertTrue(latestClick.pollNext(Context.of(() -> {})).isPending()); // the first poll subscribes
        assertTrue(strict.pollNext(Context.of(() -> {})).isPending());
        for (int i = 0; i < 1_002; i++) { // one for each waiting poll, then 1,001 more
            clicks.onNext("click " + i);
        }
        clicks.onComplete();
        assertEquals(List.of("click 0", "click 1001"), runtime.blockOn(latestClick.collect(Collectors.toList())),
                "the waiting poll gets the first click, then the latest (toFlowable(LATEST))");
        PollFuture<List<String>> strictItems = strict.collect(Collectors.toList());
        assertThrows(MissingBackpressureException.class, () -> runtime.blockOn(strictItems)); // unchecked: as it is
    }

    @Test
    void pollbridgeToRxJava() throws InterruptedException {
        // tag::pollbridge-to-rxjava[]
        Single<String> user = SingleBridge.toSingle(() -> Futures.lazy(() -> "ada"), runtime);   // a fresh future per subscription
        Maybe<String> maybe = MaybeBridge.toMaybe(() -> Futures.<String>ready(null), runtime); // null: empty
        Flowable<Integer> rows = FlowableBridge.toFlowable(() -> Streams.of(1, 2, 3), runtime);   // polled only on demand
        Observable<Integer> all = ObservableBridge.toObservable(() -> Streams.of(1, 2, 3), runtime); // polled as fast as taken
        JoinHandle<Integer> task = runtime.spawn(Futures.lazy(() -> 42));
        Completable done = CompletableBridge.toCompletable(task, runtime);                          // dispose detaches the task
        // end::pollbridge-to-rxjava[]
        user.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult("ada");
        user.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult("ada"); // subscribed again: a fresh future
        maybe.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult();
        TestSubscriber<Integer> twoRequested = rows.test(2);
        twoRequested.awaitCount(2).assertValues(1, 2).assertNotComplete(); // the third is not polled yet
        twoRequested.requestMore(2).awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS) // the end is polled on demand too
                .assertResult(1, 2, 3);
        all.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(1, 2, 3);
        done.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertComplete();

        CountDownLatch ranOn = new CountDownLatch(1);
        JoinHandle<Void> longTask = runtime.spawn(Async.run(() -> {
            Async.await(runtime.sleep(Duration.ofMillis(50)));
            ranOn.countDown();
            return null;
        }));
        CompletableBridge.toCompletable(longTask, runtime).test().dispose(); // detaches: the task runs on
        assertTrue(ranOn.await(WAIT.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void oneFutureAsASingle() {
        // tag::to-single-once[]
        Single<Integer> once = Futures.ready("ada").map(String::length).to(SingleBridge::toSingle); // one subscription
        Single<Integer> cold = SingleBridge.toSingle(() -> Futures.lazy(() -> 3));                // one future per subscription
        Flowable<Integer> rows = Streams.of(1, 2, 3).to(FlowableBridge::toFlowable);               // this stream, once
        // end::to-single-once[]
        once.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(3);
        once.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(error ->
                error instanceof IllegalStateException
                        && error.getMessage().contains("SingleBridge.toSingle(() -> buildTheFuture())"));
        cold.repeat(2).test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(3, 3);
        rows.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(1, 2, 3);
    }

    @Test
    void asyncBuilders() throws InterruptedException {
        CountDownLatch cleanedUp = new CountDownLatch(1);
        // tag::async-builders[]
        Flowable<Long> ticks = FlowableBridge.rxFlowable(emitter -> {               // kotlinx: rxFlowable { }
            try {
                for (long tick = 0; ; tick++) {
                    Async.await(runtime.sleep(Duration.ofMillis(10)));
                    emitter.emit(tick);                                        // waits for demand
                }
            } finally {
                cleanedUp.countDown();                                         // runs on cancel
            }
        }, runtime);
        List<Long> firstFive = ticks.take(5).toList().blockingGet();           // take cancels the body

        Single<String> greeting = SingleBridge.rxSingle(() -> {                   // kotlinx: rxSingle { }
            int stock = SingleBridge.await(service.stock("apples"));           // Single.await()
            String discount = MaybeBridge.await(service.discount("pears"));   // Maybe.awaitSingleOrNull()
            return stock + " apples, discount " + discount;
        }, runtime);
        // end::async-builders[]
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), firstFive);
        assertTrue(cleanedUp.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        greeting.test().awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult("6 apples, discount null");
        assertThrows(IllegalStateException.class, () -> SingleBridge.await(Single.just(1))); // outside a body
    }

    @Test
    void oneItemOfAStream() {
        // tag::one-item[]
        PollFuture<Long> opening = FlowableBridge.firstItem(service.prices("apples")); // a future; cancels after one
        PollFuture<String> line = Async.run(() -> {
            long first = FlowableBridge.awaitFirst(service.prices("pears"));        // kotlinx: flowable.awaitFirst()
            int last = ObservableBridge.awaitLast(Observable.range(1, 5));          // kotlinx: observable.awaitLast()
            String none = ObservableBridge.awaitFirstOrNull(Observable.<String>empty()); // awaitFirstOrNull()
            return first + ", " + last + ", " + none;
        });
        // end::one-item[]
        assertEquals(100L, runtime.blockOn(opening));
        assertEquals("100, 5, null", runtime.blockOn(line));
        await().atMost(WAIT).until(() -> service.disposedCalls() == 2); // both price Flowables were cancelled
        assertThrows(IllegalStateException.class, () -> FlowableBridge.awaitFirst(service.prices("plums"))); // outside a body
    }

    private String render(int row) {
        return "row " + row + " on " + Thread.currentThread().getName();
    }

    @Test
    void theRuntimeAsAScheduler() {
        // tag::scheduler[]
        Scheduler scheduler = RxJavaBridge.scheduler(runtime);
        List<String> rendered = Flowable.range(1, 100).observeOn(scheduler)     // runs on runtime workers
                .map(this::render).toList().blockingGet();
        Long tick = Observable.timer(10, TimeUnit.MILLISECONDS, scheduler)      // the runtime's timer
                .blockingFirst();
        List<Integer> delayed = Observable.range(1, 100)                        // one worker: in order
                .delay(10, TimeUnit.MILLISECONDS, scheduler).toList().blockingGet();
        // end::scheduler[]
        scheduler.shutdown();
        assertEquals(100, rendered.size());
        assertTrue(rendered.stream().allMatch(row -> row.contains(" on doc-worker-")), rendered.get(0));
        assertEquals(0L, tick);
        assertEquals(Flowable.range(1, 100).toList().blockingGet(), delayed);
    }
}
